import { AI_DEPARTMENTS, OTHER_DEPARTMENT } from './ai.ts';
import { itemNameKey } from './item-input.ts';

/**
 * The learned store order (docs/decisions/052-trips-and-store-order.md): the server learns, from
 * the order people check items off, where each item name and each department comes in the walk
 * through the shop, as a position from 0 (the entrance) to 1 (the tills). The web app sorts with
 * `storeOrderComparator`, on the device, from the positions it was sent: offline too.
 */

/** A trip is one person's check-offs of one list, each less than this after the one before. */
export const STORE_TRIP_GAP_MS = 10 * 60 * 1000;
/** What a trip teaches weighs at least this much against what was known: a re-arranged shop is learned in a few trips. */
export const STORE_ORDER_LEARNING_RATE = 0.6;
/**
 * A name seen on few trips is placed between its own position and its department's, as if its
 * department had been seen this many times more: one detour does not send it to another aisle.
 */
export const STORE_ORDER_DEPARTMENT_PULL = 2;
/** A trip needs this many different items to say anything about their order. */
export const STORE_TRIP_MIN_ITEMS = 2;
/**
 * A list sorted by the store order reads it again this long after check-offs stop coming (its own
 * or another member's): a trip's first check-off is when the server learns the trip before.
 */
export const STORE_ORDER_RELOAD_MS = 1000;

/** What the web app says about the learned store order (the sort menu, List Settings). */
export const STORE_ORDER_TEXT = {
  title: 'Store order',
  hint: 'Sorts the list the way you walk through the shop, learned from the order items are checked off, for every member.',
  learnedFrom: (trips: number) => (trips === 0 ? 'Nothing learned yet' : `Learned from ${trips} ${trips === 1 ? 'trip' : 'trips'}`),
  storeLabel: 'Store you shop in (this device)',
  storePlaceholder: 'Any store',
  save: 'Save',
  reset: 'Reset store order',
  resetTitle: 'Reset the store order?',
  resetMessage: (store: string) =>
    `Listo forgets the order it learned${store ? ` for ${store}` : ''}, for every member of this list, and learns it again from the next trips.`,
  resetConfirm: 'Reset',
  resetFailed: 'Failed to reset the store order: ',
} as const;

/** What the web app is sent and sorts by: positions in the walk, 0 to 1, by item name key and by department (lower-cased). */
export interface LearnedStoreOrder {
  trips: number;
  items: Readonly<Record<string, number>>;
  departments: Readonly<Record<string, number>>;
}

export const NOTHING_LEARNED: LearnedStoreOrder = { trips: 0, items: {}, departments: {} };

/** The key a department is learned under: its name, lower-cased; none for a blank one. */
export function departmentKey(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined;
}

const AI_RANK = new Map<string, number>(AI_DEPARTMENTS.map((name, index) => [name.toLowerCase(), index]));
const OTHER_RANK = AI_DEPARTMENTS.indexOf(OTHER_DEPARTMENT);

/** Where the assistant's department order puts a department: unknown ones just before Other, none last. */
function assistantRank(department: string | undefined): number {
  if (department === undefined) return AI_DEPARTMENTS.length;
  return AI_RANK.get(department) ?? OTHER_RANK - 0.5;
}

/**
 * Name keys by item text, kept between sorts: reading a name (`itemNameKey` parses it) is most of
 * the cost of a sort, and a list is sorted again at every check-off. Emptied when it grows past
 * what a few full lists hold.
 */
const nameKeys = new Map<string, string>();
const NAME_KEYS_KEPT = 20_000;

function nameKeyOf(content: string): string {
  let key = nameKeys.get(content);
  if (key === undefined) {
    if (nameKeys.size >= NAME_KEYS_KEPT) nameKeys.clear();
    key = itemNameKey(content);
    nameKeys.set(content, key);
  }
  return key;
}

/** A record's own entry only: an item called "constructor" is no Object method. */
const learnedAt = (positions: Readonly<Record<string, number>>, key: string) => (Object.hasOwn(positions, key) ? positions[key] : undefined);

export interface StoreOrderItem {
  content: string;
  position: number;
  properties: Record<string, unknown>;
  is_completed?: boolean;
}

interface Placed<T> {
  item: T;
  /** 1 for a completed item when they go last. */
  last: number;
  /** The learned position of the item, else of its department; Infinity when neither was learned. */
  learned: number;
  assistant: number;
}

function placed<T extends StoreOrderItem>(item: T, learned: LearnedStoreOrder, completedLast: boolean): Placed<T> {
  const department = departmentKey(item.properties.department);
  const own = learnedAt(learned.items, nameKeyOf(item.content));
  const ofDepartment = department === undefined ? undefined : learnedAt(learned.departments, department);
  return { item, last: completedLast && item.is_completed ? 1 : 0, learned: own ?? ofDepartment ?? Infinity, assistant: assistantRank(department) };
}

function comparePlaced<T extends StoreOrderItem>(a: Placed<T>, b: Placed<T>): number {
  if (a.last !== b.last) return a.last - b.last;
  if (a.learned !== b.learned) return a.learned < b.learned ? -1 : 1;
  return a.assistant - b.assistant || a.item.position - b.item.position;
}

/**
 * The items in the learned store order: an item whose name was learned by its own position; one
 * never checked off on a trip by its department's learned position; then, for what nothing was
 * learned about, by the assistant's department order; ties by the list's own order. With
 * `completedLast`, completed items go to the end, sorted alike. Each item is placed once, then
 * the placements are sorted: 2,000 items in a few milliseconds (docs/performance.md).
 */
export function sortByStoreOrder<T extends StoreOrderItem>(items: readonly T[], learned: LearnedStoreOrder, completedLast = false): T[] {
  return items
    .map((item) => placed(item, learned, completedLast))
    .sort(comparePlaced)
    .map((entry) => entry.item);
}
