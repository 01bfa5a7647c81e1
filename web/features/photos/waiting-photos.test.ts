import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAllWaitingPhotos, forgetOtherPhotosOf, forgetWaitingPhoto, keepWaitingPhoto, waitingPhotos, type WaitingPhoto } from './waiting-photos.ts';

const photo = (key: string, userId = 'u1'): WaitingPhoto => ({
  key,
  userId,
  listId: 'l1',
  itemId: 'i1',
  imageData: `data:image/jpeg;base64,${key}`,
  keptAt: '2025-01-01T00:00:00.000Z',
});
const keys = async () => (await waitingPhotos()).map((kept) => kept.key).sort();

describe('photos kept on the device until their upload ends', () => {
  beforeEach(() => forgetAllWaitingPhotos());
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('keeps each photo under its Idempotency-Key, whole, until its upload ends', async () => {
    expect(await keepWaitingPhoto(photo('k1'))).toBe(true);
    expect(await keepWaitingPhoto(photo('k2', 'u2'))).toBe(true);
    expect(await waitingPhotos()).toEqual(expect.arrayContaining([photo('k1'), photo('k2', 'u2')]));
    await forgetWaitingPhoto('k1');
    expect(await keys()).toEqual(['k2']);
  });

  it('outlives the page: a fresh copy of the module (a reload) finds them', async () => {
    await keepWaitingPhoto(photo('k1'));
    vi.resetModules();
    const reloaded = await import('./waiting-photos.ts');
    expect(await reloaded.waitingPhotos()).toEqual([photo('k1')]);
  });

  it("forgets the other photos of an item when a newer one of it is kept, and no other item's", async () => {
    await keepWaitingPhoto(photo('k1'));
    await keepWaitingPhoto({ ...photo('k2'), itemId: 'i2' });
    await keepWaitingPhoto(photo('k3'));
    await forgetOtherPhotosOf(photo('k3'));
    expect(await keys()).toEqual(['k2', 'k3']);
  });

  it('forgets every photo, of every account, at once (a sign-out, a deleted account)', async () => {
    await keepWaitingPhoto(photo('k1'));
    await keepWaitingPhoto(photo('k2', 'u2'));
    await forgetAllWaitingPhotos();
    expect(await waitingPhotos()).toEqual([]);
  });

  it('answers false when the browser refuses to store it (a full disk), and never throws', async () => {
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(await keepWaitingPhoto(photo('k1'))).toBe(false);
    expect(await waitingPhotos()).toEqual([]);
  });

  it('without IndexedDB at all (some private modes), stores nothing and finds nothing, without throwing', async () => {
    vi.stubGlobal('indexedDB', undefined);
    vi.resetModules();
    const bare = await import('./waiting-photos.ts');
    expect(await bare.keepWaitingPhoto(photo('k1'))).toBe(false);
    expect(await bare.waitingPhotos()).toEqual([]);
    await expect(bare.forgetWaitingPhoto('k1')).resolves.toBeUndefined();
    await expect(bare.forgetAllWaitingPhotos()).resolves.toBeUndefined();
  });
});
