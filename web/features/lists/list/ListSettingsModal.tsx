import { X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AI_PROVIDERS, AI_PROVIDER_STORAGE_PREFIX, CUSTOM_PROMPT_MAX_LENGTH } from '../../../../common/constants.ts';
import { SERVER_MESSAGES, UI_TEXT } from '../../../../common/messages.ts';
import { FormMessage } from '../../../ui/FormMessage.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import modal from '../../../ui/Modal.module.css';
import ui from '../../../ui/ui.module.css';
import { messageOf } from '../../../core/net/errors.ts';
import { AI_TEXT } from '../../../../common/ai-ui.ts';
import { storedAiProvider, useAiInfo, AiActivity, RunCustomPromptsButton } from '../../ai/index.ts';
import type { ClientList } from '../../../core/store/app-state.ts';
import { setCustomPromptsAction } from '../list-actions.ts';
import { StoreOrderSection } from './StoreOrderSection.tsx';
import styles from './ListSettingsModal.module.css';
import { localStore } from '../../../core/store/local-storage.ts';
import { ListMuteSwitch } from '../../notifications/index.ts';

interface ListSettingsModalProps {
  list: ClientList;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShare: () => void;
}

/** List Settings: AI provider per list, custom prompts, the store order, and the way to Share List. */
export function ListSettingsModal({ list, open, onOpenChange, onShare }: ListSettingsModalProps) {
  const storageKey = AI_PROVIDER_STORAGE_PREFIX + list.id;
  const [provider, setProvider] = useState<string>(() => storedAiProvider(list.id));
  const ai = useAiInfo();
  const [prompt, setPrompt] = useState('');
  const [error, setError] = useState<string | null>(null);

  function chooseProvider(value: string) {
    setProvider(value);
    localStore.setItem(storageKey, value);
  }

  const promptList = useRef<HTMLUListElement>(null);
  const promptInput = useRef<HTMLInputElement>(null);

  /** Saves the prompts; a refusal is said in the dialog, where the keyboard is. Answers whether they were saved. */
  async function savePrompts(prompts: string[]): Promise<boolean> {
    setError(null);
    try {
      await setCustomPromptsAction(list.id, prompts);
      return true;
    } catch (failure) {
      setError(UI_TEXT.customPromptsFailed + messageOf(failure, ''));
      return false;
    }
  }

  async function addPrompt(event: FormEvent) {
    event.preventDefault();
    const text = prompt.trim();
    if (!text) return setError(SERVER_MESSAGES.customPromptBlank);
    setPrompt('');
    // A refused prompt comes back to the input, to shorten or keep (unless something was typed since).
    if (!(await savePrompts([...list.custom_prompts, text]))) setPrompt((typed) => typed || text);
  }

  // A removed prompt's button held the focus: once the list is drawn without it, the focus goes to
  // the prompt now in its place (or the last one), or to the input when none is left.
  const refocusAt = useRef<number | null>(null);
  useEffect(() => {
    const index = refocusAt.current;
    if (index === null) return;
    refocusAt.current = null;
    const buttons = [...(promptList.current?.querySelectorAll<HTMLElement>('button') ?? [])];
    (buttons[Math.min(index, buttons.length - 1)] ?? promptInput.current)?.focus();
  }, [list.custom_prompts]);

  async function removePrompt(index: number) {
    refocusAt.current = index;
    // Refused, the prompt stays, and so does the focus on its button.
    if (!(await savePrompts(list.custom_prompts.filter((_, at) => at !== index)))) refocusAt.current = null;
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="List Settings">
      <ListMuteSwitch list={list} />
      {/* A choice only where it picks between two models (a cloud model's tiers), never a dead one. */}
      {ai?.model_choice && (
        <fieldset className={styles.providers}>
          <legend className={modal.sectionTitle}>AI provider</legend>
          {AI_PROVIDERS.map((option) => (
            <label key={option.value} className={styles.provider}>
              <input type="radio" name="ai-provider" checked={provider === option.value} onChange={() => chooseProvider(option.value)} />
              {option.label}
            </label>
          ))}
        </fieldset>
      )}
      <section className={modal.section} aria-labelledby="prompts-title">
        <h3 id="prompts-title" className={modal.sectionTitle}>
          Custom prompts
        </h3>
        {ai?.provider === 'offline' && (
          <p className={styles.hint}>
            {AI_TEXT.offlinePromptsHint}
          </p>
        )}
        {list.custom_prompts.length > 0 && (
          <ul className={styles.prompts} ref={promptList}>
            {list.custom_prompts.map((text, index) => (
              <li key={`${index}-${text}`} className={styles.prompt}>
                <span dir="auto">{text}</span>
                <button
                  type="button"
                  className={ui.iconButton}
                  aria-label={`Remove prompt: ${text}`}
                  onClick={() => void removePrompt(index)}
                >
                  <X size={18} aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <form className={styles.addPrompt} onSubmit={(event) => void addPrompt(event)} noValidate>
          <input
            ref={promptInput}
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
      <StoreOrderSection listId={list.id} editable={list.can.editItems} />
      <section className={modal.section} aria-label="Sharing">
        <button type="button" className={ui.secondary} onClick={onShare}>
          Share List…
        </button>
      </section>
    </Modal>
  );
}
