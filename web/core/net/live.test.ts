import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, mockFetch } from '../../test/http.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { createBrowserLiveClient } from './live.ts';

/** How the browser's live client opens its socket: with a ticket signed in, without one anonymously. */

const urls: string[] = [];

describe('createBrowserLiveClient', () => {
  afterEach(() => {
    urls.length = 0;
    vi.unstubAllGlobals();
  });

  async function firstSocketUrl(anonymous: boolean) {
    vi.stubGlobal(
      'WebSocket',
      vi.fn(function (url: string) {
        urls.push(url);
        return new FakeSocket();
      }),
    );
    const client = createBrowserLiveClient({ anonymous });
    client.subscribe({ topic: 'items', listId: 'l1', onUpdate: () => {} });
    await vi.waitFor(() => expect(urls).toHaveLength(1));
    client.close();
    return urls[0]!;
  }

  it('signed in, trades the session for a ticket', async () => {
    const fetchMock = mockFetch().mockResolvedValue(answer(200, { ticket: 'tkt' }));
    expect(await firstSocketUrl(false)).toMatch(/\/api\/v1\/realtime\?v=1&ticket=tkt$/);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/auth/realtime-token');
  });

  it('anonymous, asks for no ticket and says it reads public lists', async () => {
    const fetchMock = mockFetch();
    expect(await firstSocketUrl(true)).toMatch(/\/api\/v1\/realtime\?v=1&public=1$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
