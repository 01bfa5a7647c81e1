import { AI_DEPARTMENTS, AI_PRIORITIES, OTHER_DEPARTMENT, type AiSortKind } from './ai.ts';

/**
 * The order of an AI sort (`ai-{kind}`), from the properties enrichment stored on
 * the items: the server stores it as positions, and the web app can apply the same rule to its
 * optimistic rows. Pure: the input array is never changed.
 *
 * - `department`: departments in walking order (AI_DEPARTMENTS), then by name;
 * - `smart`: the route through the store: departments in walking order, like things together
 *   within one (by category), then by name;
 * - `category`: categories alphabetically, then in walking order, then by name;
 * - `priority`: high, medium, low, then none, each part in walking order, then by name.
 * A department that is not one of AI_DEPARTMENTS (a user typed "Aisle 5") comes just before
 * `Other`, alphabetically; items without the property come last. Ties keep the current order.
 */

export interface AiSortableItem {
  content: string;
  position: number;
  properties: Record<string, unknown>;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

const OTHER_RANK = AI_DEPARTMENTS.indexOf(OTHER_DEPARTMENT);
const DEPARTMENT_RANK = new Map<string, number>(AI_DEPARTMENTS.map((name, index) => [name.toLowerCase(), index]));

/** Where a department stands in the walk: its index, unknown ones just before Other, none last. */
function departmentRank(item: AiSortableItem): number {
  const department = text(item.properties.department);
  if (department === undefined) return AI_DEPARTMENTS.length;
  return DEPARTMENT_RANK.get(department.toLowerCase()) ?? OTHER_RANK - 0.5;
}

function byDepartment(a: AiSortableItem, b: AiSortableItem): number {
  return (
    departmentRank(a) - departmentRank(b) ||
    collator.compare(text(a.properties.department) ?? '', text(b.properties.department) ?? '')
  );
}

/** Items with the text property first, alphabetically; items without it after. */
function byText(key: string) {
  return (a: AiSortableItem, b: AiSortableItem): number => {
    const left = text(a.properties[key]);
    const right = text(b.properties[key]);
    if (left === undefined || right === undefined) return left === right ? 0 : left === undefined ? 1 : -1;
    return collator.compare(left, right);
  };
}

function priorityRank(item: AiSortableItem): number {
  const index = (AI_PRIORITIES as readonly string[]).indexOf(text(item.properties.priority)?.toLowerCase() ?? '');
  return index === -1 ? AI_PRIORITIES.length : index;
}

const byName = (a: AiSortableItem, b: AiSortableItem) => collator.compare(a.content, b.content);
const byCategory = byText('category');

const COMPARATORS: Record<AiSortKind, ((a: AiSortableItem, b: AiSortableItem) => number)[]> = {
  department: [byDepartment, byName],
  smart: [byDepartment, byCategory, byName],
  category: [byCategory, byDepartment, byName],
  priority: [(a, b) => priorityRank(a) - priorityRank(b), byDepartment, byName],
};

/** Compares two items in the order of the AI sort `kind` (see the module comment); ties by position. */
export function aiSortComparator(kind: AiSortKind): (a: AiSortableItem, b: AiSortableItem) => number {
  const comparators = COMPARATORS[kind];
  return (a, b) => {
    for (const compare of comparators) {
      const result = compare(a, b);
      if (result !== 0) return result;
    }
    return a.position - b.position;
  };
}

/** The items in the order of the AI sort `kind` (see the module comment). */
export function aiSortOrder<T extends AiSortableItem>(items: readonly T[], kind: AiSortKind): T[] {
  return [...items].sort(aiSortComparator(kind));
}
