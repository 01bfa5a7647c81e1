import { cleanup, render, waitFor } from '@testing-library/react';
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

  it('says so, offline, without calling the open list "not found"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<MembersSection listId="l1" />);
    await waitFor(() => expect(toasts()).toEqual([UI_TEXT.membersLoadFailed]));
  });

  it("gives the server's own reason when it sent one", async () => {
    fetchMock.mockResolvedValueOnce(failure(403, "You don't have permission to access this list"));
    render(<MembersSection listId="l1" />);
    await waitFor(() => expect(toasts()).toEqual(["You don't have permission to access this list"]));
  });
});
