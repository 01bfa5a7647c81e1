import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
});
