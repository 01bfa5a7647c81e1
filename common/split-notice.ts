import { shortName } from './short-name.ts';

/**
 * The add bar's notice after a typed line was split on "and" (decision 041): what it became, with
 * "Keep as one item", and once kept, Undo. Words and timing, defined once.
 */

/**
 * How long the notice stays when left alone: long enough to read a line and reach its button
 * (twice a toast's 5 s); it waits while the pointer or the focus is on it, and the next add
 * replaces it.
 */
export const SPLIT_NOTICE_MS = 10_000;

export const SPLIT_TEXT = {
  /** `"chips and salsa" became 2 items.` */
  became: (text: string, count: number) => `“${shortName(text)}” became ${count} items.`,
  keep: 'Keep as one item',
  kept: (name: string) => `Kept “${shortName(name)}” as one item.`,
  undo: 'Undo',
  /** Beside the toasts' own Dismiss, a name of its own. */
  dismiss: 'Dismiss the notice',
} as const;
