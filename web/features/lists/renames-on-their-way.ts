import type { ListView } from '../../../common/schemas/lists.ts';
import type { AppState } from '../../core/store/app-state.ts';
import { mergeServerLists } from '../../core/sync/optimistic.ts';
import type { PendingChange } from '../../core/sync/pending-change.ts';
import { listPath } from './lists-api.ts';

/** The name a change gives its list, when it is a rename. */
function renamedTo(change: PendingChange): string | undefined {
  if (change.method !== 'PUT' || change.path !== listPath(change.listId)) return undefined;
  const name = (change.body as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}

/**
 * The server's lists with the names this device gave them that the server has not answered yet: a
 * rename queued (offline, or after a fault) or on its way. A reload or a live update meanwhile
 * brings the old name, which must not take the new one's place on screen; once the rename is
 * answered, or refused and dropped, the server's name shows.
 */
export function withRenamesOnTheirWay(server: readonly ListView[], changes: readonly PendingChange[]): readonly ListView[] {
  const names = new Map<string, string>();
  for (const change of changes) {
    const name = renamedTo(change);
    if (name !== undefined) names.set(change.listId, name);
  }
  if (names.size === 0) return server;
  return server.map((list) => {
    const name = names.get(list.id);
    return name === undefined || name === list.name ? list : { ...list, name };
  });
}

/** The lists the server sent, merged into the store's: lists made or renamed here and still on their way stay as they are. */
export function listsFromServer(state: Pick<AppState, 'lists' | 'inFlight' | 'pendingChanges'>, server: readonly ListView[]) {
  return mergeServerLists(state.lists, withRenamesOnTheirWay(server, [...state.inFlight, ...state.pendingChanges]), state.pendingChanges);
}
