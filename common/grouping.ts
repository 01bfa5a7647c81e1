import { AI_ENRICHMENT_KEYS } from './ai.ts';
import { QUANTITY_KEYS } from './property-memory.ts';
import { PROPERTY_SORT_PREFIX, type SortableItem } from './sorting.ts';

/**
 * Group headings of a sorted list: when the sort is by a property (`property-{key}`), or an AI
 * sort (by the property it orders by first: `ai-smart` and `ai-department` by `department`),
 * the items show under one heading per value of that property, with the items that have none
 * last under "Other". Pure, beside common/sorting.ts, whose order it keeps.
 */

export const OTHER_GROUP_LABEL = 'Other';

/**
 * The AI sorts, each shown under headings of the property it orders by first (the smart sort walks
 * the store by department), so their labels head groups instead of sitting on every row (decision 050).
 */
const AI_GROUP_KEYS: Record<string, string> = {
  'ai-smart': 'department',
  'ai-department': 'department',
  'ai-category': 'category',
  'ai-priority': 'priority',
};

/**
 * The properties a sort mode's rows leave out of their labels: what its headings say, and for an
 * AI sort every label AI sorts add (department, category, priority), which the headings and the
 * order stand for (decision 050).
 */
export function labelsLeftOutBy(mode: string): readonly string[] {
  if (mode in AI_GROUP_KEYS) return AI_ENRICHMENT_KEYS;
  const key = groupKeyOf(mode);
  return key === undefined ? [] : [key];
}

/**
 * The property a sort mode groups by, or undefined when it does not group. Not a quantity: nearly
 * every item has its own ("2", "500 g", "1,5 kg"), so the sort by quantity orders by the amount
 * (common/sorting.ts) and a heading per value would stand over one item each.
 */
export function groupKeyOf(mode: string): string | undefined {
  if (mode.startsWith(PROPERTY_SORT_PREFIX)) {
    const key = mode.slice(PROPERTY_SORT_PREFIX.length);
    return key === '' || QUANTITY_KEYS.includes(key) ? undefined : key;
  }
  return AI_GROUP_KEYS[mode];
}

export interface ItemGroup<T> {
  /** The value's text in lower case ('' for "Other"): one group for "Dairy" and "dairy". */
  key: string;
  label: string;
  items: T[];
  done: number;
}

/** The text a property value groups under, or undefined when it has none. */
function groupValue(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' ? undefined : text;
}

/**
 * Splits sorted items into groups by the property `key`: groups in the order their first item
 * comes, each item in its sorted place, "Other" last. The label is the value as first seen.
 */
export function groupItems<T extends SortableItem>(items: readonly T[], key: string): ItemGroup<T>[] {
  const groups = new Map<string, ItemGroup<T>>();
  const other: ItemGroup<T> = { key: '', label: OTHER_GROUP_LABEL, items: [], done: 0 };
  for (const item of items) {
    const value = groupValue(item.properties[key]);
    const id = value?.toLowerCase();
    let group = id === undefined ? other : groups.get(id);
    if (!group) groups.set(id!, (group = { key: id!, label: value!, items: [], done: 0 }));
    group.items.push(item);
    if (item.is_completed) group.done++;
  }
  return other.items.length > 0 ? [...groups.values(), other] : [...groups.values()];
}
