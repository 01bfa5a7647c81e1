import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VERIFY_EMAIL_PATH } from '../../../common/constants.ts';
import { SERVER_MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import { session } from '../../core/store/session.ts';
import { answer, callOf, mockFetch } from '../../test/http.ts';
import { VerifyEmailScreen } from './VerifyEmailScreen.tsx';

const unconfirmed = { id: 'u1', email: 'ada@example.com', first_name: null, can_use_ai: true, email_verified: false };
const invalidLink = { error: { code: 'invalid_token', message: SERVER_MESSAGES.verifyLinkInvalid } };

/** The screen as a link from the mail opens it; StrictMode runs its effect twice, as in development. */
function openLink(search: string) {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[`${VERIFY_EMAIL_PATH}${search}`]}>
        <VerifyEmailScreen />
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('VerifyEmailScreen', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    localStorage.clear();
    session.signOut();
    fetchMock = mockFetch();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('posts the token once, says the address is confirmed, and updates the signed-in user at once', async () => {
    session.signIn({ token: 'tok', user: unconfirmed });
    fetchMock.mockResolvedValueOnce(answer(200, { user: { ...unconfirmed, email_verified: true } }));
    openLink('?token=abc%2B1');
    expect(screen.getByRole('status')).toHaveTextContent(UI_TEXT.verifyEmailBusy);
    expect(await screen.findByText(SERVER_MESSAGES.emailVerified)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(callOf(fetchMock, 0)).toMatchObject({ url: '/api/v1/auth/verify-email', method: 'POST', body: { token: 'abc+1' } });
    expect(session.get().user?.email_verified).toBe(true);
    expect(screen.getByRole('link', { name: UI_TEXT.goToLists })).toHaveAttribute('href', '/');
  });

  it('sends the signed-in session, and says so when the link is for another account', async () => {
    session.signIn({ token: 'tok', user: unconfirmed });
    fetchMock.mockResolvedValueOnce(answer(403, { error: { code: 'forbidden', message: SERVER_MESSAGES.verifyLinkOtherAccount } }));
    openLink('?token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.verifyLinkOtherAccount);
    expect(callOf(fetchMock, 0).headers.authorization).toBe('Bearer tok');
    expect(session.get().user).toEqual(unconfirmed);
  });

  it("shows the server's message for a used or expired link, and the way to a new one", async () => {
    session.signIn({ token: 'tok', user: unconfirmed });
    fetchMock.mockResolvedValueOnce(answer(400, invalidLink));
    openLink('?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.verifyLinkInvalid);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('link', { name: UI_TEXT.accountSettings })).toHaveAttribute('href', '/account');
  });

  it('offers Account Settings to a signed-in visitor whose link failed', async () => {
    session.signIn({ token: 'tok', user: unconfirmed });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    openLink('?token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(UI_TEXT.verifyEmailFailed);
    expect(screen.getByRole('link', { name: UI_TEXT.accountSettings })).toHaveAttribute('href', '/account');
    expect(session.get().user).toEqual(unconfirmed);
  });

  it.each([['a NUL', '%00'], ['a lone surrogate', '%ED%A0%80'], ['300 characters', 'a'.repeat(300)]])(
    'says a link whose token holds %s is invalid, and sends nothing',
    (_case, token) => {
      session.signIn({ token: 'tok', user: unconfirmed });
      openLink(`?token=${token}`);
      expect(screen.getByRole('alert')).toHaveTextContent(SERVER_MESSAGES.verifyLinkInvalid);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('says the address is confirmed when its used link is opened again', async () => {
    session.signIn({ token: 'tok', user: { ...unconfirmed, email_verified: true } });
    fetchMock.mockResolvedValueOnce(answer(400, invalidLink));
    openLink('?token=used');
    expect(await screen.findByText(SERVER_MESSAGES.emailVerified)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('says a link without its token is incomplete, and sends nothing', () => {
    session.signIn({ token: 'tok', user: unconfirmed });
    openLink('');
    expect(screen.getByRole('alert')).toHaveTextContent(UI_TEXT.verifyEmailIncomplete);
    expect(screen.getByRole('link', { name: UI_TEXT.accountSettings })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
