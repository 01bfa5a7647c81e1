import { LIST_ITEMS_MAX } from './constants.ts';
import { shortName } from './short-name.ts';

/**
 * Undo of the changes that take something away (docs/api.md, "Undo"; decision 049): removing an
 * item or its image, clearing the checked items, an AI sort and clearing what sorts added. Words,
 * timing and limits, defined once for both sides.
 */

/** How long the notice with Undo shows: a toast's time, long enough to see what went and take it back. */
export const UNDO_MS = 5000;

/**
 * How long the server keeps what a change took away, and the images it detached: an Undo pressed
 * offline is queued and may arrive as late as a queued change may (IDEMPOTENCY_TTL_MS), so a day.
 */
export const UNDO_KEEP_MS = 24 * 60 * 60 * 1000;

/** What the web app's notice says of each undoable change. */
export const UNDO_TEXT = {
  removed: (name: string) => `Removed “${shortName(name)}”.`,
  imageRemoved: (name: string) => `Removed the photo of “${shortName(name)}”.`,
  cleared: (count: number) => (count === 1 ? 'Cleared 1 checked item.' : `Cleared ${count} checked items.`),
  sorted: 'Sorted the list.',
  propertiesCleared: (count: number) => (count === 1 ? 'Cleared the sort’s labels of 1 item.' : `Cleared the sort’s labels of ${count} items.`),
  undo: 'Undo',
  /** The Undo button's name for screen readers, with what it takes back. */
  undoLabel: (message: string) => `Undo: ${message}`,
  undone: 'Put back.',
  failed: 'Could not undo: ',
  clearFailed: 'Failed to clear: ',
  clearCompleted: 'Clear checked items',
  clearSortLabels: 'Clear sort labels',
  hideLabels: 'Hide labels',
} as const;

/** The server's refusals of the undo calls. */
export const UNDO_MESSAGES = {
  notFound: 'Nothing to undo: the change is unknown, or too old to undo',
  idTaken: 'This undo id was already used for another change',
  clearNothing: 'Name at least one item to clear',
  clearTooMany: `Clear at most ${LIST_ITEMS_MAX.toLocaleString('en-US')} items at once`,
  clearRepeated: 'Name each item to clear once',
} as const;
