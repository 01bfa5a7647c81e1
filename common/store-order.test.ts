import { describe, expect, it } from 'vitest';
import { sortItems, sortModeLabel, type SortableItem } from './sorting.ts';
import { NOTHING_LEARNED, type LearnedStoreOrder } from './store-order.ts';

const item = (content: string, position: number, extra: Partial<SortableItem> = {}): SortableItem => ({
  content,
  position,
  is_completed: false,
  created_at: '2025-01-01T00:00:00.000Z',
  properties: {},
  ...extra,
});

const names = (items: readonly SortableItem[]) => items.map((entry) => entry.content);

describe('the store order sort', () => {
  const learned: LearnedStoreOrder = {
    trips: 3,
    items: { milk: 0.1, apple: 0.4, bread: 0.7, constructor: 0.9 },
    departments: { 'dairy & eggs': 0.15, produce: 0.45 },
  };

  it('puts learned names by their position (plural or not), unseen ones by their department, the rest by the assistant', () => {
    const items = [
      item('toothpaste', 0, { properties: { department: 'Personal Care' } }),
      item('bread', 1),
      item('Apples', 2),
      item('butter', 3, { properties: { department: 'Dairy & Eggs' } }),
      item('cucumber', 4, { properties: { department: 'Produce' } }),
      item('tea', 5, { properties: { department: 'Beverages' } }),
      item('milk', 6),
      item('stamps', 7),
      item('constructor', 8),
    ];
    expect(names(sortItems(items, 'store', false, learned))).toEqual([
      'milk', 'butter', 'Apples', 'cucumber', 'bread', 'constructor', 'tea', 'toothpaste', 'stamps',
    ]);
  });

  it('puts completed items last when asked, and is called Store order', () => {
    const items = [item('bread', 0, { is_completed: true }), item('milk', 1), item('apple', 2)];
    expect(names(sortItems(items, 'store', true, learned))).toEqual(['milk', 'apple', 'bread']);
    expect(sortModeLabel('store')).toBe('Store order');
  });

  it('keeps the list order when nothing was learned, and never reads an Object method as a position', () => {
    const items = [item('toString', 0), item('b', 1), item('a', 2)];
    expect(names(sortItems(items, 'store', false, NOTHING_LEARNED))).toEqual(['toString', 'b', 'a']);
  });
});
