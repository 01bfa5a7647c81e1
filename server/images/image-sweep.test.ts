import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../test/live.ts';
import { useTestApp } from '../test/test-app.ts';
import { BLOBS_DIR } from './blob-storage.ts';
import { imageKeys } from './image-files.ts';
import { UPLOAD_GRACE_MS } from './image-sweep.ts';
import { listWithItem, makeImage, storedFiles, upload } from '../test/images.ts';
import { createLocalBlobStore } from './local-blob-store.ts';

/** The sweep on the maintenance timer: what no request triggers is swept all the same. */
const t = useTestApp({ maintenanceIntervalMs: 50 });

const filesOf = (imageId: string) => storedFiles(t).filter((key) => key.startsWith(`images/${imageId}/`));

describe('the maintenance sweep', () => {
  it('deleting the uploader\'s account with their lists leaves none of their files', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const response = await upload(t, user.token, listId, itemId, (await makeImage('png')).toString('base64'));
    const imageId: string = response.body.images.primary.id;
    expect(filesOf(imageId)).toHaveLength(3);
    // No account deletion call exists yet: the foreign keys are what any future one relies on.
    await t.database.db.deleteFrom('users').where('id', '=', user.user.id).execute();
    await waitUntil(() => filesOf(imageId).length === 0, 'the maintenance sweep');
  });

  it('gives up an upload that never finished after the grace period, never one in progress', async () => {
    const { itemId, user } = await listWithItem(t);
    const store = createLocalBlobStore({ dir: `${t.dataDir}/${BLOBS_DIR}`, signedUrl: () => '' });
    const begin = async (startedAt: Date) => {
      const id = crypto.randomUUID();
      // Files first: the timer's sweep must not meet the old row before they exist.
      for (const key of Object.values(imageKeys(id, 'image/png'))) await store.put(key, Buffer.from('x'), 'image/png');
      await t.database.db
        .insertInto('images')
        .values({ id, item_id: itemId, owner_id: user.user.id, original_type: 'image/png', bytes: 3, width: 1, height: 1, created_at: startedAt.toISOString(), attached_at: null })
        .execute();
      return id;
    };
    const abandoned = await begin(new Date(t.clock.now.getTime() - UPLOAD_GRACE_MS - 1000));
    const inProgress = await begin(t.clock.now);

    await waitUntil(() => filesOf(abandoned).length === 0, 'the abandoned upload to be swept');
    expect(filesOf(inProgress)).toHaveLength(3);
  });
});
