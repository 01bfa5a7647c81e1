import { TEMP_ID_PREFIX } from '../../../common/constants.ts';
import type { ListView } from '../../../common/schemas/lists.ts';
import type { PendingChange } from './pending-change.ts';
import { keepUnchanged } from './keep-unchanged.ts';

/**
 * Lists and items made on this device carry their final id from the start: a UUID made here,
 * which the server takes (decision 008). `tempId` (`temp-<timestamp>`) only marks
 * them as not yet confirmed by the server; `pendingKey` names their queued change while offline.
 */
export interface Optimistic {
  id: string;
  tempId?: string;
  pendingKey?: string;
}

/** `temp-<timestamp>`; a suffix keeps the marks of one batch apart. */
export function newTempId(suffix?: number): string {
  return `${TEMP_ID_PREFIX}${Date.now()}${suffix === undefined ? '' : `-${suffix}`}`;
}

export const isUnconfirmed = (entity: Optimistic): boolean => entity.tempId !== undefined;

/**
 * Whether the server's answer to a write may take the place of the copy held: not when the live
 * feed brought a later change meanwhile (someone else's, made after this write; a slow answer
 * arrives after it). A copy made here and not confirmed yet always gives way: its times are this
 * device's guess.
 */
export const answerIsCurrent = (held: Optimistic & { updated_at: string }, answer: { updated_at: string }): boolean =>
  isUnconfirmed(held) || answer.updated_at >= held.updated_at;

/**
 * The optimistic entities of `current` that the server has not sent back yet and that are still
 * on their way: in flight (no pendingKey) or queued offline. One whose change was dropped is gone.
 */
export function stillOnTheirWay<T extends Optimistic>(current: readonly T[], serverIds: ReadonlySet<string>, pending: readonly PendingChange[]): T[] {
  const queued = new Set(pending.map((change) => change.key));
  return current.filter(
    (entity) =>
      isUnconfirmed(entity) &&
      !serverIds.has(entity.id) &&
      (entity.pendingKey === undefined || queued.has(entity.pendingKey)),
  );
}

/** Whether a change names the entity: ids are UUIDs, so one found in its path or body is that entity. */
const changeNames = (change: PendingChange, id: string): boolean => JSON.stringify([change.path, change.body ?? null]).includes(id);

/**
 * What a cache restored at start keeps of the optimistic entities: those whose change is queued,
 * and those whose request was on its way when the page went away (`interrupted`, or queued by the
 * page as it went: app-state.ts `saveCache`), which is sent again and is now their queued change.
 * One whose change is in neither would stay "saving" for good: it is dropped, and if its request
 * reached the server, the next load brings the server's copy.
 */
export function withoutLostRequests<T extends Optimistic>(entities: readonly T[], queued: readonly PendingChange[], interrupted: readonly PendingChange[]): T[] {
  const queuedKeys = new Set(queued.map((change) => change.key));
  return entities.flatMap((entity) => {
    if (!isUnconfirmed(entity) || (entity.pendingKey !== undefined && queuedKeys.has(entity.pendingKey))) return [entity];
    const resent = [...interrupted, ...queued].find((change) => changeNames(change, entity.id));
    return resent ? [{ ...entity, pendingKey: resent.key }] : [];
  });
}

/** The server's lists, plus the lists made here that it has not answered yet; unchanged ones kept as they were. */
export function mergeServerLists<T extends Optimistic>(current: readonly T[], server: readonly ListView[], pending: readonly PendingChange[]): (T | ListView)[] {
  return keepUnchanged<T | ListView>(current, [...stillOnTheirWay(current, new Set(server.map((list) => list.id)), pending), ...server]);
}
