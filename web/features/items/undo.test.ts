import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNDO_TEXT } from '../../../common/undo.ts';
import { answer, callOf, failure, item, mockFetch } from '../../test/http.ts';
import { appStore, resetAppState, type ClientItem } from '../../core/store/app-state.ts';
import { toastStore } from '../../core/store/toasts.ts';
import { clearCompletedAction, deleteItemAction } from './undoable-actions.ts';
import { putBack } from './undo.ts';

const items = () => appStore.get().items.l1 ?? [];
const ids = () => items().map((entry) => entry.id);

describe('putBack', () => {
  it('puts removed items where they stood and changed ones back as they were', () => {
    const [a, b, c] = [item('a', 'milk'), item('b', 'eggs', { is_completed: true }), item('c', 'bread')] as ClientItem[];
    const list = [{ ...a!, properties: { department: 'Dairy' } }];
    expect(putBack(list, [{ item: a!, index: 0 }, { item: b!, index: 1 }, { item: c!, index: 2 }])).toEqual([a, b, c]);
    expect(putBack([c!], [{ item: a!, index: 0 }])).toEqual([a, c]);
  });
});

describe('undo', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    resetAppState();
    toastStore.set([]);
    fetchMock = mockFetch();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers Undo after a removal: the item comes back in place, and the server is asked once with the same undo id', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [item('a', 'milk'), item('b', 'eggs')] as ClientItem[] } }));
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await deleteItemAction('l1', items()[0]!);
    expect(ids()).toEqual(['b']);
    const removal = callOf(fetchMock, 0);
    const undoId = /\?undo=([0-9a-f-]{36})$/.exec(String(removal.url))![1]!;
    const toast = toastStore.get().at(-1)!;
    expect(toast).toMatchObject({ message: UNDO_TEXT.removed('milk'), durationMs: 5000, action: { label: 'Undo' } });

    fetchMock.mockResolvedValueOnce(answer(200, { undone: true, items: [item('a', 'milk')] }));
    toast.action!.run();
    toast.action!.run();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(ids()).toEqual(['a', 'b']);
    expect(callOf(fetchMock, 1)).toMatchObject({ method: 'POST', url: `/api/v1/lists/l1/undo/${undoId}` });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('restores a deleted item when the server refuses, and takes its Undo away, leaving the reason', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [item('a', 'milk'), item('b', 'eggs')] as ClientItem[] } }));
    fetchMock.mockResolvedValueOnce(failure(403, 'no'));
    await deleteItemAction('l1', items()[0]!);
    expect(ids()).toEqual(['a', 'b']);
    await vi.waitFor(() => expect(toastStore.get().filter((toast) => toast.action)).toEqual([]));
    expect(toastStore.get()).toEqual([expect.objectContaining({ tone: 'error', message: expect.stringContaining('no') })]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Gone already: done, as the user asked.
    fetchMock.mockReset().mockResolvedValueOnce(failure(404, 'Item not found'));
    await deleteItemAction('l1', items()[0]!);
    expect(ids()).toEqual(['b']);
  });

  it('clears the checked items in one change with Undo', async () => {
    appStore.update((state) => ({
      ...state,
      items: { l1: [item('a', 'milk', { is_completed: true }), item('b', 'eggs'), item('c', 'bread', { is_completed: true })] as ClientItem[] },
    }));
    fetchMock.mockResolvedValueOnce(answer(200, { ids: ['a', 'c'] }));
    await clearCompletedAction('l1');
    expect(ids()).toEqual(['b']);
    expect(callOf(fetchMock, 0)).toMatchObject({ method: 'POST', url: '/api/v1/lists/l1/items/clear-completed', body: { ids: ['a', 'c'], undo_id: expect.any(String) } });
    expect(toastStore.get().at(-1)!.message).toBe(UNDO_TEXT.cleared(2));
    fetchMock.mockResolvedValueOnce(answer(200, { undone: true, items: [] }));
    toastStore.get().at(-1)!.action!.run();
    await vi.waitFor(() => expect(ids()).toEqual(['a', 'b', 'c']));
  });
});
