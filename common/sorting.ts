import { AI_SORT_KINDS, type AiSortKind } from './ai.ts';
import { aiSortComparator } from './ai-sort.ts';
import { measureOf, readAmount } from './item-input.ts';
import { QUANTITY_KEYS } from './property-memory.ts';
import { NOTHING_LEARNED, sortByStoreOrder } from './store-order.ts';
import { MEASURE_ORDER } from './units.ts';

/**
 * Item sort modes: newest (default), oldest, name-asc, name-desc, property-{key}
 * and ai-{kind}; and `store`, the order learned from check-offs (common/store-order.ts). Pure: the
 * input array is never changed.
 */

export type AiSortMode = `ai-${AiSortKind}`;
export type SortMode = 'newest' | 'oldest' | 'name-asc' | 'name-desc' | 'store' | `property-${string}` | AiSortMode;

export const DEFAULT_SORT_MODE: SortMode = 'newest';
export const PROPERTY_SORT_PREFIX = 'property-';
export const AI_SORT_PREFIX = 'ai-';

export const aiSortMode = (kind: AiSortKind): AiSortMode => `${AI_SORT_PREFIX}${kind}`;

/** The AI sort kind of a mode (`ai-department`: `department`); undefined for the other modes. */
export function aiSortKindOf(mode: SortMode): AiSortKind | undefined {
  return AI_SORT_KINDS.find((kind) => aiSortMode(kind) === mode);
}

export interface SortMenuEntry {
  value: SortMode;
  label: string;
}

/** The sort menu's plain modes, in the order it shows them. */
export const SORT_MENU: readonly SortMenuEntry[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name-asc', label: 'Name A-Z' },
  { value: 'name-desc', label: 'Name Z-A' },
  { value: 'store', label: 'Store order' },
];

/** The sort menu's group of AI sorts (POST /lists/{id}/sort's kinds); offered to those who may use AI on the list. */
export const AI_SORT_MENU_LABEL = 'AI sort';
const AI_SORT_LABELS: Record<AiSortKind, string> = {
  smart: 'Smart (AI)',
  department: 'Department (AI)',
  category: 'Category (AI)',
  priority: 'Priority (AI)',
};
export const AI_SORT_MENU: readonly SortMenuEntry[] = AI_SORT_KINDS.map((kind) => ({ value: aiSortMode(kind), label: AI_SORT_LABELS[kind] }));

/**
 * The sort by quantity, as the menu and its button name it: it orders by the amount, units
 * understood (500 g before 1 kg), not by the text, and shows no group per quantity.
 */
export const QUANTITY_SORT_LABEL = 'Quantity (smallest first)';

/** What a sort mode is called: its menu entry, or the property's readable name ("Due date"). */
export function sortModeLabel(mode: SortMode): string {
  const entry = [...SORT_MENU, ...AI_SORT_MENU].find((candidate) => candidate.value === mode);
  if (entry) return entry.label;
  const key = mode.slice(PROPERTY_SORT_PREFIX.length);
  return QUANTITY_KEYS.includes(key) ? QUANTITY_SORT_LABEL : propertyLabel(key);
}

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

/**
 * How a property key reads in the sort menu: "qty" and "quantity" read "Quantity", "due_date"
 * "Due date", "tag_organic" "Tag: organic" (as its tag reads "organic" on the row).
 */
export function propertyLabel(key: string): string {
  if (QUANTITY_KEYS.includes(key)) return 'Quantity';
  const words = (text: string) => text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  const tag = /^tag_(.+)$/.exec(key)?.[1];
  if (tag !== undefined) return `Tag: ${words(tag) || tag}`;
  const label = words(key);
  return label ? label[0]!.toUpperCase() + label.slice(1) : key;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function byName(a: SortableItem, b: SortableItem): number {
  return collator.compare(a.content, b.content);
}

/** Creation time, then position, so items of one batch (same timestamp) keep their order. */
function byAge(a: SortableItem, b: SortableItem): number {
  return a.created_at.localeCompare(b.created_at) || a.position - b.position;
}

/** A property value as it sorts: its leading number when it has one (see `readAmount`), then its text. */
interface PropertyValue {
  amount: number | undefined;
  text: string;
}

function propertyValue(value: unknown): PropertyValue | undefined {
  if (typeof value === 'number') return { amount: value, text: '' };
  if (typeof value !== 'string') return undefined;
  const read = readAmount(value);
  return read ? { amount: read.amount, text: read.rest } : { amount: undefined, text: value };
}

/** Values with a number first, by number and then by unit or text; values without one after, by text. */
function compareValues(left: PropertyValue, right: PropertyValue): number {
  if (left.amount === undefined || right.amount === undefined) {
    if (left.amount !== right.amount) return left.amount === undefined ? 1 : -1;
  } else if (left.amount !== right.amount) {
    return left.amount - right.amount;
  }
  return collator.compare(left.text, right.text);
}

/**
 * A quantity as a sort by quantity reads it (`measureOf`): what it measures, in MEASURE_ORDER
 * (things counted, weights, volumes, then each container), and how much in that measure's base
 * unit, so 500 g comes before 1 kg and 1,5 kg before 2 kg. A unit Listo does not know ("2
 * handfuls") comes after those, by its number; a quantity without a number ("some") last.
 */
interface QuantityValue extends PropertyValue {
  rank: number;
}

function quantityValue(value: unknown): QuantityValue | undefined {
  const measured = typeof value === 'string' ? measureOf(value) : undefined;
  if (measured) return { rank: MEASURE_ORDER.indexOf(measured.measure), amount: measured.amount, text: value as string };
  const plain = propertyValue(value);
  if (!plain) return undefined;
  if (typeof value === 'number') return { ...plain, rank: 0 };
  return { ...plain, rank: MEASURE_ORDER.length + (plain.amount === undefined ? 1 : 0) };
}

function compareQuantities(left: QuantityValue, right: QuantityValue): number {
  return left.rank - right.rank || compareValues(left, right);
}

/**
 * Items with the property first, by its value ("1/2 cup" < "1 gallon" < "1.5 pounds" < "2 bottles";
 * a quantity by what it measures and how much); the others after, by name. Each value is read
 * once per sort.
 */
function byProperty(key: string) {
  return QUANTITY_KEYS.includes(key) ? byValue(key, quantityValue, compareQuantities) : byValue(key, propertyValue, compareValues);
}

function byValue<V>(key: string, read: (value: unknown) => V | undefined, compare: (left: V, right: V) => number) {
  const values = new Map<SortableItem, V | undefined>();
  const valueOf = (item: SortableItem) => {
    if (!values.has(item)) values.set(item, read(item.properties[key]));
    return values.get(item);
  };
  return (a: SortableItem, b: SortableItem): number => {
    const left = valueOf(a);
    const right = valueOf(b);
    if (left === undefined || right === undefined) {
      return left === right ? byName(a, b) : left === undefined ? 1 : -1;
    }
    return compare(left, right) || byName(a, b);
  };
}

function comparatorOf(mode: SortMode): (a: SortableItem, b: SortableItem) => number {
  if (mode.startsWith(PROPERTY_SORT_PREFIX)) return byProperty(mode.slice(PROPERTY_SORT_PREFIX.length));
  // The order the server stored at the AI sort, read again from the properties it stored: items
  // added since, or enriched by someone else's sort, fall into place without another call.
  const aiKind = aiSortKindOf(mode);
  if (aiKind) return aiSortComparator(aiKind);
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

/**
 * Sorts by the mode; with `completedLast`, completed items go to the end, each part sorted alike.
 * `learned`: the list's learned store order, for the `store` mode.
 */
export function sortItems<T extends SortableItem>(items: readonly T[], mode: SortMode, completedLast = false, learned = NOTHING_LEARNED): T[] {
  if (mode === 'store') return sortByStoreOrder(items, learned, completedLast);
  const compare = comparatorOf(mode);
  return [...items].sort(
    (a, b) => (completedLast ? Number(a.is_completed) - Number(b.is_completed) : 0) || compare(a, b),
  );
}

/** History suggestions: prefix matches first, then the other matches, each alphabetical. */
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
