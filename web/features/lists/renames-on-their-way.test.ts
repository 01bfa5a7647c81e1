import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, mockFetch } from '../../test/http.ts';
import { makeList } from '../../test/factories.ts';
import { appStore, resetAppState } from '../../core/store/app-state.ts';
import type { PendingChange } from '../../core/sync/pending-change.ts';
import { loadLists } from './list-actions.ts';
import { listRequests } from './lists-api.ts';
import { withRenamesOnTheirWay } from './renames-on-their-way.ts';

const renameTo = (name: string, key: string): PendingChange => ({ ...listRequests.rename('l1', name, 'Trip'), listId: 'l1', key });
const names = () => appStore.get().lists.map((list) => list.name);

describe('a rename on its way, when the server sends the list again', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    resetAppState();
    fetchMock = mockFetch();
    fetchMock.mockImplementation(() => Promise.resolve(answer(200, { lists: [makeList({ id: 'l1', name: 'Trip' }), makeList({ id: 'l2', name: 'Errands' })] })));
    appStore.update((state) => ({ ...state, lists: [makeList({ id: 'l1', name: 'Trip A' }), makeList({ id: 'l2', name: 'Errands' })] }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the new name while the rename waits in the queue (offline, or after a dropped connection)', async () => {
    appStore.update((state) => ({ ...state, pendingChanges: [renameTo('Trip A', 'k1')] }));
    await loadLists();
    expect(names()).toEqual(['Trip A', 'Errands']);
  });

  it('keeps the new name while the rename is sent and not answered yet', async () => {
    appStore.update((state) => ({ ...state, inFlight: [renameTo('Trip A', 'k1')] }));
    await loadLists();
    expect(names()).toEqual(['Trip A', 'Errands']);
  });

  it("shows the server's name once no rename waits: answered, or refused and dropped", async () => {
    await loadLists();
    expect(names()).toEqual(['Trip', 'Errands']);
  });
});

describe('withRenamesOnTheirWay', () => {
  const server = [makeList({ id: 'l1', name: 'Trip' })];

  it('takes the last of several renames, and leaves the other changes of the list alone', () => {
    const visibility: PendingChange = { ...listRequests.visibility('l1', { visibility: 'public', public_editable: false, allow_link_sharing: false }), listId: 'l1', key: 'k0' };
    expect(withRenamesOnTheirWay(server, [visibility, renameTo('Trip A', 'k1'), renameTo('Trip B', 'k2')]).map((list) => list.name)).toEqual(['Trip B']);
    expect(withRenamesOnTheirWay(server, [visibility])).toBe(server);
  });
});
