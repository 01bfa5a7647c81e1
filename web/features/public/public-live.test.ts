import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { item } from '../../test/http.ts';
import { sockets } from '../../test/recording-live.ts';
import { IMAGE_URL_RENEW_MARGIN_MS } from '../../core/sync/fresh-image-urls.ts';
import { followPublicList } from './public-live.ts';

// No heartbeat: a fake socket never answers a ping, and the test waits out an hour.
vi.mock('../../core/net/live.ts', async () => (await import('../../test/recording-live.ts')).recordingLive({ heartbeat: { pingMs: 24 * 60 * 60_000 } }));

describe('followPublicList', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sockets.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it("reads the items again shortly before their image URLs expire, so a visitor's open page keeps its pictures", async () => {
    const onItems = vi.fn();
    const stop = followPublicList('l1', { onList: () => {}, onItems, onGone: () => {} });
    await act(() => vi.advanceTimersByTimeAsync(0));
    const socket = sockets.at(-1)!;
    socket.open();
    const expiry = Math.ceil(Date.now() / 1000) * 1000 + 90 * 60_000; // URLs carry whole seconds
    const photo = (exp: number) => ({
      primary: { id: 'p1', thumbnailUrl: `/m/t.webp?exp=${exp / 1000}&sig=s`, mediumUrl: `/m/m.webp?exp=${exp / 1000}&sig=s`, uploadedAt: '2025-01-01T00:00:00.000Z' },
    });
    socket.receive({ type: 'snapshot', id: socket.idOf('items', 'l1'), docs: [item('i1', 'milk', { images: photo(expiry) })], seq: 3 });
    const first = socket.idOf('items', 'l1');

    await act(() => vi.advanceTimersByTimeAsync(expiry - IMAGE_URL_RENEW_MARGIN_MS - Date.now()));
    expect(socket.sent).toContainEqual({ type: 'unsubscribe', id: first });
    const renewed = socket.idOf('items', 'l1');
    expect(renewed).not.toBe(first);
    socket.receive({ type: 'snapshot', id: renewed, docs: [item('i1', 'milk', { images: photo(expiry + 60 * 60_000) })], seq: 3 });
    expect(onItems).toHaveBeenLastCalledWith([expect.objectContaining({ images: photo(expiry + 60 * 60_000) })]);
    stop();
  });
});
