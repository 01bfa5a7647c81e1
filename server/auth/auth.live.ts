import type { LiveSources } from '../realtime/index.ts';
import { presentUser } from '../users/user.presenter.ts';
import { findLiveSessionIds, findUserById } from './auth.queries.ts';

/** The auth feature's reads for live subscriptions: the `user` topic's document, and which sessions live on. */
export function authLiveSources(now: () => Date): Pick<LiveSources, 'userDoc' | 'liveSessions'> {
  return {
    async userDoc(db, userId) {
      const row = await findUserById(db, userId);
      return row && presentUser(row);
    },
    liveSessions: (db, sessionIds) => findLiveSessionIds(db, sessionIds, now().toISOString()),
  };
}
