import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALEXA_LOGIN_PATH, LINK_PAGE_TEXT } from '../common/alexa.ts';
import { LIST_VIEW_TEXT } from '../common/list-view.ts';
import { UI_TEXT } from '../common/messages.ts';
import { App } from './App.tsx';
import { resetAppState } from './state/app-state.ts';
import { session } from './state/session.ts';
import { makeList } from './test/factories.ts';
import { answer, mockFetch } from './test/http.ts';
import { makeUser } from './test/factories.ts';

// No socket in jsdom: the live subscriptions are not what these tests are about.
vi.mock('./state/live-sync.ts', () => ({ startLiveSync: () => () => undefined, followListItems: () => () => undefined }));

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
});
