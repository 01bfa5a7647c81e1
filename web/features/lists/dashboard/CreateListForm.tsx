import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LIST_NAME_MAX_LENGTH } from '../../../../common/constants.ts';
import { UI_TEXT } from '../../../../common/messages.ts';
import ui from '../../../ui/ui.module.css';
import { createListAction } from '../list-actions.ts';
import styles from './CreateListForm.module.css';

/** The new-list field, by its name: where the focus goes when the last card it could go to is deleted. */
export const NEW_LIST_INPUT_NAME = 'listName';

/** The dashboard's create-list form; an empty name creates nothing. */
export function CreateListForm() {
  const [name, setName] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    void createListAction(name);
    setName('');
  }

  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <input
        name={NEW_LIST_INPUT_NAME}
        className={`${ui.input} ${styles.input}`}
        aria-label="New list name"
        dir="auto"
        maxLength={LIST_NAME_MAX_LENGTH}
        placeholder={UI_TEXT.createListPlaceholder}
        value={name}
        onChange={(event) => setName(event.target.value)}
        enterKeyHint="done"
      />
      <button type="submit" className={`${ui.primary} ${styles.button}`} aria-label="Create list">
        <Plus size={20} aria-hidden />
      </button>
    </form>
  );
}
