import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { SPLIT_NOTICE_MS, SPLIT_TEXT } from '../../../../common/split-notice.ts';
import ui from '../../../ui/ui.module.css';
import { dismissSplitNotice, keepAsOneAction, undoKeepAction, useSplitNotice } from '../../items/index.ts';
import { belowTheRows } from './row-focus.ts';
import styles from './AddBar.module.css';

/**
 * Above the add bar's input, after a line was split on "and": what each stretch became, with
 * "Keep as one item"; once kept, Undo (web/features/items/split-notice.ts). A polite live region, so it is
 * heard without taking the focus from the input; it goes after SPLIT_NOTICE_MS unless the pointer
 * or the focus rests on it. When its buttons go while one holds the focus, the focus moves to the
 * next button it shows, else back to the input.
 */
export function SplitNotice({ listId }: { listId: string }) {
  const notice = useSplitNotice(listId);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  // The pointer or the focus on the notice holds it: it does not go while it is being read or used.
  const [pointerOn, setPointerOn] = useState(false);
  const [focusOn, setFocusOn] = useState(false);
  // A button of the notice was used: the change it makes takes that button away with the focus.
  const usedButton = useRef(false);

  useEffect(() => {
    if (!notice || pointerOn || focusOn) return undefined;
    const timer = setTimeout(dismissSplitNotice, SPLIT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, pointerOn, focusOn]);

  // Gone when the list is left: it belongs to the line just typed there.
  useEffect(() => dismissSplitNotice, [listId]);

  // Nothing holds a notice that is gone: the button that had the focus may have said no blur.
  const [shown, setShown] = useState(notice);
  if (notice !== shown) {
    setShown(notice);
    if (!notice) {
      setPointerOn(false);
      setFocusOn(false);
    }
  }

  // A change of the notice took away the button that held the focus: the next one takes it, else the input.
  useEffect(() => {
    if (!usedButton.current) return;
    if (box.current?.contains(document.activeElement)) return;
    usedButton.current = false;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    (box.current?.querySelector<HTMLElement>('button') ?? belowTheRows())?.focus();
  }, [notice]);

  const use = (action: () => unknown) => () => {
    usedButton.current = true;
    void action();
  };

  return (
    <div
      ref={box}
      role="status"
      className={styles.notice}
      onPointerEnter={() => setPointerOn(true)}
      onPointerLeave={() => setPointerOn(false)}
      onFocus={() => setFocusOn(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusOn(false);
      }}
    >
      {notice && (
        <>
          <div className={styles.noticeLines}>
            {notice.kind === 'split' &&
              notice.offers.map((offer, index) => (
                <p key={`${index}-${offer.text}`} className={styles.noticeLine}>
                  <span id={`${id}-${index}`} dir="auto">
                    {SPLIT_TEXT.became(offer.text, offer.pieces.length)}
                  </span>
                  <button type="button" className={ui.secondary} aria-describedby={`${id}-${index}`} onClick={use(() => keepAsOneAction(listId, offer))}>
                    {SPLIT_TEXT.keep}
                  </button>
                </p>
              ))}
            {notice.kind === 'kept' && (
              <p className={styles.noticeLine}>
                <span dir="auto">{SPLIT_TEXT.kept(notice.name)}</span>
                {notice.undo && (
                  <button type="button" className={ui.secondary} onClick={use(() => undoKeepAction(listId, notice.undo!))}>
                    {SPLIT_TEXT.undo}
                  </button>
                )}
              </p>
            )}
          </div>
          <button type="button" className={ui.iconButton} aria-label={SPLIT_TEXT.dismiss} onClick={use(dismissSplitNotice)}>
            <X size={18} aria-hidden />
          </button>
        </>
      )}
    </div>
  );
}
