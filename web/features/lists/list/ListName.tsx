import { useRef, useState } from 'react';
import { LIST_NAME_MAX_LENGTH } from '../../../../common/constants.ts';
import ui from '../../../ui/ui.module.css';
import { useFocusAfterEditing } from '../../../ui/useFocusAfterEditing.ts';
import { useFocusOnArrival } from '../../../ui/useFocusOnArrival.ts';
import styles from './ListScreen.module.css';

/** The list's name; tapping it edits in place. Empty or unchanged text just closes the editor. */
export function ListName({ name, editable, onRename }: { name: string; editable: boolean; onRename: (name: string, startedFrom: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  // The name when the editor opened: the server refuses the rename if someone changed it since.
  const startedFrom = useRef(name);
  const { button, closedFromKeyboard } = useFocusAfterEditing(draft !== null);
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  // The right to rename went while the editor was open (a lowered permission): the editor goes too.
  if (!editable && draft !== null) setDraft(null);

  if (draft === null) {
    return editable ? (
      <h1 ref={heading} tabIndex={-1} className={styles.name}>
        <button ref={button} type="button" className={styles.nameButton} dir="auto" onClick={() => {
            startedFrom.current = name;
            setDraft(name);
          }} aria-label={`${name}, rename list`}>
          {name}
        </button>
      </h1>
    ) : (
      // Two lines at most in the sticky header: the dashboard's card shows the whole name.
      <h1 ref={heading} tabIndex={-1} className={`${styles.name} ${styles.nameReadOnly}`} dir="auto" title={name}>
        {name}
      </h1>
    );
  }

  const finish = (save: boolean) => {
    const next = draft.trim();
    // The name it opened with just closes it: a rename made elsewhere meanwhile is not undone.
    if (save && next && next !== startedFrom.current) onRename(next, startedFrom.current);
    setDraft(null);
  };
  return (
    <form
      className={styles.nameForm}
      onSubmit={(event) => {
        event.preventDefault();
        closedFromKeyboard();
        finish(true);
      }}
    >
      <input
        name="listName"
        className={`${ui.inlineInput} ${styles.nameInput}`}
        aria-label="List name"
        dir="auto"
        maxLength={LIST_NAME_MAX_LENGTH}
        value={draft}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => finish(true)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          closedFromKeyboard();
          finish(false);
        }}
      />
    </form>
  );
}
