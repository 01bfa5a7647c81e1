/**
 * The paths of the reads a signed-in start begins before its code has loaded
 * (app/first-screen-reads.ts). They live apart from their calls so that the entry chunk takes
 * the paths without the calls' answer schemas, and with them zod (vite.config.ts, decision 018).
 */
export const ME_PATH = '/auth/me';
export const LISTS_PATH = '/lists';
/** Also the first page of a list's items (no cursor). */
export const itemsPath = (listId: string) => `/lists/${encodeURIComponent(listId)}/items`;
