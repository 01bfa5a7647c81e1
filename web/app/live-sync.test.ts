import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AI_BANNER_MS } from '../../common/constants.ts';
import { MESSAGES, UI_TEXT } from '../../common/messages.ts';
import { CLOSE_CODES, REALTIME_PAUSED_NOTICE_MS } from '../../common/realtime.ts';
import type { UserView } from '../../common/schemas/auth.ts';
import type { ListView } from '../../common/schemas/lists.ts';
import type { ShareView } from '../../common/schemas/shares.ts';
import { OfflineBanner } from '../features/lists/OfflineBanner.tsx';
import { Toaster } from './Toaster.tsx';
import type { ItemsRead } from '../features/items/items-api.ts';
import type { FakeSocket } from '../test/fake-socket.ts';
import { sockets } from '../test/recording-live.ts';
import { answer, item, mockFetch } from '../test/http.ts';
import { appStore, resetAppState } from '../core/store/app-state.ts';
import { IMAGE_URL_RENEW_MARGIN_MS } from '../core/sync/fresh-image-urls.ts';
import { ITEMS_LOAD_WAIT_MS, followListItems } from '../features/lists/live-lists.ts';
import { followListShares } from '../features/shares/live-shares.ts';
import { startAppLiveSync } from './live-sync.ts';
import { replayPendingChanges } from '../core/sync/sync.ts';
import { session } from '../core/store/session.ts';
import { toastStore } from '../core/store/toasts.ts';
import { makeList, makeUser } from '../test/factories.ts';

/**
 * live-sync on the real live client, with the browser's socket replaced by a fake one: the test
 * plays the server, sending snapshots, changes and errors, and reads the store. No network.
 */

// No heartbeat in these tests: a fake socket never answers a ping, and some wait out an hour.
vi.mock('../core/net/live.ts', async () => (await import('../test/recording-live.ts')).recordingLive({ heartbeat: { pingMs: 24 * 60 * 60_000 } }));

const userDoc = (can_use_ai: boolean): UserView => makeUser({ first_name: 'Ada', can_use_ai });

const list = (id: string, extra: Partial<ListView> = {}): ListView => makeList({ id, name: `List ${id}`, ...extra });
const shared = (id: string) =>
  list(id, { owner_id: 'u2', isOwner: false, created_at: '2025-02-01T00:00:00.000Z', shareInfo: { permission: 'edit', shared_by: 'bob@example.com', shared_at: '2025-02-01T00:00:00.000Z' } });

const listIds = () => appStore.get().lists.map((entry) => entry.id);

/** Follows a list's items as the list screen does, once its load (`read`, or a failed one) has settled. */
async function follow(listId: string, read?: ItemsRead): Promise<() => void> {
  const unfollow = followListItems(listId, read ? Promise.resolve(read) : Promise.reject(new Error('offline')));
  await act(() => vi.advanceTimersByTimeAsync(0));
  return unfollow;
}

/** Lets the ticket promise settle so the client connects, then opens the socket. */
async function connected(): Promise<FakeSocket> {
  await act(() => vi.advanceTimersByTimeAsync(0));
  const socket = sockets.at(-1);
  if (!socket) throw new Error('the live client did not connect');
  socket.open();
  return socket;
}

describe('live sync', () => {
  let stop: (() => void) | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    session.signIn({ token: 'tok', user: userDoc(false) });
    resetAppState();
    toastStore.set([]);
    sockets.length = 0;
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    cleanup();
    vi.useRealTimers();
  });

  describe('user topic: the AI banner', () => {
    it('shows the AI banner for AI_BANNER_MS when can_use_ai turns true live', async () => {
      render(createElement(Toaster));
      stop = startAppLiveSync();
      const socket = await connected();
      const id = socket.idOf('user');

      socket.receive({ type: 'snapshot', id, docs: [userDoc(false)] });
      expect(toastStore.get()).toEqual([]);
      expect(screen.queryByText(MESSAGES.aiEnabledBanner)).not.toBeInTheDocument();

      socket.receive({ type: 'change', id, changes: [{ op: 'modified', doc: userDoc(true) }] });
      expect(session.get().user?.can_use_ai).toBe(true);
      expect(toastStore.get().map((toast) => toast.message)).toEqual([MESSAGES.aiEnabledBanner]);
      expect(screen.getByText(MESSAGES.aiEnabledBanner)).toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(AI_BANNER_MS - 100));
      expect(screen.getByText(MESSAGES.aiEnabledBanner)).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(200));
      expect(screen.queryByText(MESSAGES.aiEnabledBanner)).not.toBeInTheDocument();
      expect(toastStore.get()).toEqual([]);
    });

    it('shows no banner when the user could already use AI at the first snapshot', async () => {
      session.setUser(userDoc(true));
      stop = startAppLiveSync();
      const socket = await connected();
      const id = socket.idOf('user');
      socket.receive({ type: 'snapshot', id, docs: [userDoc(true)] });
      socket.receive({ type: 'change', id, changes: [{ op: 'modified', doc: { ...userDoc(true), first_name: 'Ada L.' } }] });
      expect(session.get().user?.first_name).toBe('Ada L.');
      expect(toastStore.get()).toEqual([]);
    });

    it('shows no banner again when can_use_ai stays true', async () => {
      stop = startAppLiveSync();
      const socket = await connected();
      const id = socket.idOf('user');
      socket.receive({ type: 'snapshot', id, docs: [userDoc(false)] });
      socket.receive({ type: 'change', id, changes: [{ op: 'modified', doc: userDoc(true) }] });
      socket.receive({ type: 'change', id, changes: [{ op: 'modified', doc: { ...userDoc(true), first_name: 'A' } }] });
      expect(toastStore.get()).toHaveLength(1);
    });
  });

  describe('a member removed from a list', () => {
    async function withLists() {
      stop = startAppLiveSync();
      const socket = await connected();
      socket.receive({ type: 'snapshot', id: socket.idOf('lists'), docs: [list('own')] });
      expect(listIds()).toEqual([]); // waits for the shares too
      socket.receive({ type: 'snapshot', id: socket.idOf('shares'), docs: [shared('s1'), shared('s2')] });
      expect(listIds()).toEqual(['s1', 's2', 'own']);
      return socket;
    }

    it('sees a list removed from the shares topic disappear, with its items', async () => {
      const socket = await withLists();
      appStore.update((state) => ({ ...state, items: { s1: [item('i1', 'milk', { list_id: 's1' })], own: [item('i2', 'eggs')] } }));
      socket.receive({ type: 'change', id: socket.idOf('shares'), changes: [{ op: 'removed', doc: { id: 's1' } }] });
      expect(listIds()).toEqual(['s2', 'own']);
      expect(appStore.get().items.s1).toBeUndefined();
      expect(appStore.get().items.own).toHaveLength(1);
    });

    it('sees the open list disappear from the store when it leaves the shares topic', async () => {
      const socket = await withLists();
      const unfollow = await follow('s1');
      const itemsId = socket.idOf('items', 's1');
      socket.receive({ type: 'snapshot', id: itemsId, docs: [item('i1', 'milk', { list_id: 's1' })], seq: 1 });
      expect(appStore.get().items.s1?.map((entry) => entry.id)).toEqual(['i1']);

      socket.receive({ type: 'change', id: socket.idOf('shares'), changes: [{ op: 'removed', doc: { id: 's1' } }] });
      // The open list screen reads the list from the store: it now shows "not found" (there is no redirect).
      expect(appStore.get().lists.find((entry) => entry.id === 's1')).toBeUndefined();
      expect(appStore.get().items.s1).toBeUndefined();
      unfollow();
      expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', id: itemsId });
    });

    it.each(['forbidden', 'not_found'] as const)('removes the open list when its items subscription ends with %s', async (code) => {
      const socket = await withLists();
      const unfollow = await follow('s2');
      const itemsId = socket.idOf('items', 's2');
      socket.receive({ type: 'snapshot', id: itemsId, docs: [item('i1', 'milk', { list_id: 's2' })], seq: 1 });
      expect(appStore.get().items.s2).toHaveLength(1);

      socket.receive({ type: 'error', id: itemsId, code, message: 'Access revoked' });
      expect(listIds()).toEqual(['s1', 'own']);
      expect(appStore.get().items.s2).toBeUndefined();
      unfollow();
    });

    it('keeps the open list when its items subscription ends for another reason', async () => {
      const socket = await withLists();
      const unfollow = await follow('s2');
      const itemsId = socket.idOf('items', 's2');
      socket.receive({ type: 'error', id: itemsId, code: 'too_many_subscriptions', message: 'Too many' });
      expect(listIds()).toEqual(['s1', 's2', 'own']);
      unfollow();
    });
  });

  describe("the open list's items", () => {
    it('follows them from the items its load read: only the changes since, not a snapshot again', async () => {
      stop = startAppLiveSync();
      const socket = await connected();
      const milk = item('i1', 'milk', { list_id: 'l1' });
      const unfollow = await follow('l1', { items: [milk], seq: 7 });
      const subscribe = socket.sent.find((message) => message.type === 'subscribe' && message.topic === 'items');
      expect(subscribe).toEqual({ type: 'subscribe', id: socket.idOf('items', 'l1'), topic: 'items', listId: 'l1', since: 7 });

      const eggs = item('i2', 'eggs', { list_id: 'l1' });
      socket.receive({ type: 'resumed', id: socket.idOf('items', 'l1'), changes: [{ op: 'added', doc: eggs }], seq: 8 });
      expect(appStore.get().items.l1?.map((entry) => entry.content)).toEqual(['milk', 'eggs']);
      unfollow();
    });

    it('asks for a snapshot again shortly before its image URLs expire: an unchanged item brings no fresh ones', async () => {
      stop = startAppLiveSync();
      const socket = await connected();
      const expiry = Math.ceil(Date.now() / 1000) * 1000 + 60 * 60_000; // URLs carry whole seconds
      const url = (variant: string) => `/api/v1/media/images/p1/${variant}.webp?exp=${expiry / 1000}&sig=s`;
      const photo = { primary: { id: 'p1', thumbnailUrl: url('thumbnail'), mediumUrl: url('medium'), uploadedAt: '2025-01-01T00:00:00.000Z' } };
      const unfollow = await follow('l1', { items: [item('i1', 'milk', { images: photo })], seq: 7 });
      const first = socket.idOf('items', 'l1');
      socket.receive({ type: 'resumed', id: first, changes: [], seq: 7 });
      const subscribes = () => socket.sent.filter((message) => message.type === 'subscribe' && message.topic === 'items');

      await act(() => vi.advanceTimersByTimeAsync(expiry - IMAGE_URL_RENEW_MARGIN_MS - Date.now() - 1));
      expect(subscribes()).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(socket.sent).toContainEqual({ type: 'unsubscribe', id: first });
      expect(subscribes()).toEqual([expect.objectContaining({ since: 7 }), { type: 'subscribe', id: socket.idOf('items', 'l1'), topic: 'items', listId: 'l1' }]);
      // The snapshot's fresh URLs reach the store.
      const fresh = { primary: { ...photo.primary, thumbnailUrl: url('thumbnail').replace(/exp=\d+/, 'exp=1') } };
      socket.receive({ type: 'snapshot', id: socket.idOf('items', 'l1'), docs: [item('i1', 'milk', { images: fresh })], seq: 7 });
      expect(appStore.get().items.l1?.[0]?.images).toEqual(fresh);
      unfollow();
    });

    it('asks for a snapshot when the load failed', async () => {
      stop = startAppLiveSync();
      const socket = await connected();
      const unfollow = await follow('l1');
      const subscribe = socket.sent.find((message) => message.type === 'subscribe' && message.topic === 'items');
      expect(subscribe).not.toHaveProperty('since');
      unfollow();
    });

    it('asks for a snapshot when the load is not in after ITEMS_LOAD_WAIT_MS, and ignores it when it comes', async () => {
      stop = startAppLiveSync();
      const socket = await connected();
      let answer: (read: ItemsRead) => void = () => {};
      const unfollow = followListItems('l1', new Promise((resolve) => (answer = resolve)));
      const subscribes = () => socket.sent.filter((message) => message.type === 'subscribe' && message.topic === 'items');
      await act(() => vi.advanceTimersByTimeAsync(ITEMS_LOAD_WAIT_MS - 1));
      expect(subscribes()).toEqual([]);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(subscribes()).toEqual([{ type: 'subscribe', id: socket.idOf('items', 'l1'), topic: 'items', listId: 'l1' }]);
      answer({ items: [], seq: 1 });
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(subscribes()).toHaveLength(1);
      unfollow();
    });

    it('never subscribes when the list is closed before its load is in', async () => {
      stop = startAppLiveSync();
      const socket = await connected();
      let answer: (read: ItemsRead) => void = () => {};
      const unfollow = followListItems('l1', new Promise((resolve) => (answer = resolve)));
      unfollow();
      answer({ items: [], seq: 1 });
      await act(() => vi.advanceTimersByTimeAsync(ITEMS_LOAD_WAIT_MS));
      expect(socket.sent.filter((message) => message.type === 'subscribe' && message.topic === 'items')).toEqual([]);
    });
  });

  describe("a list's members, while Share List shows them", () => {
    const share = (email: string, permission: ShareView['permission'] = 'edit'): ShareView => ({
      list_id: 'l1',
      user_id: `id-${email}`,
      email,
      permission,
      status: 'accepted',
      shared_by: null,
      created_at: '2025-01-01T00:00:00.000Z',
    });
    const emails = () => appStore.get().shares.l1?.map((entry) => `${entry.email} ${entry.permission}`);

    it('follows members invited, changed and removed elsewhere, until unfollowed', async () => {
      stop = startAppLiveSync();
      const socket = await connected();
      const unfollow = followListShares('l1');
      const id = socket.idOf('list-shares', 'l1');
      socket.receive({ type: 'snapshot', id, docs: [share('bob@example.com')], seq: 3 });
      expect(emails()).toEqual(['bob@example.com edit']);

      socket.receive({
        type: 'change',
        id,
        seq: 5,
        changes: [
          { op: 'added', doc: share('carl@example.com', 'view') },
          { op: 'removed', doc: { list_id: 'l1', email: 'bob@example.com' } },
        ],
      });
      expect(emails()).toEqual(['carl@example.com view']);
      socket.receive({ type: 'change', id, seq: 6, changes: [{ op: 'modified', doc: share('carl@example.com', 'admin') }] });
      expect(emails()).toEqual(['carl@example.com admin']);

      unfollow();
      expect(socket.sent).toContainEqual({ type: 'unsubscribe', id });
    });
  });

  describe('the banner when live updates are down', () => {
    it('tells the user once the socket has been down past a quick reconnect, and stops when it is back', async () => {
      render(createElement(OfflineBanner));
      stop = startAppLiveSync();
      const first = await connected();
      const banner = () => screen.getByRole('status');
      expect(banner()).toHaveTextContent('');

      act(() => first.onclose?.({ code: 1006, reason: '' }));
      await act(() => vi.advanceTimersByTimeAsync(REALTIME_PAUSED_NOTICE_MS - 100));
      // A quick reconnect says nothing; this one is still not open (the server is down).
      expect(sockets.length).toBeGreaterThan(1);
      expect(banner()).toHaveTextContent('');
      await act(() => vi.advanceTimersByTimeAsync(200));
      expect(banner()).toHaveTextContent(UI_TEXT.livePaused);

      act(() => sockets.at(-1)!.open());
      expect(banner()).toHaveTextContent('');
    });

    it('sends the changes queued while the server was away as soon as the socket opens again', async () => {
      const fetchMock = mockFetch();
      try {
        fetchMock.mockResolvedValue(answer(201, { results: [item('id-milk', 'milk')], warnings: [] }));
        const milk = { key: 'k1', listId: 'l1', method: 'POST', path: '/lists/l1/items', body: { content: 'milk' } } as const;
        appStore.update((state) => ({ ...state, online: false, pendingChanges: [milk] }));
        stop = startAppLiveSync();
        await connected();
        await act(() => vi.advanceTimersByTimeAsync(0));
        expect(fetchMock).toHaveBeenCalledOnce();
        expect(appStore.get()).toMatchObject({ pendingChanges: [], online: true });
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('reconnects at once when changes queued during an outage reach the server, instead of waiting out its backoff', async () => {
      const fetchMock = mockFetch();
      try {
        stop = startAppLiveSync();
        const first = await connected();
        act(() => first.onclose?.({ code: 1006, reason: '' }));
        // Several failed reconnects: the next one is seconds away.
        for (let tries = 0; tries < 4; tries++) {
          await act(() => vi.advanceTimersByTimeAsync(REALTIME_PAUSED_NOTICE_MS * 4));
          act(() => sockets.at(-1)!.onclose?.({ code: 1006, reason: '' }));
        }
        const before = sockets.length;
        fetchMock.mockResolvedValue(answer(201, { results: [item('id-milk', 'milk')], warnings: [] }));
        const milk = { key: 'k1', listId: 'l1', method: 'POST', path: '/lists/l1/items', body: { content: 'milk' } } as const;
        appStore.update((state) => ({ ...state, pendingChanges: [milk] }));
        await act(() => replayPendingChanges());
        await act(() => vi.advanceTimersByTimeAsync(0));
        expect(sockets.length).toBe(before + 1);
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('says so when the server was updated to a protocol this page does not speak, with a Reload button', async () => {
      const reload = vi.fn();
      vi.stubGlobal('location', { ...location, reload });
      try {
        render(createElement(OfflineBanner));
        stop = startAppLiveSync();
        const socket = await connected();
        act(() => socket.onclose?.({ code: CLOSE_CODES.version, reason: 'another version' }));
        expect(screen.getByRole('status')).toHaveTextContent(UI_TEXT.liveOutdated);
        // No reconnecting in vain: after the 30 s backoff cap, still the one socket.
        await act(() => vi.advanceTimersByTimeAsync(60_000));
        expect(sockets).toHaveLength(1);
        act(() => screen.getByRole('button', { name: UI_TEXT.reload }).click());
        // Without a service worker (jsdom), nothing to wait for: reloaded at once.
        expect(screen.getByRole('button', { name: UI_TEXT.updating })).toBeDisabled();
        await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('gives way to the offline notice, and ends with the sign-out', async () => {
      render(createElement(OfflineBanner));
      stop = startAppLiveSync();
      await act(() => vi.advanceTimersByTimeAsync(REALTIME_PAUSED_NOTICE_MS + 100));
      expect(screen.getByRole('status')).toHaveTextContent(UI_TEXT.livePaused);
      act(() => appStore.update((state) => ({ ...state, online: false })));
      expect(screen.getByRole('status')).toHaveTextContent(UI_TEXT.offline);
      act(() => appStore.update((state) => ({ ...state, online: true })));
      act(() => stop!());
      stop = undefined;
      expect(screen.getByRole('status')).toHaveTextContent('');
    });
  });
});
