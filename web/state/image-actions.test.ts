import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_TEXT } from '../../common/image-uploads.ts';
import { MESSAGES } from '../../common/messages.ts';
import { STORAGE_KEYS } from '../../common/constants.ts';
import { makeList, makeUser } from '../test/factories.ts';
import { answer, callOf, failure, item, mockFetch } from '../test/http.ts';
import { sendXhrThroughFetch } from '../test/xhr.ts';
import { appStore, resetAppState, saveCache } from './app-state.ts';
import { attachImageAction, cancelUploadAction, refusedOnTemporaryList, removeImageAction, uploadProgress } from './image-actions.ts';
import { addItemsAction, setServerItems, toggleItemAction } from './item-actions.ts';
import { session } from './session.ts';
import { toastStore } from './toasts.ts';

const photo = 'data:image/jpeg;base64,/9j/4AAQ';
const image = (id: string) => ({
  id,
  thumbnailUrl: `/api/v1/images/${id}/thumbnail?sig=1`,
  mediumUrl: `/api/v1/images/${id}/medium?sig=1`,
  uploadedAt: '2025-01-01T00:00:00.000Z',
});
const milk = item('i1', 'milk');
const milkWith = (id: string, extra: Record<string, unknown> = {}) => item('i1', 'milk', { images: { primary: image(id) }, ...extra });

const current = () => appStore.get().items.l1?.[0];
const toasts = () => toastStore.get().map((toast) => [toast.tone, toast.message]);

/** A fetch answer the test gives when it wants. */
function pending() {
  let resolve!: (response: Response) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Response>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('image actions', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    resetAppState();
    toastStore.set([]);
    uploadProgress.set({});
    fetchMock = mockFetch();
    sendXhrThroughFetch();
    appStore.update((state) => ({ ...state, lists: [makeList()], items: { l1: [milk] } }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the photo at once as an optimistic temp- image with progress, then takes the server item', async () => {
    const call = pending();
    fetchMock.mockReturnValueOnce(call.promise);
    const attaching = attachImageAction('l1', 'i1', photo);
    expect(current()?.images).toEqual({
      primary: { id: expect.stringMatching(/^temp-\d+$/), thumbnailUrl: photo, mediumUrl: photo, uploadedAt: expect.any(String), isOptimistic: true },
    });
    await vi.waitFor(() => expect(uploadProgress.get()).toEqual({ i1: 0.5 }));
    expect(callOf(fetchMock, 0)).toMatchObject({ method: 'POST', url: '/api/v1/lists/l1/items/i1/image', body: { imageData: photo } });
    call.resolve(answer(200, milkWith('img1')));
    await attaching;
    expect(current()).toEqual(milkWith('img1'));
    expect(uploadProgress.get()).toEqual({});
    expect(toasts()).toEqual([]);
  });

  it('reverts to no image with the spec message when the server refuses', async () => {
    fetchMock.mockResolvedValueOnce(failure(415, 'This file is not an image'));
    await attachImageAction('l1', 'i1', photo);
    expect(current()?.images).toBeNull();
    expect(toasts()).toEqual([['error', `${MESSAGES.imageAttachFailed}This file is not an image`]]);
    expect(uploadProgress.get()).toEqual({});
  });

  it('puts the earlier image back when a retake fails', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [milkWith('old')] } }));
    fetchMock.mockResolvedValueOnce(failure(402, 'Storage quota exceeded'));
    await attachImageAction('l1', 'i1', photo);
    expect(current()).toEqual(milkWith('old'));
    expect(toasts()).toEqual([['error', `${MESSAGES.imageAttachFailed}Storage quota exceeded`]]);
  });

  it('keeps trying through lost connections, shows the wait, and gives up after 10 minutes', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const attaching = attachImageAction('l1', 'i1', photo);
    await vi.advanceTimersByTimeAsync(0);
    expect(uploadProgress.get()).toEqual({ i1: null });
    expect(current()?.images?.primary).toMatchObject({ isOptimistic: true });
    await vi.advanceTimersByTimeAsync(600_000);
    await attaching;
    expect(fetchMock.mock.calls.length).toBeGreaterThan(8);
    expect(current()?.images).toBeNull();
    // Told once, at the first wait, that the photo lives only in this page; then that it failed.
    expect(toasts()).toEqual([
      ['warning', IMAGE_TEXT.uploadWaitKeepPageOpen],
      ['error', `${MESSAGES.imageAttachFailed}${IMAGE_TEXT.uploadUnreachable}`],
    ]);
  });

  it('Cancel stops the wait for the next try: nothing more is sent, and the photo goes with a word', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const attaching = attachImageAction('l1', 'i1', photo);
    await vi.advanceTimersByTimeAsync(0);
    expect(uploadProgress.get()).toEqual({ i1: null });
    cancelUploadAction('i1');
    await attaching;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(current()?.images).toBeNull();
    expect(uploadProgress.get()).toEqual({});
    expect(toasts()).toEqual([
      ['warning', IMAGE_TEXT.uploadWaitKeepPageOpen],
      ['info', IMAGE_TEXT.uploadCancelled],
    ]);
  });

  it('Cancel ends a try on its way: its answer, should it come, changes nothing', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [milkWith('old')] } }));
    const call = pending();
    fetchMock.mockReturnValueOnce(call.promise);
    const attaching = attachImageAction('l1', 'i1', photo);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    cancelUploadAction('i1');
    await attaching;
    call.resolve(answer(200, milkWith('img1')));
    await new Promise((done) => setTimeout(done, 0));
    expect(current()).toEqual(milkWith('old'));
    expect(toasts()).toEqual([['info', IMAGE_TEXT.uploadCancelled]]);
  });

  it('Cancel before the server has the new item sends nothing, even once the item comes', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [{ ...milk, tempId: 'temp-1' }] } }));
    const attaching = attachImageAction('l1', 'i1', photo);
    cancelUploadAction('i1');
    await attaching;
    setServerItems('l1', [milk]);
    await new Promise((done) => setTimeout(done, 0));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(current()).toEqual(milk);
    expect(uploadProgress.get()).toEqual({});
  });

  it('keeps the uploading photo when a live update or another change answers meanwhile', async () => {
    const call = pending();
    fetchMock.mockReturnValueOnce(call.promise);
    const attaching = attachImageAction('l1', 'i1', photo);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    setServerItems('l1', [item('i1', 'milk', { content: 'oat milk' })]);
    expect(current()).toMatchObject({ content: 'oat milk', images: { primary: { thumbnailUrl: photo, isOptimistic: true } } });
    fetchMock.mockResolvedValueOnce(answer(200, item('i1', 'oat milk', { is_completed: true })));
    await toggleItemAction('l1', current()!);
    expect(current()).toMatchObject({ is_completed: true, images: { primary: { isOptimistic: true } } });
    call.resolve(answer(200, milkWith('img1', { content: 'oat milk', is_completed: true })));
    await attaching;
    expect(current()?.images).toEqual({ primary: image('img1') });
  });

  it('sends the photo of an item made here once the server has the item', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [{ ...milk, tempId: 'temp-1' }] } }));
    fetchMock.mockResolvedValueOnce(answer(200, milkWith('img1')));
    const attaching = attachImageAction('l1', 'i1', photo);
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(current()?.images?.primary).toMatchObject({ isOptimistic: true });
    setServerItems('l1', [milk]);
    await attaching;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(current()).toEqual(milkWith('img1'));
  });

  it('keeps the photo of a new item when the batch call that creates it answers', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [] } }));
    const batch = pending();
    fetchMock.mockReturnValueOnce(batch.promise).mockResolvedValueOnce(answer(200, milkWith('img1')));
    const adding = addItemsAction('l1', 'milk');
    const made = current()!;
    const attaching = attachImageAction('l1', made.id, photo);
    batch.resolve(answer(201, { results: [{ ...milk, id: made.id }], warnings: [] }));
    await adding;
    expect(current()).toMatchObject({ id: made.id, images: { primary: { thumbnailUrl: photo, isOptimistic: true } } });
    expect(current()?.tempId).toBeUndefined();
    await attaching;
    expect(callOf(fetchMock, 1).url).toBe(`/api/v1/lists/l1/items/${made.id}/image`);
    expect(current()?.images).toEqual({ primary: image('img1') });
  });

  it('sends the photo of a new item the server merged into the item of its name to that item', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [] } }));
    const batch = pending();
    fetchMock.mockReturnValueOnce(batch.promise).mockResolvedValueOnce(answer(200, milkWith('img1')));
    const adding = addItemsAction('l1', 'milk');
    const made = current()!;
    const attaching = attachImageAction('l1', made.id, photo);
    // Another device added "Milk" first: the server answers with that item, and says so.
    batch.resolve(answer(201, { results: [milk], warnings: [], merged: { [made.id]: milk.id } }));
    await adding;
    await attaching;
    expect(callOf(fetchMock, 1).url).toBe(`/api/v1/lists/l1/items/${milk.id}/image`);
    expect(appStore.get().items.l1).toEqual([milkWith('img1')]);
    expect(uploadProgress.get()).toEqual({});
  });

  it('has the browser ask before the page goes while a photo is still uploading, which the page alone holds', async () => {
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented ? 'asks' : 'goes';
    };
    const upload = pending();
    fetchMock.mockReturnValueOnce(upload.promise);
    const attaching = attachImageAction('l1', 'i1', photo);
    expect(leave()).toBe('asks');
    upload.resolve(answer(200, milkWith('img1')));
    await attaching;
    expect(leave()).toBe('goes');
  });

  it('never caches a photo that is still uploading (a data URL is megabytes, and no upload survives a reload)', async () => {
    session.signIn({ token: 'token', user: makeUser() });
    fetchMock.mockReturnValueOnce(pending().promise);
    void attachImageAction('l1', 'i1', photo);
    saveCache();
    const cached = JSON.parse(localStorage.getItem(STORAGE_KEYS.cache)!) as { items: { l1: { images: unknown }[] } };
    expect(cached.items.l1[0]?.images).toBeNull();
    expect(current()?.images?.primary).toMatchObject({ isOptimistic: true });
    session.signOut();
  });

  it('removes the image at once and puts it back with a message when the server refuses; 404 is done', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [milkWith('img1')] } }));
    const call = pending();
    fetchMock.mockReturnValueOnce(call.promise);
    const removing = removeImageAction('l1', 'i1');
    expect(current()?.images).toBeNull();
    call.resolve(failure(403, 'You cannot edit this list'));
    await removing;
    expect(callOf(fetchMock, 0)).toMatchObject({ method: 'DELETE', url: '/api/v1/lists/l1/items/i1/image' });
    expect(current()).toEqual(milkWith('img1'));
    expect(toasts()).toEqual([['error', `${IMAGE_TEXT.removeFailed}You cannot edit this list`]]);

    fetchMock.mockResolvedValueOnce(failure(404, 'Item not found'));
    await removeImageAction('l1', 'i1');
    expect(current()?.images).toBeNull();
    fetchMock.mockResolvedValueOnce(answer(200, { success: true }));
    appStore.update((state) => ({ ...state, items: { l1: [milkWith('img2')] } }));
    await removeImageAction('l1', 'i1');
    expect(current()?.images).toBeNull();
    expect(toasts()).toHaveLength(1);
  });

  it('refuses images on a list the server has not confirmed yet, with the spec alert', () => {
    appStore.update((state) => ({ ...state, lists: [makeList({ id: 'l2' }), { ...makeList({ id: 'l3' }), tempId: 'temp-1' }] }));
    expect(refusedOnTemporaryList('l2', MESSAGES.tempListNoImages)).toBe(false);
    expect(toasts()).toEqual([]);
    expect(refusedOnTemporaryList('l3', MESSAGES.tempListNoImages)).toBe(true);
    expect(toasts()).toEqual([['warning', MESSAGES.tempListNoImages]]);
  });
});
