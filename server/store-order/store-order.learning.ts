import { STORE_ORDER_DEPARTMENT_PULL, STORE_ORDER_LEARNING_RATE, type LearnedStoreOrder } from '../../common/store-order.ts';

/**
 * What one trip teaches (docs/decisions/052-trips-and-store-order.md). Pure: the service reads the
 * scores a trip touches, calls `learnTrip`, and writes back what it answers.
 *
 * Each item name has a position in the walk, 0 to 1, kept as an offset from its department's
 * position, so that when a department moves, the names of it that nobody bought since move along.
 * A trip is a sequence: the names it holds that were known keep their positions as a set, handed
 * out again in the order of the trip (the trip says which came first, not how far apart they
 * are); the names it holds that were not known are placed between their known neighbours in the
 * trip. Each name then moves toward that target by max(1 / times seen, STORE_ORDER_LEARNING_RATE),
 * so that old trips fade and a re-arranged shop is learned within a few trips.
 */

export interface ItemScore {
  /** The position, less that of `department` (when the name was learned with one). */
  offset: number;
  department: string | undefined;
  seen: number;
}

export interface DepartmentScore {
  position: number;
  seen: number;
}

export interface Knowledge {
  items: ReadonlyMap<string, ItemScore>;
  departments: ReadonlyMap<string, DepartmentScore>;
}

export interface TripStop {
  nameKey: string;
  department: string | undefined;
}

/** The scores a trip changed or made. */
export interface Learned {
  items: Map<string, ItemScore>;
  departments: Map<string, DepartmentScore>;
}

const rateFor = (seen: number) => Math.max(1 / seen, STORE_ORDER_LEARNING_RATE);

/** An item's position in the walk. */
export function positionOf(score: ItemScore, departments: ReadonlyMap<string, DepartmentScore>): number {
  return score.offset + (score.department === undefined ? 0 : (departments.get(score.department)?.position ?? 0));
}

/**
 * Where the app places an item: a name seen on few trips is drawn toward its department's
 * position, where one detour would otherwise put it in the wrong aisle.
 */
function placedAt(score: ItemScore, departments: ReadonlyMap<string, DepartmentScore>): number {
  const department = score.department === undefined ? undefined : departments.get(score.department);
  if (department === undefined) return score.offset;
  return department.position + (score.offset * score.seen) / (score.seen + STORE_ORDER_DEPARTMENT_PULL);
}

/**
 * Where the trip puts each of its stops: the known positions in trip order, the unknown ones
 * spread between their neighbours (the entrance, 0, and the tills, 1, at the ends).
 */
export function tripTargets(known: readonly (number | undefined)[]): number[] {
  const sorted = spreadTies(known.filter((position) => position !== undefined).sort((a, b) => a - b));
  let next = 0;
  const targets = known.map((position) => (position === undefined ? undefined : sorted[next++]!));
  const anchors: [number, number][] = [[-1, 0], ...targets.flatMap((target, index): [number, number][] => (target === undefined ? [] : [[index, target]])), [known.length, 1]];
  for (let anchor = 0; anchor < anchors.length - 1; anchor++) {
    const [from, low] = anchors[anchor]!;
    const [to, high] = anchors[anchor + 1]!;
    for (let index = from + 1; index < to; index++) targets[index] = low + ((high - low) * (index - from)) / (to - from);
  }
  return targets as number[];
}

/**
 * Equal positions spread around their value, within the gaps to their neighbours: two names that
 * came to the same position would otherwise be handed it back in any order, and never part again.
 */
function spreadTies(sorted: number[]): number[] {
  const spread = [...sorted];
  for (let start = 0; start < sorted.length; ) {
    let end = start + 1;
    while (end < sorted.length && sorted[end] === sorted[start]) end++;
    const value = sorted[start]!;
    const room = Math.min(value - (sorted[start - 1] ?? 0), (sorted[end] ?? 1) - value) / (end - start + 1);
    for (let index = start; index < end; index++) spread[index] = value + (index - (start + end - 1) / 2) * room;
    start = end;
  }
  return spread;
}

/** What a trip (its stops in the order they were checked off, each name once) teaches. */
export function learnTrip(knowledge: Knowledge, stops: readonly TripStop[]): Learned {
  const before = stops.map((stop) => {
    const score = knowledge.items.get(stop.nameKey);
    return score && positionOf(score, knowledge.departments);
  });
  const targets = tripTargets(before);

  const departments = new Map<string, DepartmentScore>();
  const targetsOf = new Map<string, number[]>();
  stops.forEach((stop, index) => {
    if (stop.department !== undefined) targetsOf.set(stop.department, [...(targetsOf.get(stop.department) ?? []), targets[index]!]);
  });
  for (const [department, its] of targetsOf) {
    const target = its.reduce((sum, value) => sum + value, 0) / its.length;
    const old = knowledge.departments.get(department);
    const seen = (old?.seen ?? 0) + 1;
    const position = old ? old.position + rateFor(seen) * (target - old.position) : target;
    departments.set(department, { position, seen });
  }

  const items = new Map<string, ItemScore>();
  stops.forEach((stop, index) => {
    const old = knowledge.items.get(stop.nameKey);
    const seen = (old?.seen ?? 0) + 1;
    const base = stop.department === undefined ? 0 : departments.get(stop.department)!.position;
    // First along with its department, as its siblings not bought this time go; then toward the target.
    const was = old && (old.department === stop.department ? base + old.offset : before[index]!);
    const position = was === undefined ? targets[index]! : was + rateFor(seen) * (targets[index]! - was);
    items.set(stop.nameKey, { offset: position - base, department: stop.department, seen });
  });
  return { items, departments };
}

/** The positions the web app sorts by. */
export function learnedOrder(knowledge: Knowledge, trips: number): LearnedStoreOrder {
  // fromEntries makes own properties, whatever the name ("__proto__" too).
  const items = Object.fromEntries([...knowledge.items].map(([nameKey, score]) => [nameKey, placedAt(score, knowledge.departments)]));
  const departments = Object.fromEntries([...knowledge.departments].map(([department, score]) => [department, score.position]));
  return { trips, items, departments };
}
