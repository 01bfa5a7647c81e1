import { createLiveClient, type LiveClientOptions } from '../core/net/live-client.ts';
import { FakeSocket } from './fake-socket.ts';

/** Every socket the mocked live module opened, newest last: the test plays the server on them. */
export const sockets: FakeSocket[] = [];

/**
 * `web/core/net/live.ts` on the real live client, with each browser socket replaced by a recorded
 * FakeSocket. Use: `vi.mock('…/realtime/live.ts', async () => (await import('…/test/recording-live.ts')).recordingLive())`,
 * and import `sockets` from here.
 */
export function recordingLive(extra: Pick<LiveClientOptions, 'backoff' | 'heartbeat'> = {}) {
  return {
    createBrowserLiveClient: (options: Pick<LiveClientOptions, 'onStatus'> = {}) =>
      createLiveClient({
        ...options,
        ...extra,
        url: 'ws://test/api/v1/realtime',
        getTicket: () => Promise.resolve('ticket'),
        connect: () => {
          const socket = new FakeSocket();
          sockets.push(socket);
          return socket;
        },
      }),
  };
}
