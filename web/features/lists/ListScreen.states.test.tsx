import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_VIEW_TEXT } from '../../../common/list-view.ts';
import { STORE_ORDER_TEXT } from '../../../common/store-order.ts';
import { MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import type { ListView } from '../../../common/schemas/lists.ts';
import { appStore, DEFAULT_LIST_VIEW, resetAppState } from '../../core/store/app-state.ts';
import { setServerItems } from '../items/item-actions.ts';
import { removeListLocally } from './list-actions.ts';
import { session } from '../../core/store/session.ts';
import { makeList, makeUser } from '../../test/factories.ts';
import { answer, item, mockFetch } from '../../test/http.ts';
import { renderListScreen } from '../../test/list-screen.tsx';

// No socket in jsdom: the items come from their REST load alone, and a removal is made in the
// store, as the live `lists` topic makes it.
vi.mock('./live-lists.ts', () => ({ followAccountLists: () => () => undefined, followListItems: () => () => undefined, followVisitedList: () => () => undefined }));

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

/** A list opened before its items are in: the store has the list (with its counts), no items. */
function openList(items: Promise<Response>, can?: ReturnType<typeof makeList>['can']) {
  const list = makeList({ item_count: 6, done_count: 2, ...(can ? { can } : {}) });
  fetchMock.mockImplementation(async (url) => (String(url).endsWith('/lists/l1/items') ? items : answer(200, { lists: [list] })));
  appStore.update((state) => ({ ...state, lists: [list], listsLoaded: true }));
  renderListScreen();
}

describe('ListScreen while its items load', () => {
  it('shows busy placeholders and the counts the server sent with the list, never "nothing here"', async () => {
    const items = Promise.withResolvers<Response>();
    openList(items.promise);
    const placeholders = screen.getByRole('list', { name: UI_TEXT.loadingItems });
    expect(placeholders).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText(LIST_VIEW_TEXT.progress(2, 6))).toBeInTheDocument();
    expect(screen.queryByText(UI_TEXT.noItems)).not.toBeInTheDocument();

    items.resolve(answer(200, { items: [item('i1', 'milk')], next: null, seq: 3 }));
    expect(await screen.findByText('milk')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: UI_TEXT.loadingItems })).not.toBeInTheDocument();
    expect(screen.getByText(LIST_VIEW_TEXT.progress(0, 1))).toBeInTheDocument();
  });

  it('points an empty list\'s editors to the add bar, and tells its readers only that it is empty', async () => {
    openList(Promise.resolve(answer(200, { items: [], next: null, seq: 1 })), { ...makeList().can, editItems: false });
    expect(await screen.findByText(UI_TEXT.noItemsToRead)).toBeInTheDocument();
    expect(screen.queryByText(UI_TEXT.noItems)).not.toBeInTheDocument();
  });

  it('stops being busy when the load cannot reach the server, and says the list is not here offline, with its counts; never that it is empty', async () => {
    openList(Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByText(UI_TEXT.listNotAvailableOffline)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: UI_TEXT.loadingItems })).not.toBeInTheDocument();
    expect(screen.queryByText(UI_TEXT.noItems)).not.toBeInTheDocument();
    expect(screen.getByText(LIST_VIEW_TEXT.progress(2, 6))).toBeInTheDocument();
  });
});

describe('ListScreen offline', () => {
  it('shows the items held on the device, read before', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [item('i1', 'milk')] }, itemsReadAt: { l1: '2025-01-01T00:00:00.000Z' } }));
    openList(Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByText('milk')).toBeInTheDocument();
    expect(screen.queryByText(UI_TEXT.listNotAvailableOffline)).not.toBeInTheDocument();
  });

  it('shows what was added to a list never read here under the notice: the rest of it is not here', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [{ ...item('i1', 'candles'), tempId: 'temp-1' }] } }));
    openList(Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByText(UI_TEXT.listNotAvailableOffline)).toBeInTheDocument();
    expect(screen.getByText('candles')).toBeInTheDocument();
  });

  it('shows the items once they come, when the connection is back', async () => {
    openList(Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByText(UI_TEXT.listNotAvailableOffline)).toBeInTheDocument();
    // The live feed's snapshot, once the socket is back.
    act(() => setServerItems('l1', [item('i1', 'milk')]));
    expect(await screen.findByText('milk')).toBeInTheDocument();
    expect(screen.queryByText(UI_TEXT.listNotAvailableOffline)).not.toBeInTheDocument();
  });
});

describe('ListScreen for a list that is not the caller’s to see', () => {
  /** Opens one of the caller's lists, then takes it from them as the live feed does: the heading that says so takes the focus. */
  async function openThenLose(list: ListView): Promise<HTMLElement> {
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path.endsWith('/lists/l1/items')) return answer(200, { items: [], next: null, seq: 1 });
      if (path.endsWith('/lists')) return answer(200, { lists: [list] });
      return answer(404, { error: { code: 'not_found', message: MESSAGES.listNotFound } });
    });
    appStore.update((state) => ({ ...state, lists: [list], listsLoaded: true }));
    renderListScreen('/lists/l1');
    expect(await screen.findByRole('heading', { level: 1, name: list.name })).toBeInTheDocument();
    act(() => removeListLocally('l1'));
    const gone = await screen.findByRole('heading', { level: 1, name: UI_TEXT.listGone(list.name) });
    // The focus moves in an effect after the heading is drawn: on a loaded machine, a moment later.
    await waitFor(() => expect(gone).toHaveFocus());
    return gone;
  }

  it('tells its owner they deleted it themself, elsewhere', async () => {
    await openThenLose(makeList({ name: 'Groceries' }));
    expect(screen.getByText(UI_TEXT.ownListGoneExplained)).toBeInTheDocument();
  });

  it('says so by name when the access is taken back while it is open, with the focus on it and the way back', async () => {
    await openThenLose(makeList({ name: 'Groceries', owner_id: 'u2', isOwner: false }));
    expect(screen.getByText(UI_TEXT.listGoneExplained)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: UI_TEXT.goToLists })).toHaveAttribute('href', '/');
  });

  it('says so too to a visitor of a public list made private while it is open', async () => {
    const list = makeList({ name: 'Fair', owner_id: 'u2', isOwner: false, visibility: 'public' });
    let isPublic = true;
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path.endsWith('/lists')) return answer(200, { lists: [] });
      if (isPublic && path.endsWith('/lists/l1/items')) return answer(200, { items: [], next: null, seq: 1 });
      if (isPublic && path.endsWith('/lists/l1')) return answer(200, { list });
      return answer(404, { error: { code: 'not_found', message: MESSAGES.listNotFound } });
    });
    appStore.update((state) => ({ ...state, listsLoaded: true }));
    renderListScreen('/lists/l1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fair' })).toBeInTheDocument();

    isPublic = false;
    // What the items subscription's refusal does (live-lists.ts).
    act(() => removeListLocally('l1'));
    expect(await screen.findByRole('heading', { level: 1, name: UI_TEXT.listGone('Fair') })).toBeInTheDocument();
  });

  it('says the list is not found when a link names one the caller never had', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/lists') ? answer(200, { lists: [] }) : answer(404, { error: { code: 'not_found', message: MESSAGES.listNotFound } }),
    );
    appStore.update((state) => ({ ...state, listsLoaded: true }));
    renderListScreen('/lists/l9');
    const heading = await screen.findByRole('heading', { level: 1, name: UI_TEXT.listNotFoundTitle });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(MESSAGES.listNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: UI_TEXT.goToLists })).toBeInTheDocument();
  });
});

describe('ListScreen sorted by the store order', () => {
  const NAMES = ['bread', 'milk', 'soap'];
  const nothingLearned = { store: '', trips: 0, items: {}, departments: {}, stores: [] };

  /** The names of the rows, top to bottom. */
  function rowOrder(): string[] {
    const boxes = screen.getAllByRole('checkbox');
    const at = (name: string) => boxes.indexOf(screen.getByRole('checkbox', { name }));
    return [...NAMES].sort((a, b) => at(a) - at(b));
  }

  it('reads it again once a check-off (here another member’s, live) settles, and sorts by what the server learned', async () => {
    const list = makeList();
    let learned: object = nothingLearned;
    let reads = 0;
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path.includes('/lists/l1/store-order')) {
        reads++;
        return answer(200, learned);
      }
      if (path.endsWith('/lists/l1/items')) return answer(200, { items: NAMES.map((name, index) => item(`i${index}`, name)), next: null, seq: 1 });
      return answer(200, { lists: [list] });
    });
    appStore.update((state) => ({ ...state, lists: [list], listsLoaded: true, view: { l1: { ...DEFAULT_LIST_VIEW, mode: 'store' } } }));
    renderListScreen();
    expect(await screen.findByRole('button', { name: `Sort by: ${STORE_ORDER_TEXT.title}` })).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(1));
    expect(rowOrder()).toEqual(['bread', 'milk', 'soap']);

    // Another member starts a trip: their first check-off taught the server the trip before.
    learned = { ...nothingLearned, trips: 1, items: { soap: 0, milk: 0.5, bread: 1 } };
    act(() => setServerItems('l1', [item('i0', 'bread'), item('i1', 'milk', { is_completed: true }), item('i2', 'soap')]));
    await waitFor(() => expect(rowOrder()).toEqual(['soap', 'milk', 'bread']));
    expect(reads).toBe(2);
  });
});
