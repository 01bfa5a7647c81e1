import { defaultRangeExtractor, useWindowVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { groupItems, type ItemGroup } from '../../../../common/grouping.ts';
import { editableName } from '../../../../common/item-input.ts';
import { LIST_VIEW_TEXT } from '../../../../common/list-view.ts';
import { UI_TEXT } from '../../../../common/messages.ts';
import { usePrinting } from '../../../ui/usePrinting.ts';
import type { ClientItem } from '../../../core/store/app-state.ts';
import { notify } from '../../../core/store/toasts.ts';
import { ItemRow, RENAME_ITEM_INPUT_NAME, type ItemRowProps } from './ItemRow.tsx';
import { belowTheRows, keysAround, rowInPlace } from './row-focus.ts';
import { useRevealItems } from './useRevealItems.ts';
import styles from './ItemList.module.css';

/** Rows drawn beyond the screen on each side: a fast flick or a Tab lands on rows already there. */
const OVERSCAN = 8;
/** Sizes assumed before a row is measured: a one-line item (48 px and its divider), a heading. */
export const ITEM_ESTIMATE_PX = 49;
const HEADING_ESTIMATE_PX = 36;

/**
 * A row's height as the browser laid it out, from its ResizeObserver entry (delivered after the
 * frame's layout); until then the last one known or the estimate. The default reads offsetHeight
 * when React attaches each row, which forces the page's first layout inside React's commit: the
 * longest task of opening a list (docs/performance.md).
 */
function measureRow(element: Element, entry: ResizeObserverEntry | undefined, virtualizer: Virtualizer<Window, Element>): number {
  const box = entry?.borderBoxSize[0];
  if (box) return Math.round(box.blockSize);
  const index = virtualizer.indexFromElement(element);
  return virtualizer.itemSizeCache.get(virtualizer.options.getItemKey(index)) ?? virtualizer.options.estimateSize(index);
}

/** A group's heading row is drawn for the eye; its first item's row carries the heading for screen readers. */
type Row =
  | { kind: 'heading'; key: string; group: ItemGroup<ClientItem> }
  | { kind: 'item'; key: string; item: ClientItem; position: number; heads?: ItemGroup<ClientItem> };

/** The heading of the group the screen starts in: the last heading at or above the first row shown. */
function activeHeading(headings: readonly number[], startIndex: number): number {
  return headings.findLast((index) => index <= startIndex) ?? -1;
}

/** The rows in display order: items numbered 1..n, under their group's heading when grouped. */
function rowsOf(items: readonly ClientItem[], groupKey: string | undefined): Row[] {
  // Keyed by the id, final from the start (decision 008): the row of a new item stays when the server confirms it.
  const itemRow = (item: ClientItem, index: number): Row => ({ kind: 'item', key: item.id, item, position: index + 1 });
  if (groupKey === undefined) return items.map(itemRow);
  let index = 0;
  return groupItems(items, groupKey).flatMap((group): Row[] => [
    { kind: 'heading', key: `group:${group.key}`, group },
    ...group.items.map((item, inGroup) => ({ ...itemRow(item, index++), heads: inGroup === 0 ? group : undefined })),
  ]);
}

interface ItemListProps {
  /** Sorted; grouped by the property `groupKey` when it is set (common/grouping.ts). */
  items: readonly ClientItem[];
  groupKey: string | undefined;
  editable: boolean;
  onToggle: (item: ClientItem) => void;
  onDelete: (item: ClientItem) => void;
  /** Without it, names are not editable in place; without `onImage`, rows show no image place. */
  onRename?: ItemRowProps['onRename'];
  onImage?: (item: ClientItem) => void;
  /** Offers each item's AI actions (the user may use AI on the list). */
  ai?: boolean;
  /** The properties the rows leave out of their labels (common/grouping.ts `labelsLeftOutBy`). */
  leftOut?: readonly string[];
  /** Names only (the list's "Hide labels"). */
  hideLabels?: boolean;
}

/**
 * The items of a list, windowed: only the rows near the screen are in the DOM (a 2,000-item list
 * opens in the time of a screenful). Each item is a list item that tells its place in the whole
 * list (aria-posinset / aria-setsize). The current group's heading sticks under the header, and
 * the row holding the focus stays rendered when it scrolls away, so an open rename keeps its text.
 * A list holds list items only: the heading rows are hidden from screen readers, which hear each
 * group's heading at the start of its first item instead (headings not counted as items).
 */
export function ItemList({ items, groupKey, editable, onToggle, onDelete, onRename, onImage, ai = false, leftOut, hideLabels = false }: ItemListProps) {
  const rows = useMemo(() => rowsOf(items, groupKey), [items, groupKey]);
  const printing = usePrinting();
  const headings = useMemo(() => rows.flatMap((row, index) => (row.kind === 'heading' ? [index] : [])), [rows]);
  const [focusedKey, setFocusedKey] = useState<string>();
  const focusedIndex = focusedKey === undefined ? -1 : rows.findIndex((row) => row.key === focusedKey);
  const listRef = useRef<HTMLUListElement>(null);
  // A row deleted from its own Delete button hands the focus to the next row's (or the one before),
  // else to the add bar: it must not fall to the page with the row. A swipe moves no focus.
  const deleteKeepingFocus = useCallback(
    (item: ClientItem) => {
      const buttons = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-delete-item]') ?? [])];
      const at = buttons.findIndex((button) => button === document.activeElement);
      onDelete(item);
      if (at === -1) return;
      (buttons[at + 1] ?? buttons[at - 1] ?? belowTheRows())?.focus();
    },
    [onDelete],
  );
  const [listTop, setListTop] = useState(0);

  // Where the list starts on the page (the virtualiser works in window scroll offsets), again
  // whenever the page's layout moves (the offline banner, a wrapped toolbar). Read when the
  // observer reports, after the frame's layout, not by forcing one; until then the list is taken
  // to start at the top, which only draws a few rows more.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return undefined;
    const measure = () => setListTop(Math.round(list.getBoundingClientRect().top + window.scrollY));
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const keep = [activeHeading(headings, range.startIndex), focusedIndex].filter((index) => index >= 0);
      return [...new Set([...keep, ...defaultRangeExtractor(range)])].sort((a, b) => a - b);
    },
    [headings, focusedIndex],
  );

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => (rows[index]?.kind === 'heading' ? HEADING_ESTIMATE_PX : ITEM_ESTIMATE_PX),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: OVERSCAN,
    scrollMargin: listTop,
    rangeExtractor,
    measureElement: measureRow,
    // The window's size from the first render on: without it the first render draws no rows and
    // the virtualiser draws them in a second, blocking render once it has measured the window.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });

  // Items a photo added, wherever the order put them: in the middle, clear of the header and the add bar.
  const scrollToRow = useCallback((index: number) => virtualizer.scrollToIndex(index, { align: 'center' }), [virtualizer]);
  useRevealItems(rows, scrollToRow);

  // A row that its own change moved while it held the focus (checked with "Completed last") is
  // scrolled to: the focus must not sit far off screen (WCAG 2.4.11). Rows that others' changes
  // shift leave the screen where the user scrolled it.
  const focusedRow = rows[focusedIndex];
  const focusedItem = focusedRow?.kind === 'item' ? focusedRow.item : undefined;
  const lastFocused = useRef<{ key?: string; index: number; item?: ClientItem }>({ index: -1 });
  useEffect(() => {
    const last = lastFocused.current;
    lastFocused.current = { key: focusedKey, index: focusedIndex, item: focusedItem };
    const movedByItsChange = focusedKey !== undefined && last.key === focusedKey && last.index !== focusedIndex && last.item !== focusedItem;
    if (movedByItsChange && focusedIndex >= 0) virtualizer.scrollToIndex(focusedIndex, { align: 'auto' });
  }, [focusedKey, focusedIndex, focusedItem, virtualizer]);

  // A row that goes while it holds the focus (deleted elsewhere: another member, another device)
  // takes the focus to the page with it; it goes to the row that took its place instead (else the
  // one before, else the add bar), and a new name being typed for it is said to be lost. A focus
  // the user moved elsewhere is left where it went.
  const focusHolder = useRef<{ key: string; element: HTMLElement; rows: readonly Row[] }>(undefined);
  useLayoutEffect(() => {
    const holder = focusHolder.current;
    if (!holder) return;
    if (rows.some((row) => row.key === holder.key)) {
      holder.rows = rows;
      return;
    }
    focusHolder.current = undefined;
    // Still in a dialog the row opened: the dialog gives the focus back when it closes.
    if (document.activeElement !== document.body || !listRef.current) return;
    const gone = holder.rows.find((row) => row.key === holder.key);
    const around = keysAround(
      holder.rows.map((row) => row.key),
      holder.key,
    );
    rowInPlace(listRef.current, around)?.focus();
    const draft = holder.element instanceof HTMLInputElement && holder.element.name === RENAME_ITEM_INPUT_NAME ? holder.element.value.trim() : '';
    if (gone?.kind === 'item' && draft !== '' && draft !== editableName(gone.item)) notify(UI_TEXT.renameLostItemDeleted(gone.item.content), 'warning');
  }, [rows]);

  // React passes on the focus events of a menu a row opened (More actions, portalled out of the
  // list): the row holds the focus then, as far as its going is concerned, also when a click
  // opened the menu and the focus went into it from elsewhere. The menu names its button.
  // The last row gone: the screen shows its empty state instead of the list, and this list goes with
  // the row that held the focus. The add bar takes it (when the screen itself goes, there is none).
  useLayoutEffect(
    () => () => {
      if (!focusHolder.current || !listRef.current?.contains(document.activeElement)) return;
      queueMicrotask(() => {
        if (document.activeElement === document.body) belowTheRows()?.focus();
      });
    },
    [],
  );

  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    const element = event.target as HTMLElement;
    const menu = element.closest('[role="menu"]');
    const inList = event.currentTarget.contains(element) ? element : menu && document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
    if (!inList || !event.currentTarget.contains(inList)) return;
    const key = inList.closest<HTMLElement>('[data-key]')?.dataset.key;
    setFocusedKey(key);
    focusHolder.current = key === undefined ? undefined : { key, element, rows };
  };
  const onBlur = (event: FocusEvent<HTMLUListElement>) => {
    const into = event.relatedTarget;
    if (event.currentTarget.contains(into) || into?.closest('[role="menu"]')) return;
    setFocusedKey(undefined);
    if (into !== null) focusHolder.current = undefined;
  };

  // On paper every row is there, one after the other: the window of rows fits a screen, not pages.
  const shown = printing ? rows.map((_, index) => ({ index, start: undefined })) : virtualizer.getVirtualItems();
  const stickyIndex = printing ? -1 : activeHeading(headings, virtualizer.range?.startIndex ?? 0);
  return (
    <ul
      ref={listRef}
      className={styles.list}
      aria-label={LIST_VIEW_TEXT.itemsLabel}
      style={{ height: printing ? undefined : virtualizer.getTotalSize() }}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {shown.map((virtual) => {
        const row = rows[virtual.index]!;
        const sticky = virtual.index === stickyIndex;
        const place = sticky || virtual.start === undefined ? undefined : { transform: `translateY(${virtual.start - listTop}px)` };
        if (row.kind === 'heading') {
          const { label, done, items: members } = row.group;
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={virtual.index}
              data-key={row.key}
              aria-hidden
              className={sticky ? styles.stickyHeading : styles.heading}
              style={place}
            >
              <p className={styles.headingText}>
                <span>{label}</span>
                <span className={styles.groupCount}>{LIST_VIEW_TEXT.groupProgress(done, members.length)}</span>
              </p>
            </li>
          );
        }
        return (
          <li
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={virtual.index}
            data-key={row.key}
            className={styles.item}
            style={place}
            aria-posinset={row.position}
            aria-setsize={items.length}
          >
            {row.heads && (
              <h2 className="visually-hidden">{`${row.heads.label}, ${LIST_VIEW_TEXT.progress(row.heads.done, row.heads.items.length)}`}</h2>
            )}
            <ItemRow
              item={row.item}
              editable={editable}
              onToggle={onToggle}
              onDelete={deleteKeepingFocus}
              onRename={onRename}
              onImage={onImage}
              leftOut={leftOut}
              hideLabels={hideLabels}
              ai={ai}
            />
          </li>
        );
      })}
    </ul>
  );
}
