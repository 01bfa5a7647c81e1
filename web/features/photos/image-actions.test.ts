import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { IMAGE_TEXT } from '../../../common/image-uploads.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../../common/messages.ts';
import { IDEMPOTENCY_HEADER, STORAGE_KEYS } from '../../../common/constants.ts';
import { makeList, makeUser } from '../../test/factories.ts';
import { answer, callOf, failure, item, mockFetch } from '../../test/http.ts';
import { sendXhrThroughFetch } from '../../test/xhr.ts';
import { appStore, resetAppState, saveCache } from '../../core/store/app-state.ts';
import { attachImageAction, cancelUploadAction, refusedOnTemporaryList, removeImageAction, uploadProgress } from './image-actions.ts';
import { addItemsAction, setServerItems, toggleItemAction } from '../items/item-actions.ts';
import { session } from '../../core/store/session.ts';
import { toastStore } from '../../core/store/toasts.ts';
import { serverNow } from '../../core/net/server-clock.ts';
import { forgetAllWaitingPhotos, keepWaitingPhoto, waitingPhotos, type WaitingPhoto } from './waiting-photos.ts';
import { resumeWaitingPhotos, startPhotoResumes } from './waiting-photos-resume.ts';

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

/** The clock and its timers faked, but not setImmediate, which the IndexedDB stand-in runs its work with. */
const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

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
    localStorage.clear();
    resetAppState();
    session.signIn({ token: 'token', user: makeUser() });
    toastStore.set([]);
    uploadProgress.set({});
    fetchMock = mockFetch();
    sendXhrThroughFetch();
    appStore.update((state) => ({ ...state, lists: [makeList()], items: { l1: [milk] } }));
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    // Stops what a test left running, and forgets the photos it kept.
    session.signOut();
    await forgetAllWaitingPhotos();
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

  it('reverts to no image with the failure message when the server refuses', async () => {
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

  it('keeps trying through lost connections, shows the wait, and after 10 minutes leaves the photo kept on the device', async () => {
    fakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const attaching = attachImageAction('l1', 'i1', photo);
    await vi.advanceTimersByTimeAsync(0);
    expect(uploadProgress.get()).toEqual({ i1: null });
    expect(current()?.images?.primary).toMatchObject({ isOptimistic: true });
    await vi.advanceTimersByTimeAsync(600_000);
    await attaching;
    expect(fetchMock.mock.calls.length).toBeGreaterThan(8);
    expect(current()?.images).toBeNull();
    // Told once, at the first wait, that the photo is kept on the device; then that it waits there.
    expect(toasts()).toEqual([
      ['warning', IMAGE_TEXT.uploadWaitKept],
      ['warning', IMAGE_TEXT.uploadPausedKept],
    ]);
    expect(await waitingPhotos()).toMatchObject([{ listId: 'l1', itemId: 'i1', imageData: photo }]);
  });

  it('where the browser refuses to keep the photo, says to keep the page open, and after 10 minutes it failed', async () => {
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    fakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const attaching = attachImageAction('l1', 'i1', photo);
    await vi.advanceTimersByTimeAsync(600_000);
    await attaching;
    expect(current()?.images).toBeNull();
    expect(toasts()).toEqual([
      ['warning', IMAGE_TEXT.uploadWaitKeepPageOpen],
      ['error', `${MESSAGES.imageAttachFailed}${IMAGE_TEXT.uploadUnreachable}`],
    ]);
    expect(await waitingPhotos()).toEqual([]);
  });

  it('Cancel stops the wait for the next try: nothing more is sent, and the photo goes with a word', async () => {
    fakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const attaching = attachImageAction('l1', 'i1', photo);
    await vi.advanceTimersByTimeAsync(0);
    expect(uploadProgress.get()).toEqual({ i1: null });
    await vi.waitFor(() => expect(toasts()).toEqual([['warning', IMAGE_TEXT.uploadWaitKept]]));
    cancelUploadAction('i1');
    await attaching;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(current()?.images).toBeNull();
    expect(uploadProgress.get()).toEqual({});
    expect(toasts()).toEqual([
      ['warning', IMAGE_TEXT.uploadWaitKept],
      ['info', IMAGE_TEXT.uploadCancelled],
    ]);
    // Cancelled for good: nothing is kept to be sent later.
    expect(await waitingPhotos()).toEqual([]);
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

  it('has the browser ask before the page goes only while the page alone holds the photo uploading', async () => {
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented ? 'asks' : 'goes';
    };
    const upload = pending();
    fetchMock.mockReturnValueOnce(upload.promise);
    const attaching = attachImageAction('l1', 'i1', photo);
    expect(leave()).toBe('asks');
    // Once stored on the device, a reload does not lose it: the next start sends it.
    await vi.waitFor(async () => expect(await waitingPhotos()).toHaveLength(1));
    expect(leave()).toBe('goes');
    upload.resolve(answer(200, milkWith('img1')));
    await attaching;
    expect(leave()).toBe('goes');

    // Where the browser refuses to store it, the page holds it until it is sent.
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const retake = pending();
    fetchMock.mockReturnValueOnce(retake.promise);
    const retaking = attachImageAction('l1', 'i1', photo);
    await new Promise((done) => setTimeout(done, 20));
    expect(leave()).toBe('asks');
    retake.resolve(answer(200, milkWith('img2')));
    await retaking;
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
    expect(callOf(fetchMock, 0)).toMatchObject({ method: 'DELETE', url: expect.stringMatching(/^\/api\/v1\/lists\/l1\/items\/i1\/image(\?undo=[\w-]+)?$/) });
    expect(current()).toEqual(milkWith('img1'));
    // Why it was put back, and no Undo left for a removal that did not happen.
    expect(toasts()).toEqual([['error', `${IMAGE_TEXT.removeFailed}You cannot edit this list`]]);

    fetchMock.mockResolvedValueOnce(failure(404, 'Item not found'));
    await removeImageAction('l1', 'i1');
    expect(current()?.images).toBeNull();
    fetchMock.mockResolvedValueOnce(answer(200, { success: true }));
    appStore.update((state) => ({ ...state, items: { l1: [milkWith('img2')] } }));
    await removeImageAction('l1', 'i1');
    expect(current()?.images).toBeNull();
    expect(toasts().filter(([kind]) => kind === 'error')).toHaveLength(1);
  });

  it('refuses images on a list the server has not confirmed yet, with its warning', () => {
    appStore.update((state) => ({ ...state, lists: [makeList({ id: 'l2' }), { ...makeList({ id: 'l3' }), tempId: 'temp-1' }] }));
    expect(refusedOnTemporaryList('l2', MESSAGES.tempListNoImages)).toBe(false);
    expect(toasts()).toEqual([]);
    expect(refusedOnTemporaryList('l3', MESSAGES.tempListNoImages)).toBe(true);
    expect(toasts()).toEqual([['warning', MESSAGES.tempListNoImages]]);
  });

  describe('photos kept on the device while their upload waits (decision 036)', () => {
    /** A photo as an earlier page left it on the device. */
    const kept = (overrides: Partial<WaitingPhoto> = {}): WaitingPhoto => ({
      key: 'k1',
      userId: 'u1',
      listId: 'l1',
      itemId: 'i1',
      imageData: photo,
      keptAt: serverNow().toISOString(),
      ...overrides,
    });
    const keptKeys = async () => (await waitingPhotos()).map((entry) => entry.key);
    const uploadsSent = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/image'));

    /** A reload: the app's modules start afresh, with what the device kept (localStorage, IndexedDB). */
    async function reload() {
      vi.resetModules();
      const state = await import('../../core/store/app-state.ts');
      const resume = await import('./waiting-photos-resume.ts');
      const shown = await import('../../core/store/toasts.ts');
      // The page after the reload leaves with its test: its cache saves must not reach the next ones.
      onTestFinished(() => state.resetAppState());
      return {
        resumeWaitingPhotos: resume.resumeWaitingPhotos,
        current: () => state.appStore.get().items.l1?.[0],
        toasts: () => shown.toastStore.get().map((toast) => [toast.tone, toast.message]),
      };
    }

    it('a reload while the upload waits loses nothing: the next start sends the photo with the same Idempotency-Key', async () => {
      // The first try never answers: the page goes before.
      fetchMock.mockReturnValueOnce(pending().promise);
      void attachImageAction('l1', 'i1', photo);
      await vi.waitFor(async () => expect(await keptKeys()).toHaveLength(1));
      const [stored] = await waitingPhotos();
      expect(callOf(fetchMock, 0).headers[IDEMPOTENCY_HEADER]).toBe(stored!.key);
      saveCache({ leaving: true });

      const page = await reload();
      // The cache never holds the photo: the row starts without it.
      expect(page.current()).toEqual(milk);
      const upload = pending();
      fetchMock.mockReturnValueOnce(upload.promise);
      await page.resumeWaitingPhotos();
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      expect(callOf(fetchMock, 1)).toMatchObject({
        method: 'POST',
        url: '/api/v1/lists/l1/items/i1/image',
        headers: { [IDEMPOTENCY_HEADER]: stored!.key },
        body: { imageData: photo },
      });
      expect(page.current()?.images?.primary).toMatchObject({ thumbnailUrl: photo, isOptimistic: true });
      upload.resolve(answer(200, milkWith('img1')));
      await vi.waitFor(() => expect(page.current()).toEqual(milkWith('img1')));
      await vi.waitFor(async () => expect(await keptKeys()).toEqual([]));
      expect(page.toasts()).toEqual([]);
    });

    it("reads the photo's list first when this device does not hold its items, then sends it", async () => {
      appStore.update((state) => ({ ...state, items: {} }));
      await keepWaitingPhoto(kept());
      fetchMock.mockResolvedValueOnce(answer(200, { items: [milk], seq: 1, next: null })).mockResolvedValueOnce(answer(200, milkWith('img1')));
      await resumeWaitingPhotos();
      await vi.waitFor(() => expect(current()).toEqual(milkWith('img1')));
      expect(callOf(fetchMock, 0)).toMatchObject({ url: '/api/v1/lists/l1/items' });
      expect(callOf(fetchMock, 1)).toMatchObject({ url: '/api/v1/lists/l1/items/i1/image', headers: { [IDEMPOTENCY_HEADER]: 'k1' } });
      await vi.waitFor(async () => expect(await keptKeys()).toEqual([]));
    });

    it('runs each photo once, however often the resume is asked for (start, the connection back)', async () => {
      await keepWaitingPhoto(kept());
      const upload = pending();
      fetchMock.mockReturnValueOnce(upload.promise);
      await Promise.all([resumeWaitingPhotos(), resumeWaitingPhotos()]);
      await resumeWaitingPhotos();
      // Still kept while on its way: a reload now would send it again.
      expect(await keptKeys()).toEqual(['k1']);
      upload.resolve(answer(200, milkWith('img1')));
      await vi.waitFor(() => expect(current()).toEqual(milkWith('img1')));
      expect(uploadsSent()).toHaveLength(1);
    });

    it('Logout forgets the photos kept, and stops their uploads without a word', async () => {
      fetchMock.mockReturnValueOnce(pending().promise);
      void attachImageAction('l1', 'i1', photo);
      await vi.waitFor(async () => expect(await keptKeys()).toHaveLength(1));
      session.signOut();
      await vi.waitFor(async () => expect(await keptKeys()).toEqual([]));
      expect(toasts()).toEqual([]);
    });

    it('a deleted account forgets them too', async () => {
      await keepWaitingPhoto(kept());
      session.end('deleted');
      await vi.waitFor(async () => expect(await keptKeys()).toEqual([]));
    });

    it("a session that ended keeps them for the same user's next sign-in, which sends them", async () => {
      fetchMock.mockReturnValueOnce(pending().promise);
      void attachImageAction('l1', 'i1', photo);
      await vi.waitFor(async () => expect(await keptKeys()).toHaveLength(1));
      session.end();
      await new Promise((done) => setTimeout(done, 20));
      // Signed out: nothing is sent, nothing forgotten.
      await resumeWaitingPhotos();
      expect(await keptKeys()).toHaveLength(1);

      session.signIn({ token: 'token-2', user: makeUser() });
      fetchMock.mockResolvedValueOnce(answer(200, { items: [milk], seq: 1, next: null })).mockResolvedValueOnce(answer(200, milkWith('img1')));
      await resumeWaitingPhotos();
      await vi.waitFor(() => expect(current()).toEqual(milkWith('img1')));
      expect(uploadsSent()).toHaveLength(2);
      await vi.waitFor(async () => expect(await keptKeys()).toEqual([]));
    });

    it("forgets another account's photos unsent: a session that ended, then someone else signed in", async () => {
      await keepWaitingPhoto(kept({ key: 'theirs', userId: 'u2' }));
      await resumeWaitingPhotos();
      await vi.waitFor(async () => expect(await keptKeys()).toEqual([]));
      expect(fetchMock).not.toHaveBeenCalled();
      expect(current()).toEqual(milk);
    });

    it('an item deleted meanwhile: the photo is forgotten, said once, and never sent', async () => {
      await keepWaitingPhoto(kept({ itemId: 'gone' }));
      await resumeWaitingPhotos();
      await vi.waitFor(async () => expect(await keptKeys()).toEqual([]));
      await resumeWaitingPhotos();
      expect(fetchMock).not.toHaveBeenCalled();
      expect(toasts()).toEqual([['error', `${MESSAGES.imageAttachFailed}${SERVER_MESSAGES.itemNotFound}`]]);
    });

    it('a list out of reach, or a photo the server refuses: forgotten and said once, never tried again', async () => {
      appStore.update((state) => ({ ...state, items: {} }));
      await keepWaitingPhoto(kept());
      fetchMock.mockResolvedValueOnce(failure(404, MESSAGES.listNotFound));
      await resumeWaitingPhotos();
      await vi.waitFor(async () => expect(await keptKeys()).toEqual([]));
      expect(toasts()).toEqual([['error', `${MESSAGES.imageAttachFailed}${MESSAGES.listNotFound}`]]);

      toastStore.set([]);
      appStore.update((state) => ({ ...state, items: { l1: [milk] } }));
      await keepWaitingPhoto(kept({ key: 'k2' }));
      fetchMock.mockResolvedValueOnce(failure(413, 'This image is too large'));
      await resumeWaitingPhotos();
      await vi.waitFor(async () => expect(await keptKeys()).toEqual([]));
      await resumeWaitingPhotos();
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(toasts()).toEqual([['error', `${MESSAGES.imageAttachFailed}This image is too large`]]);
      expect(current()).toEqual(milk);
    });

    it('a server out of reach when the list is read: the photo stays for the next try', async () => {
      appStore.update((state) => ({ ...state, items: {} }));
      await keepWaitingPhoto(kept());
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await resumeWaitingPhotos();
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      await new Promise((done) => setTimeout(done, 20));
      expect(await keptKeys()).toEqual(['k1']);
      expect(toasts()).toEqual([]);
    });

    it('one kept longer than the server remembers its key is not sent (it may be there already), with a word', async () => {
      await keepWaitingPhoto(kept({ keptAt: new Date(serverNow().getTime() - 24 * 3_600_000).toISOString() }));
      await resumeWaitingPhotos();
      await vi.waitFor(async () => expect(await keptKeys()).toEqual([]));
      expect(fetchMock).not.toHaveBeenCalled();
      expect(toasts()).toEqual([['warning', IMAGE_TEXT.keptPhotosTooOld(1)]]);
    });

    it('the first answer replayed for a key sent again is older than the item held: only its image is taken, and the list read again', async () => {
      const renamed = item('i1', 'oat milk', { updated_at: '2025-01-02T00:00:00.000Z' });
      appStore.update((state) => ({ ...state, items: { l1: [renamed] } }));
      await keepWaitingPhoto(kept());
      fetchMock
        .mockResolvedValueOnce(answer(200, milkWith('img1')))
        .mockResolvedValueOnce(answer(200, { items: [{ ...renamed, images: { primary: image('img1') } }], seq: 2, next: null }));
      await resumeWaitingPhotos();
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      expect(current()).toEqual({ ...renamed, images: { primary: image('img1') } });
      expect(callOf(fetchMock, 1)).toMatchObject({ url: '/api/v1/lists/l1/items' });
    });

    it('a photo taken of the item since takes the place of the one kept for it, which is never sent', async () => {
      await keepWaitingPhoto(kept({ key: 'older', imageData: 'data:image/jpeg;base64,b2xk' }));
      fetchMock.mockResolvedValueOnce(answer(200, milkWith('img2')));
      await attachImageAction('l1', 'i1', photo);
      await vi.waitFor(async () => expect(await keptKeys()).toEqual([]));
      await resumeWaitingPhotos();
      expect(uploadsSent()).toHaveLength(1);
      expect(current()).toEqual(milkWith('img2'));
    });

    it('after the tries ran out, sends the photo when the connection returns', async () => {
      const stop = startPhotoResumes();
      // Its resume at start (at the first idle moment) finds nothing kept yet.
      await new Promise((done) => setTimeout(done, 100));
      fakeTimers();
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      await Promise.all([attachImageAction('l1', 'i1', photo), vi.advanceTimersByTimeAsync(600_000)]);
      vi.useRealTimers();
      expect(await keptKeys()).toHaveLength(1);
      fetchMock.mockReset();
      fetchMock.mockResolvedValueOnce(answer(200, milkWith('img1')));
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(current()).toEqual(milkWith('img1')));
      stop();
      await vi.waitFor(async () => expect(await keptKeys()).toEqual([]));
    });
  });
});
