/** Whether two JSON values (what the API sends) are equal, key order aside. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * `next`, with the object from `current` for each entry (by id) that did not change, and `current`
 * itself when nothing did. A server answer or a live update that repeats what the store holds
 * (the live feed's first snapshot repeats the list just loaded) then renders no row again: rows
 * are memoised on their item's identity.
 */
export function keepUnchanged<T extends { id: string }>(current: readonly T[], next: readonly T[]): T[] {
  const before = new Map(current.map((entry) => [entry.id, entry]));
  const kept = next.map((entry) => {
    const old = before.get(entry.id);
    return old !== undefined && sameJson(old, entry) ? old : entry;
  });
  const same = kept.length === current.length && kept.every((entry, index) => entry === current[index]);
  return same ? (current as T[]) : kept;
}
