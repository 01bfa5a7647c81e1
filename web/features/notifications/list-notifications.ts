import { useEffect } from 'react';
import { PUSH_UI_TEXT } from '../../../common/push.ts';
import { fetchListNotifications, saveListNotifications, sendGoingShopping } from './push-api.ts';
import { messageOf } from '../../core/net/errors.ts';
import type { ClientList } from '../../core/store/app-state.ts';
import { createStore, useStore } from '../../core/store/store.ts';
import { notify } from '../../core/store/toasts.ts';

/** A list's notifications for the user (muted or not), read when a control for it first shows. */
const mutedStore = createStore<ReadonlyMap<string, boolean>>(new Map());
const reading = new Set<string>();

const setMuted = (listId: string, muted: boolean) => mutedStore.update((all) => new Map(all).set(listId, muted));

/** Whether a list has people besides the user: only then is there anyone to hear from, or to tell. */
export const isSharedWithOthers = (list: ClientList) => (list.isOwner ? (list.shares?.length ?? 0) > 0 : list.shareInfo !== undefined);

/** Muted or not; undefined until read (a failed read leaves the control off, never a wrong state). */
export function useListMuted(listId: string, wanted: boolean): boolean | undefined {
  const muted = useStore(mutedStore, (all) => all.get(listId));
  useEffect(() => {
    if (!wanted || muted !== undefined || reading.has(listId)) return;
    reading.add(listId);
    fetchListNotifications(listId)
      .then(({ muted: read }) => setMuted(listId, read))
      .catch(() => undefined)
      .finally(() => reading.delete(listId));
  }, [listId, wanted, muted]);
  return muted;
}

/** Mutes or unmutes at once on screen; a refusal puts it back and says why. */
export async function setListMutedAction(listId: string, muted: boolean): Promise<void> {
  setMuted(listId, muted);
  try {
    await saveListNotifications(listId, muted);
  } catch (failure) {
    setMuted(listId, !muted);
    notify(messageOf(failure, PUSH_UI_TEXT.muteFailed), 'error');
  }
}

/** "I'm going shopping": the others' devices are told; the toast says whether anyone could be. */
export async function goingShoppingAction(listId: string): Promise<void> {
  try {
    const { devices } = await sendGoingShopping(listId);
    notify(devices > 0 ? PUSH_UI_TEXT.pingSent : PUSH_UI_TEXT.pingNobody, devices > 0 ? 'success' : 'info');
  } catch (failure) {
    notify(messageOf(failure, PUSH_UI_TEXT.pingFailed), 'error');
  }
}
