import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import { appStore, resetAppState } from '../../core/store/app-state.ts';
import { session } from '../../core/store/session.ts';
import { toastStore } from '../../core/store/toasts.ts';
import { makeUser } from '../../test/factories.ts';
import { answer, failure, mockFetch } from '../../test/http.ts';
import { MembersSection } from './MembersSection.tsx';

// The members are followed live: over a socket the test never opens, so no fetch is spent on it.
vi.mock('../../core/net/live.ts', async () => (await import('../../test/recording-live.ts')).recordingLive());

describe("Share List's members: what goes wrong is said in the dialog", () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    session.signIn({ token: 'tok', user: makeUser() });
    resetAppState();
    toastStore.set([]);
    fetchMock = mockFetch();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says so in the dialog, offline, without calling the open list "not found"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<MembersSection listId="l1" />);
    expect(await screen.findByText(UI_TEXT.membersLoadFailed)).toHaveAttribute('role', 'alert');
  });

  it('stops saying the members could not be loaded, and that an invitation waits, once the connection brings them', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<MembersSection listId="l1" />);
    expect(await screen.findByText(UI_TEXT.membersLoadFailed)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Invite by e-mail' }), 'Bob@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(UI_TEXT.shareInviteQueued('Bob@example.com'))).toBeInTheDocument();
    // Back online, the live feed brings the members, the invitation among them.
    const bob = { list_id: 'l1', user_id: null, email: 'bob@example.com', permission: 'edit', status: 'pending', shared_by: null, created_at: '2025-01-01T00:00:00.000Z' } as const;
    act(() => appStore.update((state) => ({ ...state, shares: { ...state.shares, l1: [bob] } })));
    expect(screen.getByText('bob@example.com')).toBeInTheDocument();
    expect(screen.queryByText(UI_TEXT.membersLoadFailed)).not.toBeInTheDocument();
    expect(screen.queryByText(UI_TEXT.shareInviteQueued('Bob@example.com'))).not.toBeInTheDocument();
  });

  it("gives the server's own reason when it sent one", async () => {
    fetchMock.mockResolvedValueOnce(failure(403, "You don't have permission to access this list"));
    render(<MembersSection listId="l1" />);
    expect(await screen.findByText("You don't have permission to access this list")).toHaveAttribute('role', 'alert');
  });

  it('says that an invitation made offline waits for the connection', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<MembersSection listId="l1" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Invite by e-mail' }), 'bob@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(UI_TEXT.shareInviteQueued('bob@example.com'))).toHaveAttribute('role', 'status');
  });

  it('says in the dialog, under the form, why an invitation failed, and keeps the address', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { shares: [] })).mockResolvedValueOnce(failure(400, 'The list owner already has full access'));
    render(<MembersSection listId="l1" />);
    const address = screen.getByRole('textbox', { name: 'Invite by e-mail' });
    await userEvent.type(address, 'owner@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(UI_TEXT.shareInviteFailed + 'The list owner already has full access')).toHaveAttribute('role', 'alert');
    expect(address).toHaveValue('owner@example.com');
    expect(toastStore.get()).toEqual([]);
    // It was about that address: another one typed clears it.
    await userEvent.type(address, '{Backspace}');
    expect(screen.queryByText(UI_TEXT.shareInviteFailed + 'The list owner already has full access')).not.toBeInTheDocument();
  });

  it('drops a member changed elsewhere meanwhile when the change finds them gone, and says why', async () => {
    const bob = { list_id: 'l1', user_id: 'u2', email: 'bob@example.com', permission: 'edit', status: 'accepted', shared_by: null, created_at: '2025-01-01T00:00:00.000Z' };
    fetchMock.mockResolvedValueOnce(answer(200, { shares: [bob] }));
    render(<MembersSection listId="l1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'bob@example.com: Edit. Change access' }));
    // The check mark is no part of the name: the state is said once, by aria-checked.
    expect(await screen.findByRole('menuitemradio', { name: 'Edit' })).toHaveAttribute('aria-checked', 'true');
    fetchMock.mockResolvedValueOnce(failure(404, SERVER_MESSAGES.shareNotFound));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Admin' }));
    await waitFor(() => expect(screen.queryByText('bob@example.com')).not.toBeInTheDocument());
    expect(toastStore.get().map((toast) => toast.message)).toEqual([MESSAGES.updateAccessFailed + SERVER_MESSAGES.shareNotFound]);
  });

  it('says an invitation was updated, not sent again, when the address was invited already', async () => {
    const pending = { list_id: 'l1', user_id: null, email: 'bob@example.com', permission: 'edit', status: 'pending', shared_by: null, created_at: '2025-01-01T00:00:00.000Z' };
    fetchMock.mockResolvedValueOnce(answer(200, { shares: [pending] }));
    render(<MembersSection listId="l1" />);
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    fetchMock.mockResolvedValueOnce(answer(200, { share: { ...pending, permission: 'view' } })).mockResolvedValue(answer(200, { lists: [] }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Invite by e-mail' }), 'Bob@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(UI_TEXT.shareInviteUpdated('bob@example.com'))).toHaveAttribute('role', 'status');
  });
});
