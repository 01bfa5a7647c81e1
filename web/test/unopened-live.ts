import { createLiveClient } from '../realtime/live-client.ts';
import { FakeSocket } from './fake-socket.ts';

/**
 * `web/realtime/live.ts` for tests of screens that follow something live the test does not play:
 * the socket never opens, so it costs none of the test's fetch answers.
 * Use: `vi.mock('…/realtime/live.ts', () => import('…/test/unopened-live.ts'))`.
 */
export function createBrowserLiveClient() {
  return createLiveClient({ url: 'ws://test/api/v1/realtime', getTicket: () => Promise.resolve('ticket'), connect: () => new FakeSocket() });
}
