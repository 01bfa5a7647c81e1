import { API_BASE_PATH } from '../../common/constants.ts';
import { REALTIME_PATH, type RealtimeTicketResponse } from '../../common/realtime.ts';
import { api } from '../api/client.ts';
import { whenIdle } from '../state/when-idle.ts';
import { createLiveClient, type LiveClient, type LiveClientOptions } from './live-client.ts';

/**
 * The live client of the browser app: same origin as the page, tickets through `api()` (which
 * refreshes an expired session token once), a first connection at an idle moment, and an
 * immediate reconnect when the network returns.
 */
export function createBrowserLiveClient(options: Pick<LiveClientOptions, 'onStatus'> = {}): LiveClient {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const client = createLiveClient({
    url: `${scheme}//${location.host}${API_BASE_PATH}${REALTIME_PATH}`,
    // The socket is not needed to show the first screen: the screen's data comes over REST.
    startAfter: whenIdle(),
    getTicket: async () => (await api<RealtimeTicketResponse>('/auth/realtime-token', { method: 'POST' })).ticket,
    ...options,
  });
  window.addEventListener('online', () => client.reconnectNow());
  return client;
}
