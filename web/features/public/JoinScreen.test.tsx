import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_UNCONFIRMED } from '../../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../../common/messages.ts';
import { session } from '../../core/store/session.ts';
import { makeList, makeUser } from '../../test/factories.ts';
import { answer, callOf, mockFetch } from '../../test/http.ts';
import { JoinScreen } from './JoinScreen.tsx';

/** The link with the wish to join said (a public list's link alone opens the list, last test). */
function openJoinLink(entry = '/join/l1?join=1') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/join/:listId" element={<JoinScreen />} />
        <Route path="/lists/:id" element={<h1>the list</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('JoinScreen', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    session.signIn({ token: 'tok', user: makeUser({ email_verified: false }) });
    fetchMock = mockFetch();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says what to do when an invitation waits for the caller's unconfirmed address", async () => {
    fetchMock.mockResolvedValueOnce(answer(403, { error: { code: EMAIL_UNCONFIRMED, message: SERVER_MESSAGES.confirmEmailToJoin } }));
    openJoinLink();
    // A first invitation's next step, not a failure.
    expect(await screen.findByRole('status')).toHaveTextContent(SERVER_MESSAGES.confirmEmailToJoin);
    expect(screen.getByRole('heading', { name: MESSAGES.invitedTitle })).toBeInTheDocument();
  });

  it('joins once the address is confirmed meanwhile (in another tab: the live feed brings the user)', async () => {
    fetchMock.mockResolvedValueOnce(answer(403, { error: { code: EMAIL_UNCONFIRMED, message: SERVER_MESSAGES.confirmEmailToJoin } }));
    openJoinLink();
    expect(await screen.findByRole('status')).toHaveTextContent(SERVER_MESSAGES.confirmEmailToJoin);
    fetchMock.mockResolvedValueOnce(answer(200, { list: makeList() }));
    act(() => session.setUser({ ...session.get().user!, email_verified: true }));
    expect(await screen.findByRole('heading', { name: 'the list' })).toBeInTheDocument();
  });

  it("answers any other 403 with the fixed words", async () => {
    fetchMock.mockResolvedValueOnce(answer(403, { error: { code: 'forbidden', message: 'whatever the server said' } }));
    openJoinLink();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.listForbidden);
  });

  it.each([
    [404, 'not_found', MESSAGES.listNotFound],
    [414, 'uri_too_long', 'A part of the request path is longer than 254 characters.'],
    [400, 'invalid_input', 'An id must be a UUID'],
  ])('says a link whose id names no list (%s) is not found or not accessible, in the fixed words', async (status, code, message) => {
    fetchMock.mockResolvedValueOnce(answer(status, { error: { code, message } }));
    openJoinLink();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.listNotFound);
  });

  it('opens a public list at once, without joining it: joining is the second step', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { listId: 'l1', listName: 'Picnic', sharedBy: 'Olivia', isPublic: true }));
    openJoinLink('/join/l1');
    expect(await screen.findByRole('heading', { name: 'the list' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(callOf(fetchMock, 0)).toMatchObject({ url: '/api/v1/lists/l1/invitation', method: 'GET' });
  });
});
