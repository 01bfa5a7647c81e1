import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_VIEW_TEXT } from '../../common/list-view.ts';
import { UI_TEXT } from '../../common/messages.ts';
import { appStore, resetAppState } from '../state/app-state.ts';
import { session } from '../state/session.ts';
import { makeList, makeUser } from '../test/factories.ts';
import { answer, item, mockFetch } from '../test/http.ts';
import { renderListScreen } from '../test/list-screen.tsx';

// No socket in jsdom; the items come from their REST load alone.
vi.mock('../state/live-sync.ts', () => ({ followListItems: () => () => undefined }));

/** A list opened before its items are in: the store has the list (with its counts), no items. */
function openList(fetchMock: ReturnType<typeof mockFetch>, items: Promise<Response>) {
  const list = makeList({ item_count: 6, done_count: 2 });
  fetchMock.mockImplementation(async (url) => (String(url).endsWith('/lists/l1/items') ? items : answer(200, { lists: [list] })));
  appStore.update((state) => ({ ...state, lists: [list], listsLoaded: true }));
  renderListScreen();
}

describe('ListScreen while its items load', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    session.signIn({ token: 'tok', user: makeUser() });
    resetAppState();
    fetchMock = mockFetch();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows busy placeholders and the counts the server sent with the list, never "nothing here"', async () => {
    const items = Promise.withResolvers<Response>();
    openList(fetchMock, items.promise);
    const placeholders = screen.getByRole('list', { name: UI_TEXT.loadingItems });
    expect(placeholders).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText(LIST_VIEW_TEXT.progress(2, 6))).toBeInTheDocument();
    expect(screen.queryByText(UI_TEXT.noItems)).not.toBeInTheDocument();

    items.resolve(answer(200, { items: [item('i1', 'milk')], next: null, seq: 3 }));
    expect(await screen.findByText('milk')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: UI_TEXT.loadingItems })).not.toBeInTheDocument();
    expect(screen.getByText(LIST_VIEW_TEXT.progress(0, 1))).toBeInTheDocument();
  });

  it('stops being busy when the load fails', async () => {
    openList(fetchMock, Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByText(UI_TEXT.noItems)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: UI_TEXT.loadingItems })).not.toBeInTheDocument();
  });
});
