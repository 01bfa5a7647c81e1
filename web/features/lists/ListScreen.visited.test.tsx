import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import type { ListView } from '../../../common/schemas/lists.ts';
import { appStore, resetAppState } from '../../core/store/app-state.ts';
import { startAppLiveSync } from '../../app/live-sync.ts';
import { session } from '../../core/store/session.ts';
import type { FakeSocket } from '../../test/fake-socket.ts';
import { sockets } from '../../test/recording-live.ts';
import { makeList, makeUser } from '../../test/factories.ts';
import { answer, item, mockFetch } from '../../test/http.ts';
import { renderListScreen } from '../../test/list-screen.tsx';

/**
 * A public list opened by its link by a signed-in user who is not a member, on the real live
 * client with the browser's socket played by the test: the `list` topic brings what the owner
 * changes (the name, editing turned off), with no write of the visitor's to find it out.
 */

vi.mock('../../core/net/live.ts', async () => (await import('../../test/recording-live.ts')).recordingLive({ backoff: { baseMs: 1, maxMs: 1 } }));

const { owner_id: _ownerId, ...readerView } = makeList({
  name: 'Fair',
  isOwner: false,
  visibility: 'public',
  public_editable: true,
  can: { editItems: true, manageList: false, manageShares: false, deleteList: false, leaveList: false },
});
const visited: ListView = readerView;

let isPublic: boolean;
/** The user's own lists, as GET /lists answers them. */
let mine: ListView[];
let stopLiveSync: () => void;
beforeEach(() => {
  sockets.length = 0;
  isPublic = true;
  mine = [];
  session.signIn({ token: 'tok', user: makeUser() });
  resetAppState();
  mockFetch().mockImplementation(async (url) => {
    const path = String(url);
    if (path.endsWith('/lists')) return answer(200, { lists: mine });
    if (isPublic && path.endsWith('/lists/l1/items')) return answer(200, { items: [item('i1', 'milk')], next: null, seq: 1 });
    if (isPublic && path.endsWith('/lists/l1')) return answer(200, { list: visited });
    return answer(404, { error: { code: 'not_found', message: MESSAGES.listNotFound } });
  });
  appStore.update((state) => ({ ...state, listsLoaded: true }));
  // The app's socket, as the signed-in app starts it (and closes it at the end, so each test has its own).
  stopLiveSync = startAppLiveSync();
});
afterEach(() => {
  cleanup();
  stopLiveSync();
  vi.unstubAllGlobals();
});

/** Opens the visited list and answers its socket with the `list` subscription's id. */
async function openVisited(): Promise<{ socket: FakeSocket; id: string }> {
  renderListScreen('/lists/l1');
  expect(await screen.findByText('milk')).toBeInTheDocument();
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0]!;
  socket.open();
  await waitFor(() => expect(() => socket.idOf('list', 'l1')).not.toThrow());
  const id = socket.idOf('list', 'l1');
  socket.receive({ type: 'snapshot', id, docs: [visited], seq: 1 });
  return { socket, id };
}

describe('ListScreen for a list visited by its link', () => {
  it('takes the add bar away and disables the checkboxes as soon as the owner turns editing off', async () => {
    const { socket, id } = await openVisited();
    expect(screen.getByLabelText('Add items')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /milk/ })).toBeEnabled();

    const readOnly = { ...visited, public_editable: false, can: { ...visited.can, editItems: false } };
    socket.receive({ type: 'change', id, seq: 2, changes: [{ op: 'modified', doc: readOnly }] });
    expect(screen.queryByLabelText('Add items')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /milk/ })).toBeDisabled();
    expect(screen.getByText(UI_TEXT.viewOnlyList)).toBeInTheDocument();
  });

  it('shows the new name when the owner renames it', async () => {
    const { socket, id } = await openVisited();
    socket.receive({ type: 'change', id, seq: 2, changes: [{ op: 'modified', doc: { ...visited, name: 'Street fair' } }] });
    expect(screen.getByRole('heading', { level: 1, name: 'Street fair' })).toBeInTheDocument();
  });

  it('says the list is gone when its subscription ends with not_found', async () => {
    const { socket, id } = await openVisited();
    isPublic = false;
    socket.receive({ type: 'error', id, code: 'not_found', message: MESSAGES.listNotFound });
    expect(await screen.findByRole('heading', { level: 1, name: UI_TEXT.listGone('Fair') })).toBeInTheDocument();
  });

  it('does not follow the list topic for one of the user’s own lists, which the lists topic brings', async () => {
    mine = [makeList({ name: 'Mine' })];
    appStore.update((state) => ({ ...state, lists: mine }));
    renderListScreen('/lists/l1');
    expect(await screen.findByText('milk')).toBeInTheDocument();
    await waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.open();
    await waitFor(() => expect(() => sockets[0]!.idOf('items', 'l1')).not.toThrow());
    expect(() => sockets[0]!.idOf('list')).toThrow();
  });
});
