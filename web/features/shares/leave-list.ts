import { UI_TEXT } from '../../../common/messages.ts';
import { session } from '../../core/store/session.ts';
import { dropList } from '../lists/index.ts';
import { shareRequests } from './shares-api.ts';

/** Leaves a list shared with the caller: their own share is removed, the list stays with the others. */
export async function leaveListAction(id: string): Promise<void> {
  const user = session.get().user;
  if (user) await dropList(id, shareRequests.remove(id, user.id), UI_TEXT.listLeaveFailed);
}
