/** Words of the list screen's header, sort menu and progress, defined once. */

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
