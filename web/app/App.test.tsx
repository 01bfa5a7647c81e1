import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALEXA_LOGIN_PATH, LINK_PAGE_TEXT } from '../../common/alexa.ts';
import { LIST_VIEW_TEXT } from '../../common/list-view.ts';
import { VERIFY_EMAIL_PATH } from '../../common/constants.ts';
import { SERVER_MESSAGES, UI_TEXT } from '../../common/messages.ts';
import { App } from './App.tsx';
import { resetAppState } from '../core/store/app-state.ts';
import { session } from '../core/store/session.ts';
import { makeList, makeUser } from '../test/factories.ts';
import { answer, mockFetch } from '../test/http.ts';

// No socket in jsdom: the live subscriptions are not what these tests are about.
vi.mock('./live-sync.ts', () => ({ startAppLiveSync: () => () => undefined }));
vi.mock('../features/lists/live-lists.ts', () => ({ followAccountLists: () => () => undefined, followListItems: () => () => undefined, followVisitedList: () => () => undefined }));

const user = makeUser();

function Location() {
  return <output aria-label="Location">{useLocation().pathname}</output>;
}

describe('App', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    resetAppState();
    fetchMock = mockFetch();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.signOut();
  });

  it("shows the sign-in screen at / after logging out on a public list's page", async () => {
    const list = makeList({ visibility: 'public' });
    const answers: Record<string, () => Response> = {
      'GET /api/v1/lists': () => answer(200, { lists: [list] }),
      'GET /api/v1/lists/l1/items': () => answer(200, { items: [] }),
      'POST /api/v1/auth/logout': () => answer(204),
      'GET /api/v1/lists/public/l1': () => answer(200, { list, items: [] }),
    };
    fetchMock.mockImplementation(async (url, init) => answers[`${init?.method ?? 'GET'} ${String(url)}`]?.() ?? answer(404));
    session.signIn({ token: 'tok', user });
    render(
      <MemoryRouter initialEntries={['/lists/l1']}>
        <App />
        <Location />
      </MemoryRouter>,
    );

    // On a list's page, Logout is in the "..." menu, which leaves the header to the list's name.
    await userEvent.click(await screen.findByRole('button', { name: LIST_VIEW_TEXT.listOptions }));
    await userEvent.click(await screen.findByRole('menuitem', { name: UI_TEXT.logout }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(/^\/$/);
    expect(screen.queryByText(UI_TEXT.publicListReadOnly)).toBeNull();
    expect(session.get()).toEqual({ token: null, user: null });
  });

  it.each([['signed in', true], ['signed out', false]])('opens the account-linking page at /alexa-login, %s', async (_state, signedIn) => {
    fetchMock.mockImplementation(async () => answer(200, { lists: [] }));
    if (signedIn) session.signIn({ token: 'tok', user });
    render(
      <MemoryRouter initialEntries={[`${ALEXA_LOGIN_PATH}?client_id=c&redirect_uri=https%3A%2F%2Fa.example%2Fl`]}>
        <App />
        <Location />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: LINK_PAGE_TEXT.title })).toBeVisible();
    expect(screen.getByRole('button', { name: LINK_PAGE_TEXT.submit })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(ALEXA_LOGIN_PATH);
  });

  it('asks a visitor who opens a confirmation link signed out to sign in, then confirms for the account signed in', async () => {
    const unconfirmed = { ...user, email_verified: false };
    const answers: Record<string, () => Response> = {
      'POST /api/v1/auth/login': () => answer(200, { token: 'tok', user: unconfirmed }),
      'POST /api/v1/auth/verify-email': () => answer(200, { user: { ...unconfirmed, email_verified: true } }),
    };
    fetchMock.mockImplementation(async (url, init) => answers[`${init?.method ?? 'GET'} ${String(url)}`]?.() ?? answer(404));
    render(
      <MemoryRouter initialEntries={[`${VERIFY_EMAIL_PATH}?token=abc`]}>
        <App />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: UI_TEXT.verifyEmailSignInTitle })).toBeVisible();
    expect(screen.getByText(UI_TEXT.verifyEmailSignIn)).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Email'), unconfirmed.email);
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(SERVER_MESSAGES.emailVerified)).toBeVisible();
    const confirmation = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/auth/verify-email')!;
    expect((confirmation[1]!.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(session.get().user?.email_verified).toBe(true);
  });
});
