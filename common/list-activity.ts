import { shortName } from './short-name.ts';
import { trimUnseen } from './unseen-text.ts';

/**
 * A list's last change as people read it: "Sam added 3 items, 2 min ago", "You checked
 * off milk, just now". The server stores the summary ("added 3 items") with who and when; the
 * client adds the name and the time, which keeps moving.
 */

/** Who, when the author's account is gone. */
export const SOMEONE = 'Someone';

/** What a write did to items. */
export type ItemActivity = 'added' | 'checked' | 'unchecked' | 'renamed' | 'edited' | 'removed' | 'photo-added' | 'photo-removed' | 'restored';

const ITEM_VERBS: Record<ItemActivity, string> = {
  added: 'added',
  checked: 'checked off',
  unchecked: 'unchecked',
  renamed: 'renamed',
  edited: 'edited',
  removed: 'removed',
  'photo-added': 'added a photo to',
  'photo-removed': 'removed the photo of',
  restored: 'put back',
};

/** Summaries of writes to the list itself. */
export const LIST_ACTIVITY = {
  created: 'created the list',
  renamed: 'renamed the list',
  settings: 'changed the list settings',
  reordered: 'reordered the items',
  sorted: 'sorted the items',
  imported: 'imported the list',
} as const;

/** "added milk" for one item, "added 3 items" for several (undefined for none: nothing happened). */
export function itemActivity(activity: ItemActivity, names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  const what = names.length === 1 ? shortName(names[0]!) : `${names.length} items`;
  return `${ITEM_VERBS[activity]} ${what}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "2 min ago", "3 h ago", "yesterday", "4 days ago", then the date ("12 Mar 2025"). */
export function timeAgo(at: string, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - new Date(at).getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = Math.floor(elapsed / DAY);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return new Date(at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The fields of a list's `last_change` the line needs. */
export interface LastChange {
  by: string;
  by_me: boolean;
  summary: string;
  /** The app that did it for its person: the line names the app ("Claude added milk"). */
  app?: string | null;
  at: string;
}

/**
 * "Sam added 3 items, 2 min ago"; "You checked off milk, just now"; "Claude added milk, just now"
 * when an app did it for someone: who, what and when, apart, so
 * that a screen can isolate the names people typed (an Arabic item name would otherwise pull the
 * comma and the time into its own direction).
 */
export function lastChangeLine(change: LastChange, now: Date): { who: string; what: string; when: string } {
  return { who: change.app ?? (change.by_me ? 'You' : change.by), what: change.summary, when: timeAgo(change.at, now) };
}

/**
 * How a known account shows to other members (docs/decisions/051): its first name, else the part of
 * its address before the @ ("sam" for sam@example.com), never the whole address; "Someone" when
 * the account is gone.
 */
export function personName(firstName: string | null | undefined, email: string | null | undefined): string {
  return publicFirstName(firstName, email ? publicFirstName(email.slice(0, email.lastIndexOf('@')) || undefined) : SOMEONE);
}

/** How a person shows to strangers: their first name, else `fallback`; never anything like an address. */
export function publicFirstName(firstName: string | null | undefined, fallback = SOMEONE): string {
  const name = trimUnseen(firstName ?? '');
  return name && !name.includes('@') ? name : fallback;
}
