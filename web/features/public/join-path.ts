import { JOIN_PATH_PREFIX } from '../../../common/constants.ts';

/**
 * The share link with the visitor's wish to join said: `/join/{id}` alone shows a public list at
 * once, and joining is the second step that comes back here (after signing in, when signed out).
 */
export const JOIN_QUERY = 'join';
export const joinPath = (listId: string) => `${JOIN_PATH_PREFIX}${listId}?${JOIN_QUERY}=1`;
