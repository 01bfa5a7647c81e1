import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '../../common/images.ts';
import { useTestApp } from '../test/test-app.ts';
import { BLOBS_DIR } from './blob-storage.ts';
import { listWithItem, makeImage, storedFiles, upload } from '../test/images.ts';

/**
 * No orphans: removing or replacing an image, deleting its item, its list or its uploader's
 * account leaves no file behind once the sweep ran, right after the deletion (counted on disk;
 * the maintenance timer's sweep is in image-sweep.test.ts).
 */
const t = useTestApp();

async function withImage(listId: string, itemId: string, token: string): Promise<string> {
  const response = await upload(t, token, listId, itemId, (await makeImage('png')).toString('base64'));
  expect(response.status).toBe(200);
  return response.body.images.primary.id;
}

const filesOf = (imageId: string) => storedFiles(t).filter((key) => key.startsWith(`images/${imageId}/`));
const rowCount = async () => (await t.database.db.selectFrom('images').select('id').execute()).length;

describe('image files', () => {
  it('DELETE .../image removes the picture from the item and its three files; a second DELETE is 404', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const imageId = await withImage(listId, itemId, user.token);
    const before = storedFiles(t).length;
    expect(filesOf(imageId)).toHaveLength(3);

    const response = await t.request({ method: 'DELETE', path: `/lists/${listId}/items/${itemId}/image`, token: user.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    await t.settle();

    expect(filesOf(imageId)).toEqual([]);
    expect(storedFiles(t)).toHaveLength(before - 3);
    const items = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: user.token });
    expect(items.body.items[0].images).toBeNull();
    const again = await t.request({ method: 'DELETE', path: `/lists/${listId}/items/${itemId}/image`, token: user.token });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(IMAGE_MESSAGES.itemHasNoImage);
  });

  it('a new picture replaces the old one, whose files go', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const first = await withImage(listId, itemId, user.token);
    const second = await withImage(listId, itemId, user.token);
    await t.settle();
    expect(filesOf(first)).toEqual([]);
    expect(filesOf(second)).toHaveLength(3);
    const rows = await t.database.db.selectFrom('images').select('id').where('item_id', '=', itemId).execute();
    expect(rows.map((row) => row.id)).toEqual([second]);
  });

  it('deleting the item leaves none of its files', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const imageId = await withImage(listId, itemId, user.token);
    const before = storedFiles(t).length;
    expect((await t.request({ method: 'DELETE', path: `/lists/${listId}/items/${itemId}`, token: user.token })).status).toBe(204);
    await t.settle();
    expect(filesOf(imageId)).toEqual([]);
    expect(storedFiles(t)).toHaveLength(before - 3);
  });

  it('deleting the list leaves none of its items\' files, and no row', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const other = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: user.token, body: { content: 'eggs' } });
    const images = [await withImage(listId, itemId, user.token), await withImage(listId, other.body.id, user.token)];
    const [before, rowsBefore] = [storedFiles(t).length, await rowCount()];
    expect((await t.request({ method: 'DELETE', path: `/lists/${listId}`, token: user.token })).status).toBe(204);
    await t.settle();
    expect(images.flatMap(filesOf)).toEqual([]);
    expect(storedFiles(t)).toHaveLength(before - 6);
    expect(await rowCount()).toBe(rowsBefore - 2);
  });

  it("deleting the uploader's account leaves none of its lists' files, and no row", async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const imageId = await withImage(listId, itemId, user.token);
    const [before, rowsBefore] = [storedFiles(t).length, await rowCount()];
    const deleted = await t.request({ method: 'DELETE', path: '/auth/account', token: user.token, body: { currentPassword: user.password } });
    expect(deleted.status).toBe(204);
    await t.settle();
    expect(filesOf(imageId)).toEqual([]);
    expect(storedFiles(t)).toHaveLength(before - 3);
    expect(await rowCount()).toBe(rowsBefore - 1);
  });

  it('a store that fails an upload answers 503 and keeps neither a file nor a row', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const [files, rows] = [storedFiles(t), await rowCount()];
    // A file where the images folder should be: every write under it fails.
    const images = path.join(t.dataDir, BLOBS_DIR, 'images');
    const aside = `${images}-aside`;
    fs.renameSync(images, aside);
    fs.writeFileSync(images, 'not a folder');
    try {
      const response = await upload(t, user.token, listId, itemId, (await makeImage('png')).toString('base64'));
      expect(response.status).toBe(503);
      expect(response.body.error).toEqual({ code: 'storage_unavailable', message: IMAGE_MESSAGES.storageUnavailable });
      await t.settle();
    } finally {
      fs.rmSync(images);
      fs.renameSync(aside, images);
    }
    expect(storedFiles(t)).toEqual(files);
    expect(await rowCount()).toBe(rows);
    const items = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: user.token });
    expect(items.body.items[0].images).toBeNull();
  });
});
