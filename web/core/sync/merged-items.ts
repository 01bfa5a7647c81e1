/**
 * Ids this device made that the server did not use, each with the id of the item that stands for
 * it: an item added here whose name another device had added meanwhile (the batch answer's
 * `merged`, common/schemas/items.ts). What waits for such an item (the changes queued behind it, a
 * photo attached while it was being created) goes to that one instead.
 */
const mergedIds = new Map<string, string>();

/** Notes the merges an answer reports; returns them (none when it reports none). */
export function noteMerged(answer: unknown): Record<string, string> {
  const merged = answer instanceof Object && 'merged' in answer ? (answer.merged as Record<string, string>) : {};
  for (const [from, to] of Object.entries(merged)) mergedIds.set(from, to);
  return merged;
}

/** The item that stands for an id this device made, when the server merged it into another. */
export function mergedInto(id: string): string | undefined {
  return mergedIds.get(id);
}
