import { TEMP_ID_PREFIX, TEMP_LIST_MERGE_WINDOW_MS } from '../../common/constants.ts';
import type { ListView } from '../../common/schemas/lists.ts';
import type { ClientList, PendingChange } from './app-state.ts';

export const isTempId = (id: string) => id.startsWith(TEMP_ID_PREFIX);

/** `temp-<timestamp>` (spec section 3); a suffix keeps ids of one batch apart. */
export function newTempId(suffix?: number): string {
  return `${TEMP_ID_PREFIX}${Date.now()}${suffix === undefined ? '' : `-${suffix}`}`;
}

/** The merge rule of spec section 4: same name, created under 10 seconds apart. */
export function isSameList(temp: ClientList, real: ListView): boolean {
  const apart = Math.abs(Date.parse(temp.created_at) - Date.parse(real.created_at));
  return temp.name === real.name && apart < TEMP_LIST_MERGE_WINDOW_MS;
}

/**
 * The server's lists, plus the temporary lists still on their way: in flight (no pendingKey) or
 * queued offline, and not yet matched by a real list.
 */
export function mergeServerLists(current: ClientList[], server: ListView[], pending: PendingChange[]): ClientList[] {
  const queued = new Set(pending.map((change) => change.key));
  const waiting = current.filter(
    (list) =>
      isTempId(list.id) &&
      (list.pendingKey === undefined || queued.has(list.pendingKey)) &&
      !server.some((real) => isSameList(list, real)),
  );
  return [...waiting, ...server];
}
