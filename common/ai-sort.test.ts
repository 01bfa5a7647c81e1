import { describe, expect, it } from 'vitest';
import { aiSortOrder, type AiSortableItem } from './ai-sort.ts';

const item = (content: string, properties: Record<string, unknown>, position = 0): AiSortableItem => ({ content, position, properties });
const names = (items: AiSortableItem[]) => items.map((entry) => entry.content);

describe('aiSortOrder', () => {
  const items = [
    item('ice cream', { department: 'Frozen', category: 'Ice Cream & Desserts', priority: 'low' }, 0),
    item('milk', { department: 'Dairy & Eggs', category: 'Milk & Cream', priority: 'high' }, 1),
    item('cheddar', { department: 'Dairy & Eggs', category: 'Cheese', priority: 'medium' }, 2),
    item('apples', { department: 'Produce', category: 'Fruit', priority: 'medium' }, 3),
    item('widget', { department: 'Other', category: 'Other', priority: 'medium' }, 4),
    item('bolts', { department: 'Aisle 5', category: 'Hardware' }, 5),
    item('mystery', {}, 6),
  ];

  it('department: the walking order, a department of the user just before Other, items without one last', () => {
    expect(names(aiSortOrder(items, 'department'))).toEqual(['apples', 'cheddar', 'milk', 'ice cream', 'bolts', 'widget', 'mystery']);
  });

  it('smart: the walking order, like things together within a department', () => {
    const dairy = [items[1]!, item('yogurt', { department: 'Dairy & Eggs', category: 'Yogurt' }, 7), items[2]!, item('brie', { department: 'Dairy & Eggs', category: 'Cheese' }, 8)];
    expect(names(aiSortOrder(dairy, 'smart'))).toEqual(['brie', 'cheddar', 'milk', 'yogurt']);
  });

  it('category: alphabetical by category, then walking order', () => {
    expect(names(aiSortOrder(items, 'category'))).toEqual(['cheddar', 'apples', 'bolts', 'ice cream', 'milk', 'widget', 'mystery']);
  });

  it('priority: high, medium, low, none; each part in walking order', () => {
    expect(names(aiSortOrder(items, 'priority'))).toEqual(['milk', 'apples', 'cheddar', 'widget', 'ice cream', 'bolts', 'mystery']);
  });

  it('keeps the current order of items that tie, and never changes its input', () => {
    const twins = [item('milk', { department: 'Dairy & Eggs' }, 5), item('Milk', { department: 'Dairy & Eggs' }, 2)];
    const copy = structuredClone(twins);
    expect(aiSortOrder(twins, 'department').map((entry) => entry.position)).toEqual([2, 5]);
    expect(twins).toEqual(copy);
  });
});
