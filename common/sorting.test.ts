import { describe, expect, it } from 'vitest';
import { AI_SORT_MENU, aiSortKindOf, propertyLabel, QUANTITY_SORT_LABEL, sortablePropertyKeys, sortItems, sortModeLabel, suggest, type SortableItem } from './sorting.ts';

const item = (content: string, minute: number, extra: Partial<SortableItem> = {}): SortableItem => ({
  content,
  is_completed: false,
  created_at: `2025-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`,
  position: minute,
  properties: {},
  ...extra,
});

const names = (items: SortableItem[]) => items.map((entry) => entry.content);

describe('sortItems', () => {
  const items = [item('bread', 1), item('Apples', 2), item('milk', 3, { is_completed: true }), item('eggs', 4)];

  it('sorts newest first by default and oldest first on request', () => {
    expect(names(sortItems(items, 'newest'))).toEqual(['eggs', 'milk', 'Apples', 'bread']);
    expect(names(sortItems(items, 'oldest'))).toEqual(['bread', 'Apples', 'milk', 'eggs']);
  });

  it('sorts by name, ignoring case, both ways', () => {
    expect(names(sortItems(items, 'name-asc'))).toEqual(['Apples', 'bread', 'eggs', 'milk']);
    expect(names(sortItems(items, 'name-desc'))).toEqual(['milk', 'eggs', 'bread', 'Apples']);
  });

  it('puts completed items last when asked, keeping the order within each part', () => {
    expect(names(sortItems(items, 'name-asc', true))).toEqual(['Apples', 'bread', 'eggs', 'milk']);
    expect(names(sortItems(items, 'newest', true))).toEqual(['eggs', 'Apples', 'bread', 'milk']);
  });

  it('keeps items of one batch (same time) in position order', () => {
    const batch = [item('b', 1, { position: 2 }), item('a', 1, { position: 1 })];
    expect(names(sortItems(batch, 'oldest'))).toEqual(['a', 'b']);
    expect(names(sortItems([...batch, item('c', 2)], 'newest'))).toEqual(['c', 'a', 'b']);
  });

  it('sorts by a property, items without it last by name', () => {
    const byAisle = [
      item('milk', 1, { properties: { department: 'Dairy' } }),
      item('zucchini', 2),
      item('apples', 3, { properties: { department: 'Produce' } }),
      item('butter', 4, { properties: { department: 'dairy' } }),
      item('bread', 5),
    ];
    expect(names(sortItems(byAisle, 'property-department'))).toEqual(['butter', 'milk', 'apples', 'bread', 'zucchini']);
  });

  it('sorts a quantity by what it measures and how much, units understood, values without a number after', () => {
    const groceries = [
      ['2 bottles', 'juice'],
      ['1/2 cup', 'sugar'],
      ['1.5 pounds', 'beef'],
      ['some', 'salt'],
      ['1 gallon', 'milk'],
      ['1 1/2 cups', 'flour'],
      ['¾', 'lemon'],
      ['1,25 l', 'water'],
      ['1 bag', 'rice'],
      ['10', 'eggs'],
      ['a few', 'apples'],
      ['2 kg', 'potatoes'],
      ['500 g', 'pasta'],
      ['1,5 kg', 'sugar cane'],
      ['6 x 1,5 l', 'sparkling water'],
      ['2 dozen', 'rolls'],
      ['2 handfuls', 'nuts'],
      ['3 bags', 'chips'],
    ].map(([qty, content], index) => item(content!, index, { properties: { qty } }));
    expect(names(sortItems([...groceries, item('bread', 20)], 'property-qty'))).toEqual([
      'lemon', // ¾
      'eggs', // 10
      'rolls', // 2 dozen: 24
      'pasta', // 500 g
      'beef', // 1.5 pounds: 680 g
      'sugar cane', // 1,5 kg
      'potatoes', // 2 kg
      'sugar', // 1/2 cup: 118 ml
      'flour', // 1 1/2 cups: 355 ml
      'water', // 1,25 l
      'milk', // 1 gallon: 3.8 l
      'sparkling water', // 6 x 1,5 l: 9 l
      'rice', // 1 bag
      'chips', // 3 bags
      'juice', // 2 bottles
      'nuts', // 2 handfuls: a unit Listo does not know
      'apples', // a few
      'salt', // some
      'bread', // no qty
    ]);
  });

  it('sorts other properties by their number, then by their text', () => {
    const sized = [
      ['2 bottles', 'juice'],
      ['1/2 cup', 'sugar'],
      ['1 gallon', 'milk'],
      ['1 kg', 'flour'],
      ['500 g', 'pasta'],
    ].map(([size, content], index) => item(content!, index, { properties: { size } }));
    expect(names(sortItems(sized, 'property-size'))).toEqual(['sugar', 'milk', 'flour', 'juice', 'pasta']);
  });

  it('reads numbers under any key, JSON numbers too', () => {
    const items = [
      item('b', 1, { properties: { quantity: '1½ cups', priority: 10 } }),
      item('a', 2, { properties: { quantity: '1 cup', priority: 9 } }),
      item('c', 3, { properties: { quantity: '12', priority: '2 (soon)' } }),
    ];
    // A quantity is read for what it measures: 12 things counted come before volumes.
    expect(names(sortItems(items, 'property-quantity'))).toEqual(['c', 'a', 'b']);
    expect(names(sortItems(items, 'property-priority'))).toEqual(['c', 'a', 'b']);
  });

  it('sorts an AI mode by what the AI sort stored: the walking order, completed last when asked', () => {
    const shop = [
      item('frozen peas', 1, { properties: { department: 'Frozen', priority: 'low' } }),
      item('milk', 2, { properties: { department: 'Dairy & Eggs', priority: 'high' }, is_completed: true }),
      item('added later', 3),
      item('bananas', 4, { properties: { department: 'Produce', priority: 'medium' } }),
    ];
    expect(names(sortItems(shop, 'ai-department'))).toEqual(['bananas', 'milk', 'frozen peas', 'added later']);
    expect(names(sortItems(shop, 'ai-department', true))).toEqual(['bananas', 'frozen peas', 'added later', 'milk']);
    expect(names(sortItems(shop, 'ai-priority'))).toEqual(['milk', 'bananas', 'frozen peas', 'added later']);
  });

  it('does not change its input', () => {
    const copy = [...items];
    sortItems(items, 'name-desc', true);
    expect(items).toEqual(copy);
  });
});

describe('AI sort modes', () => {
  it('offers each AI sort kind as ai-{kind}, and reads the kind back', () => {
    expect(AI_SORT_MENU.map((entry) => entry.value)).toEqual(['ai-smart', 'ai-department', 'ai-category', 'ai-priority']);
    expect(aiSortKindOf('ai-category')).toBe('category');
    expect(aiSortKindOf('property-ai-category')).toBeUndefined();
    expect(aiSortKindOf('newest')).toBeUndefined();
  });
});

describe('sortablePropertyKeys', () => {
  it('lists text and number properties, not translations', () => {
    const items = [
      item('milk', 1, { properties: { qty: '2', name_fr: 'lait', department: 'Dairy' } }),
      item('eggs', 2, { properties: { priority: 1, translations: { fr: 'oeufs' }, tag_x: null } }),
    ];
    expect(sortablePropertyKeys(items)).toEqual(['department', 'priority', 'qty']);
  });
});

describe('propertyLabel', () => {
  it.each([
    ['qty', 'Quantity'],
    ['quantity', 'Quantity'],
    ['due_date', 'Due date'],
    ['tag_organic', 'Tag: organic'],
    ['tag_gluten_free', 'Tag: gluten free'],
    ['department', 'Department'],
    ['bestBefore', 'Best before'],
    ['_', '_'],
  ])('%s reads %j', (key, label) => {
    expect(propertyLabel(key)).toBe(label);
  });
});

describe('sortModeLabel', () => {
  it('names the sort by quantity for what it does: by the amount, smallest first', () => {
    expect(sortModeLabel('property-qty')).toBe(QUANTITY_SORT_LABEL);
    expect(sortModeLabel('property-quantity')).toBe(QUANTITY_SORT_LABEL);
    expect(QUANTITY_SORT_LABEL).toBe('Quantity (smallest first)');
  });

  it('names the other modes by their menu entry or property', () => {
    expect(sortModeLabel('name-asc')).toBe('Name A-Z');
    expect(sortModeLabel('ai-department')).toBe('Department (AI)');
    expect(sortModeLabel('property-due_date')).toBe('Due date');
  });
});

describe('suggest', () => {
  const history = ['milk', 'Almond milk', 'mint', 'bread', 'Milk chocolate', 'oat milk', 'mince', 'millet', 'mild salsa', 'mixed nuts'];

  it('needs at least one character', () => {
    expect(suggest(history, '', 7)).toEqual([]);
    expect(suggest(history, '  ', 7)).toEqual([]);
  });

  it('shows prefix matches first, then other matches, each alphabetical, at most the limit', () => {
    expect(suggest(history, 'mil', 7)).toEqual(['mild salsa', 'milk', 'Milk chocolate', 'millet', 'Almond milk', 'oat milk']);
    expect(suggest(history, 'm', 7)).toHaveLength(7);
    expect(suggest(history, 'm', 7).slice(0, 3)).toEqual(['mild salsa', 'milk', 'Milk chocolate']);
  });

  it('leaves out what is typed exactly and repeats', () => {
    expect(suggest(['milk', 'milk', 'milkshake'], 'MILK', 7)).toEqual(['milkshake']);
  });
});
