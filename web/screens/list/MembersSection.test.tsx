import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UI_TEXT } from '../../../common/messages.ts';
import { resetAppState } from '../../state/app-state.ts';
import { session } from '../../state/session.ts';
import { toastStore } from '../../state/toasts.ts';
import { makeUser } from '../../test/factories.ts';
import { failure, mockFetch } from '../../test/http.ts';
import { MembersSection } from './MembersSection.tsx';

describe("Share List's members when they cannot be loaded", () => {
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

  const toasts = () => toastStore.get().map((toast) => toast.message);

  it('says so in the dialog, offline, without calling the open list "not found"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<MembersSection listId="l1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(UI_TEXT.membersLoadFailed);
  });

  it("gives the server's own reason when it sent one", async () => {
    fetchMock.mockResolvedValueOnce(failure(403, "You don't have permission to access this list"));
    render(<MembersSection listId="l1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent("You don't have permission to access this list");
  });

  it('says that an invitation made offline waits for the connection', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<MembersSection listId="l1" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Invite by e-mail' }), 'bob@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(toasts()).toEqual([UI_TEXT.shareInviteQueued('bob@example.com')]));
  });
});
