/**
 * Item sort modes of spec section 4: newest (default), oldest, name-asc, name-desc, property-{key}
 * (AI sorts, ai-{kind}, arrive with the AI issue). Pure: the input array is never changed.
 */

export type SortMode = 'newest' | 'oldest' | 'name-asc' | 'name-desc' | `property-${string}`;

export const DEFAULT_SORT_MODE: SortMode = 'newest';
export const PROPERTY_SORT_PREFIX = 'property-';

/** The fields sorting reads; every item shape of the app has them. */
export interface SortableItem {
  content: string;
  is_completed: boolean;
  created_at: string;
  position: number;
  properties: Record<string, unknown>;
}

/** Properties that are not sort keys: translations and per-user settings. */
const NOT_SORT_KEYS = /^(name_.+|translations|language_preference)$/;

/** The property keys the items carry that a user can sort by, alphabetical. */
export function sortablePropertyKeys(items: readonly SortableItem[]): string[] {
  const keys = new Set<string>();
  for (const item of items) {
    for (const [key, value] of Object.entries(item.properties)) {
      if (!NOT_SORT_KEYS.test(key) && (typeof value === 'string' || typeof value === 'number')) keys.add(key);
    }
  }
  return [...keys].sort();
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function byName(a: SortableItem, b: SortableItem): number {
  return collator.compare(a.content, b.content);
}

/** Creation time, then position, so items of one batch (same timestamp) keep their order. */
function byAge(a: SortableItem, b: SortableItem): number {
  return a.created_at.localeCompare(b.created_at) || a.position - b.position;
}

function propertyText(item: SortableItem, key: string): string | undefined {
  const value = item.properties[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** Items with the property first, by its value; the others after, by name. */
function byProperty(key: string) {
  return (a: SortableItem, b: SortableItem): number => {
    const left = propertyText(a, key);
    const right = propertyText(b, key);
    if (left === undefined || right === undefined) {
      return left === right ? byName(a, b) : left === undefined ? 1 : -1;
    }
    return collator.compare(left, right) || byName(a, b);
  };
}

function comparatorOf(mode: SortMode): (a: SortableItem, b: SortableItem) => number {
  if (mode.startsWith(PROPERTY_SORT_PREFIX)) return byProperty(mode.slice(PROPERTY_SORT_PREFIX.length));
  switch (mode) {
    case 'oldest':
      return byAge;
    case 'name-asc':
      return byName;
    case 'name-desc':
      return (a, b) => byName(b, a);
    default:
      // Newest first, but one batch ("milk, eggs and bread", one timestamp) keeps its typed order.
      return (a, b) => b.created_at.localeCompare(a.created_at) || a.position - b.position;
  }
}

/** Sorts by the mode; with `completedLast`, completed items go to the end, each part sorted alike. */
export function sortItems<T extends SortableItem>(items: readonly T[], mode: SortMode, completedLast = false): T[] {
  const compare = comparatorOf(mode);
  return [...items].sort(
    (a, b) => (completedLast ? Number(a.is_completed) - Number(b.is_completed) : 0) || compare(a, b),
  );
}

/** History suggestions (spec section 5): prefix matches first, then the other matches, each alphabetical. */
export function suggest(history: readonly string[], typed: string, max: number): string[] {
  const query = typed.trim().toLowerCase();
  if (query.length < 1) return [];
  const prefix: string[] = [];
  const other: string[] = [];
  for (const entry of new Set(history)) {
    const lower = entry.toLowerCase();
    if (lower === query) continue;
    if (lower.startsWith(query)) prefix.push(entry);
    else if (lower.includes(query)) other.push(entry);
  }
  return [...prefix.sort(collator.compare), ...other.sort(collator.compare)].slice(0, max);
}
