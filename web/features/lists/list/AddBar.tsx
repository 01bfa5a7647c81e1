import { Mic, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { SUGGESTIONS_MAX } from '../../../../common/constants.ts';
import { pastedAsOneLine } from '../../../../common/item-input.ts';
import { UI_TEXT } from '../../../../common/messages.ts';
import { suggest } from '../../../../common/sorting.ts';
import ui from '../../../ui/ui.module.css';
import { useSpeechInput } from './useSpeechInput.ts';
import styles from './AddBar.module.css';

/** The add bar's input, by its name: where the focus goes when the last row it could go to is deleted. */
export const ADD_ITEM_INPUT_NAME = 'item';

interface AddBarProps {
  history: readonly string[];
  /** Answers false when the items were refused: the text comes back to the input, unless something new was typed. */
  onAdd: (text: string) => Promise<boolean>;
  /** The camera button (items from a photo), for those who may use AI on the list. */
  photoButton?: ReactNode;
  /** Shown above the input: what the last add did that the user may want otherwise (SplitNotice). */
  notice?: ReactNode;
}

/**
 * The bar's height as the page's `--add-bar-height` while it is there: the list's room below its
 * last row and the toasts' place follow it when a notice makes the bar taller (global.css holds
 * the height of the bar alone).
 */
function useHeightAsPageSpace(bar: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const element = bar.current;
    if (!element) return undefined;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize;
      if (height) root.setProperty('--add-bar-height', `${Math.ceil(height)}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--add-bar-height');
    };
  }, [bar]);
}

/** The bottom input: several items at once, history suggestions (a combobox), a camera button and voice input. */
export function AddBar({ history, onAdd, photoButton, notice }: AddBarProps) {
  const bar = useRef<HTMLFormElement>(null);
  useHeightAsPageSpace(bar);
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(true);
  const listId = useId();
  const suggestions = open ? suggest(history, text, SUGGESTIONS_MAX) : [];
  const speech = useSpeechInput((heard) => {
    setText((before) => (before.trim() ? `${before.trim()}, ${heard}` : heard));
    setOpen(false);
  });

  function add(value: string) {
    if (!value.trim()) return;
    void onAdd(value).then((added) => {
      if (!added) setText((typed) => typed || value);
    });
    setText('');
    setActive(-1);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    add(active >= 0 && suggestions[active] ? suggestions[active] : text);
  }

  function typed(value: string) {
    setText(value);
    setOpen(true);
    setActive(-1);
  }

  /** A pasted list keeps its items apart: one per line (common/item-input.ts). */
  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text/plain');
    if (!/[\r\n]/.test(pasted)) return;
    event.preventDefault();
    const { selectionStart, selectionEnd } = event.currentTarget;
    typed(text.slice(0, selectionStart ?? text.length) + pastedAsOneLine(pasted) + text.slice(selectionEnd ?? text.length));
  }

  function onKeyDown(event: KeyboardEvent) {
    if (suggestions.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const count = suggestions.length;
      // -1 is the input itself: moving past either end returns there.
      setActive((index) =>
        event.key === 'ArrowDown' ? (index + 1 >= count ? -1 : index + 1) : index < 0 ? count - 1 : index - 1,
      );
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <form ref={bar} className={styles.bar} onSubmit={onSubmit}>
      {suggestions.length > 0 && (
        <ul id={listId} role="listbox" aria-label="Suggestions" className={styles.suggestions}>
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={styles.suggestion}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => add(suggestion)}
            >
              {suggestion}
            </li>
          ))}
        </ul>
      )}
      {notice}
      <div className={styles.row}>
        <input
          name={ADD_ITEM_INPUT_NAME}
          className={`${ui.input} ${styles.input}`}
          placeholder={UI_TEXT.addItemPlaceholder}
          aria-label="Add items"
          dir="auto"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={suggestions.length > 0}
          aria-controls={suggestions.length > 0 ? listId : undefined}
          aria-activedescendant={active >= 0 && suggestions[active] ? `${listId}-${active}` : undefined}
          value={text}
          enterKeyHint="send"
          autoComplete="off"
          onChange={(event) => typed(event.target.value)}
          onPaste={onPaste}
          onKeyDown={onKeyDown}
          onBlur={() => setActive(-1)}
        />
        {photoButton}
        <button
          type="button"
          className={ui.iconButton}
          aria-label={speech.listening ? UI_TEXT.listenStart : 'Voice input'}
          aria-pressed={speech.listening}
          onClick={speech.start}
        >
          <Mic size={20} aria-hidden />
        </button>
        <button type="submit" className={`${ui.primary} ${styles.submit}`} aria-label="Add">
          <Plus size={20} aria-hidden />
        </button>
      </div>
    </form>
  );
}
