import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_TEXT } from '../../../common/image-uploads.ts';
import { UI_TEXT } from '../../../common/messages.ts';
import type { PublicListResponse } from '../../../common/schemas/lists.ts';
import type { BrowserLiveOptions } from '../../core/net/live.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { answer, failure, item, mockFetch } from '../../test/http.ts';
import { PublicListScreen } from './PublicListScreen.tsx';

/** The signed-out view of a public list on the real live client, its socket played by the test. */

const sockets: { url: string; socket: FakeSocket }[] = [];
const clientOptions: BrowserLiveOptions[] = [];

vi.mock('../../core/net/live.ts', async () => {
  const { createLiveClient } = await import('../../core/net/live-client.ts');
  return {
    createBrowserLiveClient: (options: BrowserLiveOptions = {}) => {
      clientOptions.push(options);
      return createLiveClient({
        url: 'ws://test/api/v1/realtime',
        ...(!options.anonymous && { getTicket: () => Promise.resolve('ticket') }),
        backoff: { baseMs: 1, maxMs: 1 },
        connect: (url) => {
          const socket = new FakeSocket();
          sockets.push({ url, socket });
          return socket;
        },
      });
    },
  };
});

const publicItem = (id: string, content: string, extra: Record<string, unknown> = {}) => item(id, content, { created_by: null, ...extra });

const read: PublicListResponse = {
  list: { id: 'l1', name: 'Picnic', visibility: 'public', public_editable: false, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' },
  items: [publicItem('i1', 'milk')],
  next: null,
};

function openPublicList() {
  return render(
    <MemoryRouter initialEntries={['/lists/l1']}>
      <Routes>
        <Route path="/lists/:id" element={<PublicListScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Waits for the screen's socket, opens it, and answers the id of its items subscription. */
async function connected(count = 1): Promise<{ socket: FakeSocket; url: string; id: string }> {
  await waitFor(() => expect(sockets).toHaveLength(count));
  const { socket, url } = sockets.at(-1)!;
  act(() => socket.open());
  return { socket, url, id: socket.idOf('items', 'l1') };
}

describe('PublicListScreen', () => {
  beforeEach(() => {
    sockets.length = 0;
    clientOptions.length = 0;
    mockFetch().mockResolvedValueOnce(answer(200, read));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('follows the items over an anonymous socket: added, changed and removed without a reload', async () => {
    openPublicList();
    expect(await screen.findByText('milk')).toBeInTheDocument();
    const { socket, url, id } = await connected();
    expect(clientOptions).toEqual([{ anonymous: true }]);
    expect(url).toContain('public=1');
    expect(url).not.toContain('ticket');

    socket.receive({ type: 'snapshot', id, docs: [publicItem('i1', 'milk'), publicItem('i2', 'eggs')], seq: 2 });
    expect(screen.getByText('eggs')).toBeInTheDocument();
    socket.receive({
      type: 'change',
      id,
      seq: 4,
      changes: [
        { op: 'added', doc: publicItem('i3', 'bread') },
        { op: 'modified', doc: publicItem('i1', 'oat milk') },
      ],
    });
    socket.receive({ type: 'change', id, seq: 5, changes: [{ op: 'removed', doc: { id: 'i2' } }] });
    expect(screen.getByText('bread')).toBeInTheDocument();
    expect(screen.getByText('oat milk')).toBeInTheDocument();
    expect(screen.queryByText('eggs')).not.toBeInTheDocument();
  });

  it('says an empty list is empty, and shows the items once one is added', async () => {
    mockFetch().mockResolvedValueOnce(answer(200, { ...read, items: [] }));
    openPublicList();
    expect(await screen.findByText(UI_TEXT.noItemsToRead)).toBeInTheDocument();
    const { socket, id } = await connected();
    socket.receive({ type: 'snapshot', id, docs: [publicItem('i1', 'milk')], seq: 2 });
    expect(screen.getByText('milk')).toBeInTheDocument();
    expect(screen.queryByText(UI_TEXT.noItemsToRead)).not.toBeInTheDocument();
  });

  it('shows the name the owner gives the list, without a reload, from the same anonymous socket', async () => {
    openPublicList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Picnic' })).toBeInTheDocument();
    const { socket } = await connected();
    const id = socket.idOf('list', 'l1');
    expect(sockets).toHaveLength(1);
    socket.receive({ type: 'snapshot', id, docs: [read.list], seq: 1 });
    socket.receive({ type: 'change', id, seq: 2, changes: [{ op: 'modified', doc: { ...read.list, name: 'Beach picnic' } }] });
    expect(screen.getByRole('heading', { level: 1, name: 'Beach picnic' })).toBeInTheDocument();
    // And the page that says it went names it as it was last seen.
    socket.receive({ type: 'error', id, code: 'not_found', message: 'gone' });
    expect(await screen.findByRole('heading', { name: UI_TEXT.publicListGone('Beach picnic') })).toBeInTheDocument();
  });

  it("shows an item's photo in a viewer without editing buttons, and closes it when the photo goes", async () => {
    const user = userEvent.setup();
    const photo = { primary: { id: 'img1', thumbnailUrl: '/t.webp?sig=a', mediumUrl: '/m.webp?sig=a', uploadedAt: '2025-01-01T00:00:00.000Z' } };
    openPublicList();
    const { socket, id } = await connected();
    socket.receive({ type: 'snapshot', id, docs: [publicItem('i1', 'milk', { images: photo })], seq: 1 });

    await user.click(screen.getByRole('button', { name: IMAGE_TEXT.viewImageOf('milk') }));
    const viewer = await screen.findByRole('dialog', { name: 'milk' });
    expect(within(viewer).getByRole('img', { name: IMAGE_TEXT.viewImageOf('milk') })).toHaveAttribute('src', '/m.webp?sig=a');
    expect(within(viewer).queryByRole('button', { name: IMAGE_TEXT.removeImage })).not.toBeInTheDocument();
    expect(within(viewer).queryByRole('button', { name: IMAGE_TEXT.retakeImage })).not.toBeInTheDocument();

    socket.receive({ type: 'change', id, seq: 2, changes: [{ op: 'modified', doc: publicItem('i1', 'milk') }] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each(['not_found', 'forbidden'] as const)('says the list is gone when the subscription ends with %s', async (code) => {
    openPublicList();
    const { socket, id } = await connected();
    socket.receive({ type: 'snapshot', id, docs: [publicItem('i1', 'milk')], seq: 1 });
    socket.receive({ type: 'error', id, code, message: 'gone' });
    expect(await screen.findByRole('heading', { name: UI_TEXT.publicListGone('Picnic') })).toBeInTheDocument();
    expect(screen.getByText(UI_TEXT.publicListGoneExplained)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: UI_TEXT.signIn })).toHaveAttribute('href', '/');
    expect(screen.queryByText(UI_TEXT.goToLists)).not.toBeInTheDocument();
    expect(screen.queryByText('milk')).not.toBeInTheDocument();
  });

  it('reconnects after a drop and resumes from the last seq', async () => {
    openPublicList();
    const first = await connected();
    first.socket.receive({ type: 'snapshot', id: first.id, docs: [publicItem('i1', 'milk')], seq: 3 });
    act(() => first.socket.onclose?.({ code: 1006, reason: '' }));

    const second = await connected(2);
    expect(second.socket.sent).toContainEqual({ type: 'subscribe', id: second.id, topic: 'items', listId: 'l1', since: 3 });
    second.socket.receive({ type: 'resumed', id: second.id, seq: 4, changes: [{ op: 'added', doc: publicItem('i2', 'eggs') }] });
    expect(screen.getByText('eggs')).toBeInTheDocument();
  });

  it('closes its socket when the screen goes', async () => {
    const view = openPublicList();
    const { socket } = await connected();
    view.unmount();
    expect(socket.readyState).toBe(3);
  });

  it('opens no socket for a list that is not public', async () => {
    mockFetch().mockResolvedValueOnce(failure(404, 'List not found or not accessible'));
    openPublicList();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(sockets).toEqual([]);
  });
});
