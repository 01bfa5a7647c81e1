import { API_BASE_PATH } from '../../../common/constants.ts';
import { REALTIME_PATH } from '../../../common/realtime.ts';
import type { RealtimeTicketResponse } from '../../../common/schemas/realtime.ts';
import { api } from './client.ts';
import { whenIdle } from './when-idle.ts';
import { createLiveClient, type LiveClient, type LiveClientOptions } from './live-client.ts';

export interface BrowserLiveOptions extends Pick<LiveClientOptions, 'onStatus' | 'onAccountDeleted'> {
  /** Signed out: connect without a session, as a reader of public lists (their items only). */
  anonymous?: boolean;
}

/**
 * The live client of the browser app: same origin as the page, tickets through `api()` (which
 * refreshes an expired session token once), a first connection at an idle moment, and a check
 * of the socket (a reconnect if it waits, a ping if it is open) when the network returns or the
 * page is shown again.
 */
export function createBrowserLiveClient({ anonymous = false, ...options }: BrowserLiveOptions = {}): LiveClient {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const client = createLiveClient({
    url: `${scheme}//${location.host}${API_BASE_PATH}${REALTIME_PATH}`,
    // The socket is not needed to show the first screen: the screen's data comes over REST.
    startAfter: whenIdle(),
    ...(!anonymous && {
      getTicket: async () => (await api<RealtimeTicketResponse>('/auth/realtime-token', { method: 'POST' })).ticket,
    }),
    ...options,
  });
  const checkNow = () => client.checkNow();
  // A laptop that slept or a phone that changed networks while the page was hidden.
  const checkWhenShown = () => {
    if (document.visibilityState === 'visible') client.checkNow();
  };
  window.addEventListener('online', checkNow);
  document.addEventListener('visibilitychange', checkWhenShown);
  return {
    ...client,
    close() {
      window.removeEventListener('online', checkNow);
      document.removeEventListener('visibilitychange', checkWhenShown);
      client.close();
    },
  };
}
