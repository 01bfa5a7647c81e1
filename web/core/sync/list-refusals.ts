/**
 * A write refused for its list's sake (the list went, or what the caller may do with it changed):
 * the lists feature reads the list again (`onListRefusal`), so item and undo writes report the
 * refusal here without knowing the lists feature.
 */
type RefusalHandler = (listId: string, error: unknown) => void;

let handler: RefusalHandler = () => undefined;

export function onListRefusal(next: RefusalHandler): void {
  handler = next;
}

export function listRefused(listId: string, error: unknown): void {
  handler(listId, error);
}
