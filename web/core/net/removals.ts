import { ApiError, type ChangeRequest } from './client.ts';

/** A removal inside a list (an item, its image), where a 404 may name the list around it. */
const INSIDE_A_LIST = /^\/lists\/[^/]+\/items\//;

/**
 * Whether a removal's 404 says that what it removes is gone already: done, as the user asked. Not
 * when it names the list around an item (`List not found or not accessible`): the caller's access
 * went (or the list did), and the item may still be there for the others.
 */
export function foundGoneAlready(request: ChangeRequest, error: unknown): boolean {
  if (request.method !== 'DELETE' || !(error instanceof ApiError) || error.status !== 404) return false;
  return !(INSIDE_A_LIST.test(request.path) && error.listOutOfReach);
}
