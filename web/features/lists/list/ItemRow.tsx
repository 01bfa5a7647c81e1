import { useDrag } from '@use-gesture/react';
import { X } from 'lucide-react';
import { memo, useEffect, useRef, useState } from 'react';
import { ITEM_CONTENT_MAX_LENGTH, SWIPE_DELETE_DELAY_MS, SWIPE_DELETE_THRESHOLD_PX, SWIPE_MAX_DRAG_FACTOR } from '../../../../common/constants.ts';
import { editableName, quantityOf } from '../../../../common/item-input.ts';
import { UI_TEXT } from '../../../../common/messages.ts';
import ui from '../../../ui/ui.module.css';
import { useFocusAfterEditing } from '../../../ui/useFocusAfterEditing.ts';
import type { ClientItem } from '../../../core/store/app-state.ts';
import { ItemAiMenu } from '../../ai/index.ts';
import { tagsOf, translationsOf } from './item-details.ts';
import { ItemImageSlot } from '../../photos/index.ts';
import styles from './ItemRow.module.css';

const MAX_DRAG = SWIPE_DELETE_THRESHOLD_PX * SWIPE_MAX_DRAG_FACTOR;

/** The name of the input that renames an item in place. */
export const RENAME_ITEM_INPUT_NAME = 'itemName';

export interface ItemRowProps {
  item: ClientItem;
  editable: boolean;
  // The handlers take the item, so a list passes the same functions to every row and a row whose
  // item did not change skips rendering (memo): adding one item to 2,000 renders one row.
  onToggle: (item: ClientItem) => void;
  onDelete: (item: ClientItem) => void;
  /** Called with the edited text; empty or unchanged text never reaches it. */
  /** `startedFrom`: the item's content when the editor opened (the server refuses the rename if it changed since). */
  onRename?: (item: ClientItem, text: string, startedFrom: string) => void;
  /** Opens the item's image (the viewer) or, for editors, adds one; without it the row shows no image place. */
  onImage?: (item: ClientItem) => void;
  /** The properties the sort's headings stand for (common/grouping.ts `labelsLeftOutBy`): not repeated as tags. */
  leftOut?: readonly string[];
  /** Names only: no translations or tags (the list's "Hide labels"). */
  hideLabels?: boolean;
  /** Offers the item's AI actions (translate, add properties): the user may use AI on the list. */
  ai?: boolean;
}

/**
 * One item: checkbox, image, quantity, content, translations, tags, delete; swipe left 80 px to
 * remove. The list item around it (its place in the list) is ItemList's.
 */
export const ItemRow = memo(function ItemRow({ item, editable, onToggle, onDelete, onRename, onImage, leftOut, hideLabels = false, ai = false }: ItemRowProps) {
  const [offset, setOffset] = useState(0);
  const [draft, setDraft] = useState<string | null>(null);
  // What the editor opened with: the item's content, and the text shown (quantity included).
  const startedFrom = useRef({ content: item.content, text: '' });
  const { button: renameButton, closedFromKeyboard } = useFocusAfterEditing(draft !== null);
  const [removing, setRemoving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const bind = useDrag(
    ({ movement: [dx], last, first, event, cancel }) => {
      // A swipe is a finger's: a mouse dragging over a row is selecting its text, not deleting it.
      if (first && (event as PointerEvent).pointerType === 'mouse') return cancel();
      const x = Math.max(-MAX_DRAG, Math.min(0, dx));
      if (!last) return setOffset(x);
      if (x > -SWIPE_DELETE_THRESHOLD_PX) return setOffset(0);
      setOffset(-MAX_DRAG);
      setRemoving(true);
      // Let the row finish sliding before it goes (300 ms).
      timer.current = setTimeout(() => onDelete(item), SWIPE_DELETE_DELAY_MS);
    },
    { axis: 'x', filterTaps: true, enabled: editable && !removing && draft === null },
  );

  const quantity = quantityOf(item.properties);
  const translations = hideLabels ? [] : translationsOf(item.properties);
  const tags = hideLabels ? [] : tagsOf(item.properties, leftOut);
  const checkboxId = `item-${item.id}`;
  const detailsId = `item-details-${item.id}`;
  const swiping = offset !== 0;
  const renamable = editable && onRename !== undefined;
  const name = editableName(item);
  // The right to edit went while the editor was open (a lowered permission): the editor goes with
  // it, as the list's dialogs do, rather than stay open for a rename the server will refuse.
  if (!renamable && draft !== null) setDraft(null);

  // Enter and blur save, Escape cancels; empty text, or the text it opened with, just closes the
  // editor (an edit made elsewhere meanwhile is not undone by closing it).
  const finish = (save: boolean) => {
    if (draft === null) return;
    const next = draft.trim();
    setDraft(null);
    if (save && next && next !== startedFrom.current.text) onRename?.(item, next, startedFrom.current.content);
  };

  return (
    <div className={styles.row} data-completed={item.is_completed} data-pending={item.tempId !== undefined}>
      <div className={styles.remove} aria-hidden style={{ opacity: Math.min(1, -offset / SWIPE_DELETE_THRESHOLD_PX) }}>
        <span>{UI_TEXT.remove}</span>
      </div>
      <div
        {...bind()}
        className={styles.surface}
        data-testid="item-row"
        style={{ transform: swiping ? `translateX(${offset}px)` : undefined, transition: swiping && !removing ? 'none' : undefined }}
      >
        {/* The label is the 44 px target around the small box. */}
        <label className={styles.check}>
          <input
            id={checkboxId}
            type="checkbox"
            className={styles.checkbox}
            checked={item.is_completed}
            disabled={!editable}
            onChange={() => onToggle(item)}
            aria-label={quantity ? `${quantity} ${item.content}` : item.content}
            aria-describedby={translations.length > 0 || tags.length > 0 ? detailsId : undefined}
          />
        </label>
        {onImage && <ItemImageSlot item={item} editable={editable} onOpen={onImage} />}
        <div className={styles.body}>
          {draft !== null ? (
            <input
              name={RENAME_ITEM_INPUT_NAME}
              className={ui.inlineInput}
              aria-label="Item name"
              dir="auto"
              maxLength={ITEM_CONTENT_MAX_LENGTH}
              value={draft}
              autoFocus
              onChange={(event) => setDraft(event.target.value)}
              onBlur={() => finish(true)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== 'Escape') return;
                // The rename button gets the focus back: this Enter must not press it too.
                event.preventDefault();
                closedFromKeyboard();
                finish(event.key === 'Enter');
              }}
            />
          ) : (
            <span className={styles.text} data-testid="item-text">
              {quantity && <span className={styles.quantity}>{quantity}</span>}
              {renamable ? (
                <button
                  ref={renameButton}
                  type="button"
                  className={styles.content}
                  dir="auto"
                  aria-label={`${item.content}, rename item`}
                  onClick={() => {
                    startedFrom.current = { content: item.content, text: name };
                    setDraft(name);
                  }}
                >
                  {item.content}
                </button>
              ) : (
                <span className={styles.content} dir="auto">
                  {item.content}
                </span>
              )}
            </span>
          )}
          {(translations.length > 0 || tags.length > 0) && (
            <span id={detailsId} className={styles.details}>
              {translations.length > 0 && (
                <span className={styles.translations}>
                  {translations.map(([language, value]) => (
                    <span key={language} lang={language}>
                      <abbr title={language}>{language}</abbr> {value}
                    </span>
                  ))}
                </span>
              )}
              {tags.length > 0 && (
                <span className={styles.tags}>
                  {tags.map((tag) => (
                    <span key={tag.key} className={ui.tag} title={tag.label}>
                      {tag.label}
                    </span>
                  ))}
                </span>
              )}
            </span>
          )}
        </div>
        {ai && <ItemAiMenu item={item} />}
        {editable && (
          <button
            type="button"
            className={`${ui.iconButton} ${styles.delete}`}
            aria-label={`Delete ${item.content}`}
            data-delete-item
            onClick={() => onDelete(item)}
          >
            <X size={18} aria-hidden />
          </button>
        )}
      </div>
    </div>
  );
});
