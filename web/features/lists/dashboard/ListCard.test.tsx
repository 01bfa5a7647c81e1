import { act, cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_VIEW_TEXT } from '../../../../common/list-view.ts';
import { UI_TEXT } from '../../../../common/messages.ts';
import { appStore, resetAppState, type ClientList } from '../../../core/store/app-state.ts';
import { session } from '../../../core/store/session.ts';
import { toastStore } from '../../../core/store/toasts.ts';
import { makeList, makeUser } from '../../../test/factories.ts';
import { answer, callOf, failure, item, mockFetch } from '../../../test/http.ts';
import { ListCard } from './ListCard.tsx';

/** A list shared with the signed-in user (u2) by its owner (u1), as the server describes it. */
const shared = makeList({
  isOwner: false,
  owner_id: undefined,
  shareInfo: { permission: 'edit', shared_by: 'u1', shared_at: '2025-01-01T00:00:00.000Z' },
  can: { editItems: true, manageList: false, manageShares: false, deleteList: false, leaveList: true },
});

function showCard(list: ClientList) {
  appStore.update((state) => ({ ...state, lists: [list] }));
  render(
    <MemoryRouter>
      <ul>
        <ListCard list={list} />
      </ul>
    </MemoryRouter>,
  );
}

async function leave() {
  await userEvent.click(screen.getByRole('button', { name: `Leave ${shared.name}` }));
  const dialog = screen.getByRole('dialog', { name: 'Leave list' });
  expect(dialog).toHaveTextContent(UI_TEXT.leaveListConfirm(shared.name));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
}

describe('ListCard: its dialogs', () => {
  afterEach(cleanup);

  it('give the focus back to their button on closing, though mounted only while open', async () => {
    showCard(makeList());
    const remove = screen.getByRole('button', { name: 'Delete Picnic' });
    await userEvent.click(remove);
    expect(screen.getByRole('dialog', { name: 'Delete list' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await act(() => new Promise((done) => setTimeout(done, 20)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(remove).toHaveFocus();
  });
});

describe("ListCard: a member's tag", () => {
  afterEach(cleanup);

  it('opens a menu that shows the whole address, which the tag may cut short on a phone', async () => {
    const email = 'a-rather-long-address-of-a-member@example.com';
    showCard(makeList({ shares: [{ user_id: 'u2', email, permission: 'edit' }] }));
    await userEvent.click(screen.getByRole('button', { name: `shared: ${email}, edit. Change access` }));
    expect(within(await screen.findByRole('menu')).getByText(email)).toBeVisible();
  });
});

describe('ListCard: leaving a list shared with me', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    resetAppState();
    toastStore.set([]);
    fetchMock = mockFetch();
    session.signIn({ token: 'tok', user: makeUser({ id: 'u2', email: 'bo@example.com' }) });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.signOut();
  });

  it('offers Leave where the server allows it, and Delete only to the owner', () => {
    showCard(shared);
    expect(screen.getByRole('button', { name: `Leave ${shared.name}` })).toBeEnabled();
    expect(screen.queryByRole('button', { name: `Delete ${shared.name}` })).toBeNull();
    cleanup();
    showCard(makeList());
    expect(screen.getByRole('button', { name: 'Delete Picnic' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Leave Picnic' })).toBeNull();
  });

  it('after confirming, removes my own share and takes the list off the dashboard at once', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    showCard(shared);
    await leave();
    expect(appStore.get().lists).toEqual([]);
    expect(callOf(fetchMock, 0)).toMatchObject({ url: '/api/v1/lists/l1/shares/u2', method: 'DELETE' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(toastStore.get()).toEqual([]);
  });

  it('puts the list back and says why when the server refuses', async () => {
    fetchMock.mockResolvedValueOnce(failure(403, 'No'));
    showCard(shared);
    await leave();
    await vi.waitFor(() => expect(appStore.get().lists.map((list) => list.id)).toEqual(['l1']));
    expect(toastStore.get().map((toast) => toast.message)).toEqual([`${UI_TEXT.listLeaveFailed}No`]);
  });

  it('takes an answer that the share is already gone as done', async () => {
    fetchMock.mockResolvedValueOnce(answer(404, { error: { code: 'not_found', message: 'List not found or not accessible' } }));
    showCard(shared);
    await leave();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(appStore.get().lists).toEqual([]);
    expect(toastStore.get()).toEqual([]);
  });
});

describe('ListCard: its counts', () => {
  beforeEach(() => resetAppState());
  afterEach(cleanup);

  const list = makeList({ item_count: 3, done_count: 0 });
  const held = [item('a', 'milk', { is_completed: true }), item('b', 'eggs', { is_completed: true }), item('c', 'bread'), item('d', 'jam')];

  it("are the server's, also when items of the list are held here", () => {
    appStore.update((state) => ({ ...state, items: { l1: held } }));
    showCard(list);
    expect(screen.getByText(LIST_VIEW_TEXT.progress(0, 3))).toBeInTheDocument();
  });

  it("are the device's own while changes made here wait to be sent, as on the list's screen", () => {
    const waiting = { key: 'k1', listId: 'l1', method: 'POST', path: '/lists/l1/items', body: { content: 'jam' } } as const;
    appStore.update((state) => ({ ...state, items: { l1: held }, pendingChanges: [waiting] }));
    showCard(list);
    expect(screen.getByText(LIST_VIEW_TEXT.progress(2, 4))).toBeInTheDocument();
  });
});

