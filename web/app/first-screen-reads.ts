import { ME_PATH, itemsPath, LISTS_PATH } from '../core/net/paths.ts';
import { readEarly } from '../core/net/client.ts';

/**
 * Starts the API reads the screen at `pathname` begins with, before its code has loaded, so that
 * they travel beside its chunks (main.tsx, on a signed-in start): the dashboard reads the lists
 * and the user; a list reads the lists and the first page of its items. The screens make the same
 * calls as ever, and take these answers (core/net/client.ts, `readEarly`).
 */
export function readFirstScreenEarly(pathname: string): void {
  if (pathname === '/') {
    readEarly(LISTS_PATH);
    readEarly(ME_PATH);
    return;
  }
  const listId = listIdOf(pathname);
  if (listId === undefined) return;
  readEarly(LISTS_PATH);
  readEarly(itemsPath(listId));
}

/** The `:id` of `/lists/:id`, decoded as the router decodes it. */
export function listIdOf(pathname: string): string | undefined {
  const segment = /^\/lists\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
