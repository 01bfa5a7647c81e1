import { describe, expect, it } from 'vitest';
import { groupItems, groupKeyOf, labelsLeftOutBy, OTHER_GROUP_LABEL } from './grouping.ts';
import { sortItems, type SortableItem } from './sorting.ts';

const item = (content: string, properties: Record<string, unknown> = {}, is_completed = false): SortableItem => ({
  content,
  is_completed,
  created_at: '2025-01-01T00:00:00.000Z',
  position: 0,
  properties,
});

describe('groupKeyOf', () => {
  it('groups property sorts and the AI sorts that set a department or a category', () => {
    expect(groupKeyOf('property-department')).toBe('department');
    expect(groupKeyOf('property-size')).toBe('size');
    expect(groupKeyOf('ai-department')).toBe('department');
    expect(groupKeyOf('ai-category')).toBe('category');
    expect(groupKeyOf('ai-smart')).toBe('department');
    expect(groupKeyOf('ai-priority')).toBe('priority');
  });

  it('leaves out of the rows what the headings say, and every AI label in an AI sort', () => {
    expect(labelsLeftOutBy('newest')).toEqual([]);
    expect(labelsLeftOutBy('property-size')).toEqual(['size']);
    for (const mode of ['ai-smart', 'ai-department', 'ai-category', 'ai-priority']) {
      expect(labelsLeftOutBy(mode)).toEqual(['department', 'category', 'priority']);
    }
  });

  it('does not group the other sorts', () => {
    // Nor a quantity: its sort orders by the amount, and a heading per quantity would head one item each.
    for (const mode of ['newest', 'oldest', 'name-asc', 'name-desc', 'property-', 'property-qty', 'property-quantity']) {
      expect(groupKeyOf(mode)).toBeUndefined();
    }
  });
});

describe('groupItems', () => {
  const items = [
    item('milk', { department: 'Dairy' }),
    item('apples', { department: 'Produce' }, true),
    item('nails'),
    item('cheese', { department: 'dairy ' }, true),
    item('pears', { department: 'Produce' }),
    item('tape', { department: '' }),
  ];

  it('puts each value under one heading, in the sorted order, with the items without one last under Other', () => {
    const groups = groupItems(sortItems(items, 'property-department'), 'department');
    expect(groups.map((group) => [group.label, group.items.map((entry) => entry.content)])).toEqual([
      ['Dairy', ['milk', 'cheese']],
      ['Produce', ['apples', 'pears']],
      [OTHER_GROUP_LABEL, ['tape', 'nails']],
    ]);
  });

  it("counts each group's done items", () => {
    const groups = groupItems(items, 'department');
    expect(groups.map((group) => `${group.label} ${group.done}/${group.items.length}`)).toEqual(['Dairy 1/2', 'Produce 1/2', 'Other 0/2']);
  });

  it('keeps completed-last inside each group', () => {
    const groups = groupItems(sortItems(items, 'property-department', true), 'department');
    expect(groups.map((group) => group.items.map((entry) => entry.content))).toEqual([
      ['milk', 'cheese'],
      ['pears', 'apples'],
      ['tape', 'nails'],
    ]);
  });

  it('groups numbers by their value, and has no Other group when every item has a value', () => {
    const groups = groupItems([item('a', { qty: 2 }), item('b', { qty: '2' }), item('c', { qty: 3 })], 'qty');
    expect(groups.map((group) => [group.label, group.items.length])).toEqual([
      ['2', 2],
      ['3', 1],
    ]);
  });

  it('answers no group for no items', () => {
    expect(groupItems([], 'department')).toEqual([]);
  });
});
