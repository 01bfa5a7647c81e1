import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UI_TEXT } from '../../../common/messages.ts';
import { answer, callOf, failure, mockFetch } from '../../test/http.ts';
import { makeList } from '../../test/factories.ts';
import { appStore, resetAppState } from '../../core/store/app-state.ts';
import { renameListAction } from './list-actions.ts';
import { toastStore } from '../../core/store/toasts.ts';

const at = (second: number) => `2025-01-01T00:00:0${second}.000Z`;
const lists = () => appStore.get().lists;

describe('a slow answer to a rename, after the live feed brought a later change', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  let resolve!: (response: Response) => void;
  beforeEach(() => {
    resetAppState();
    toastStore.set([]);
    fetchMock = mockFetch();
    fetchMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
    appStore.update((state) => ({ ...state, lists: [makeList({ id: 'l1', name: 'Trip', updated_at: at(1) })] }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps someone else's later name", async () => {
    const renaming = renameListAction('l1', 'Trip A');
    expect(lists()[0]!.name).toBe('Trip A');
    appStore.update((state) => ({ ...state, lists: [makeList({ id: 'l1', name: 'Trip B', updated_at: at(3) })] }));
    resolve(answer(200, { list: makeList({ id: 'l1', name: 'Trip A', updated_at: at(2) }) }));
    await renaming;
    expect(lists().map((list) => list.name)).toEqual(['Trip B']);
  });

  it("keeps someone's rename that refused this one (409), says so, and sent the name the editor started from", async () => {
    const renaming = renameListAction('l1', 'Trip A', 'Trip');
    appStore.update((state) => ({ ...state, lists: [makeList({ id: 'l1', name: 'Trip B', updated_at: at(3) })] }));
    const refusal = 'Someone renamed this list to "Trip B" meanwhile, so your new name was not saved.';
    resolve(failure(409, refusal));
    await renaming;
    expect(callOf(fetchMock, 0).body).toEqual({ name: 'Trip A', expected_name: 'Trip' });
    expect(lists().map((list) => list.name)).toEqual(['Trip B']);
    expect(toastStore.get()[0]).toMatchObject({ tone: 'error', message: UI_TEXT.listRenameFailed + refusal });
  });

  it('reads the list again after a 409 when the live feed has not brought the rename that won', async () => {
    const renaming = renameListAction('l1', 'Trip A', 'Trip');
    fetchMock.mockResolvedValueOnce(answer(200, { list: makeList({ id: 'l1', name: 'Trip B', updated_at: at(3) }) }));
    resolve(failure(409, 'Someone renamed this list to "Trip B" meanwhile, so your new name was not saved.'));
    await renaming;
    await vi.waitFor(() => expect(lists().map((list) => list.name)).toEqual(['Trip B']));
    expect(callOf(fetchMock, 1)).toMatchObject({ url: expect.stringContaining('/lists/l1') });
  });

  it('puts the name back when the rename is refused and nothing came meanwhile', async () => {
    const renaming = renameListAction('l1', 'Trip A');
    resolve(failure(403, 'You cannot edit this list'));
    await renaming;
    expect(callOf(fetchMock, 0).body).toEqual({ name: 'Trip A', expected_name: 'Trip' });
    expect(lists().map((list) => list.name)).toEqual(['Trip']);
  });

  it('does not bring back a list deleted elsewhere meanwhile', async () => {
    const renaming = renameListAction('l1', 'Trip A');
    appStore.update((state) => ({ ...state, lists: [] }));
    resolve(answer(200, { list: makeList({ id: 'l1', name: 'Trip A', updated_at: at(2) }) }));
    await renaming;
    expect(lists()).toEqual([]);
  });
});
