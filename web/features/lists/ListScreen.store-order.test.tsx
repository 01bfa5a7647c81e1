import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { STORE_ORDER_TEXT } from '../../../common/store-order.ts';
import { appStore, DEFAULT_LIST_VIEW, resetAppState } from '../../core/store/app-state.ts';
import { session } from '../../core/store/session.ts';
import { makeList, makeUser } from '../../test/factories.ts';
import { answer, item, mockFetch } from '../../test/http.ts';
import { renderListScreen } from '../../test/list-screen.tsx';
import { setServerItems } from '../items/item-actions.ts';

// No socket in jsdom: the items come from their REST load, and a member's check-off from the
// store, as the live `items` topic puts it there.
vi.mock('./live-lists.ts', () => ({ followAccountLists: () => () => undefined, followListItems: () => () => undefined, followVisitedList: () => () => undefined }));

const NAMES = ['bread', 'milk', 'soap'];
const nothingLearned = { store: '', trips: 0, items: {}, departments: {}, stores: [] };

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

/** The names of the rows, top to bottom. */
function rowOrder(): string[] {
  const boxes = screen.getAllByRole('checkbox');
  const at = (name: string) => boxes.indexOf(screen.getByRole('checkbox', { name }));
  return [...NAMES].sort((a, b) => at(a) - at(b));
}

it('sorted by the store order, reads it again once a check-off (here another member’s, live) settles, and sorts by what the server learned', async () => {
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
