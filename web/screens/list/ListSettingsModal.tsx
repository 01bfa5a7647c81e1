import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AI_PROVIDERS, AI_PROVIDER_STORAGE_PREFIX, CUSTOM_PROMPT_MAX_LENGTH } from '../../../common/constants.ts';
import { SERVER_MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import { FormMessage } from '../../components/FormMessage.tsx';
import { Modal } from '../../components/Modal.tsx';
import modal from '../../components/Modal.module.css';
import ui from '../../components/ui.module.css';
import { messageOf } from '../../components/errors.ts';
import { storedAiProvider } from '../../state/ai-actions.ts';
import type { ClientList } from '../../state/app-state.ts';
import { setCustomPromptsAction } from '../../state/list-actions.ts';
import { notify } from '../../state/toasts.ts';
import { AiActivity } from './AiActivity.tsx';
import { RunCustomPromptsButton } from './RunCustomPromptsButton.tsx';
import styles from './ListSettingsModal.module.css';
import { localStore } from '../../state/local-storage.ts';

interface ListSettingsModalProps {
  list: ClientList;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShare: () => void;
}

/** List Settings (spec section 2): AI provider per list, custom prompts, and the way to Share List. */
export function ListSettingsModal({ list, open, onOpenChange, onShare }: ListSettingsModalProps) {
  const storageKey = AI_PROVIDER_STORAGE_PREFIX + list.id;
  const [provider, setProvider] = useState<string>(() => storedAiProvider(list.id));
  const [prompt, setPrompt] = useState('');
  const [error, setError] = useState<string | null>(null);

  function chooseProvider(value: string) {
    setProvider(value);
    localStore.setItem(storageKey, value);
  }

  async function savePrompts(prompts: string[]) {
    try {
      await setCustomPromptsAction(list.id, prompts);
    } catch (failure) {
      notify(UI_TEXT.customPromptsFailed + messageOf(failure, ''), 'error');
    }
  }

  function addPrompt(event: FormEvent) {
    event.preventDefault();
    const text = prompt.trim();
    if (!text) return setError(SERVER_MESSAGES.customPromptBlank);
    setError(null);
    setPrompt('');
    void savePrompts([...list.custom_prompts, text]);
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="List Settings">
      <fieldset className={styles.providers}>
        <legend className={modal.sectionTitle}>AI provider</legend>
        {AI_PROVIDERS.map((option) => (
          <label key={option.value} className={styles.provider}>
            <input type="radio" name="ai-provider" checked={provider === option.value} onChange={() => chooseProvider(option.value)} />
            {option.label}
          </label>
        ))}
      </fieldset>
      <section className={modal.section} aria-labelledby="prompts-title">
        <h3 id="prompts-title" className={modal.sectionTitle}>
          Custom prompts
        </h3>
        {list.custom_prompts.length > 0 && (
          <ul className={styles.prompts}>
            {list.custom_prompts.map((text, index) => (
              <li key={`${index}-${text}`} className={styles.prompt}>
                <span dir="auto">{text}</span>
                <button
                  type="button"
                  className={ui.iconButton}
                  aria-label={`Remove prompt: ${text}`}
                  onClick={() => void savePrompts(list.custom_prompts.filter((_, at) => at !== index))}
                >
                  <X size={18} aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <form className={styles.addPrompt} onSubmit={addPrompt} noValidate>
          <input
            name="prompt"
            className={`${ui.input} ${styles.promptInput}`}
            aria-label="New custom prompt"
            dir="auto"
            maxLength={CUSTOM_PROMPT_MAX_LENGTH}
            placeholder="e.g. Group by aisle"
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
          />
          <button type="submit" className={ui.secondary}>
            Add
          </button>
        </form>
        <FormMessage error={error} />
        <RunCustomPromptsButton list={list} />
        {/* The dialog hides the list screen's indicator from screen readers: this one is heard. */}
        <AiActivity listId={list.id} />
      </section>
      <section className={modal.section} aria-label="Sharing">
        <button type="button" className={ui.secondary} onClick={onShare}>
          Share List…
        </button>
      </section>
    </Modal>
  );
}
