import type { SortMode } from './sorting.ts';

/** Words of the list screen's header, sort menu and progress (issue 12's design), defined once. */

export const SORT_MODE_LABELS: Record<'newest' | 'oldest' | 'name-asc' | 'name-desc', string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'name-asc': 'Name A-Z',
  'name-desc': 'Name Z-A',
};

export const LIST_VIEW_TEXT = {
  sortBy: 'Sort by',
  byProperty: 'By property',
  listOptions: 'List options',
  itemsLabel: 'Items',
  /** "3 of 12 done": the list's header and each dashboard card. */
  progress: (done: number, total: number) => (total === 0 ? 'No items' : `${done} of ${total} done`),
  /** A group heading's count, read as "2 of 5 done" by screen readers. */
  groupProgress: (done: number, total: number) => `${done}/${total}`,
  switchTheme: (next: 'light' | 'dark') => `Switch to ${next} theme`,
} as const;

/** Whether a mode is one of the four with words of their own (not a property or AI sort). */
export function isBasicSortMode(mode: SortMode): mode is keyof typeof SORT_MODE_LABELS {
  return mode in SORT_MODE_LABELS;
}
