import sharp from 'sharp';
import { expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '../../common/images.ts';
import { useTestApp } from '../test/test-app.ts';
import { usesPostgres } from '../test/test-database.ts';
import { gateTransactions, until } from '../test/transaction-gate.ts';
import { listWithItem, storedFiles, upload } from '../test/images.ts';

/** STORAGE_QUOTA_MB: a user's pictures together (every variant) stay within it; beyond, 402. */
const QUOTA_BYTES = 160_000;
const t = useTestApp({ config: { storage: { driver: 'local', quotaBytes: QUOTA_BYTES } } });

it('refuses an upload past the quota with 402 and a clear message; removing pictures makes room', async () => {
  const { user, listId, itemId } = await listWithItem(t);
  const other = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: user.token, body: { content: 'eggs' } });
  // Noise does not compress: about 90 KB stored for each of these (original, medium, thumbnail).
  const photo = (await makeNoise()).toString('base64');

  expect((await upload(t, user.token, listId, itemId, photo)).status).toBe(200);
  const used = Number((await t.database.db.selectFrom('images').select('bytes').executeTakeFirstOrThrow()).bytes);
  expect(used).toBeGreaterThan(QUOTA_BYTES / 2);
  const files = storedFiles(t);

  const refused = await upload(t, user.token, listId, other.body.id, photo);
  expect(refused.status).toBe(402);
  expect(refused.body.error).toEqual({ code: 'quota_exceeded', message: IMAGE_MESSAGES.quotaExceeded(QUOTA_BYTES, used, used) });
  // About 0.09 MB needed and 0.06 MB left: the need rounds up and the room down, so the figures never read as fitting.
  expect(refused.body.error.message).toMatch(/^Storage quota exceeded: this image needs 0\.1 MB, and 0 MB are left of the 0\.2 MB your images may use\./);
  expect(storedFiles(t)).toEqual(files);

  expect((await t.request({ method: 'DELETE', path: `/lists/${listId}/items/${itemId}/image`, token: user.token })).status).toBe(200);
  expect((await upload(t, user.token, listId, other.body.id, photo)).status).toBe(200);
});

it('takes a new photo of an item in place of its own at the quota: the old one leaves as the new one comes', async () => {
  const { user, listId, itemId } = await listWithItem(t);
  const photo = (await makeNoise()).toString('base64');
  expect((await upload(t, user.token, listId, itemId, photo)).status).toBe(200);
  expect((await upload(t, user.token, listId, itemId, (await makeNoise()).toString('base64'))).status).toBe(200);
  const held = await t.database.db.selectFrom('images').select('bytes').where('item_id', 'is not', null).where('owner_id', '=', user.user.id).execute();
  expect(held).toHaveLength(1);
});

it('says so when the image alone is larger than the quota: removing others would not make room', async () => {
  const { user, listId, itemId } = await listWithItem(t);
  const refused = await upload(t, user.token, listId, itemId, (await makeNoise(320, 240)).toString('base64'));
  expect(refused.status).toBe(402);
  expect(refused.body.error.message).toMatch(/^Storage quota exceeded: this image needs 0\.\d MB once stored, more than the 0\.2 MB your images may use\. Choose a smaller image\.$/);
});

it('counts each uploader separately', async () => {
  const first = await listWithItem(t);
  const second = await listWithItem(t);
  const photo = (await makeNoise()).toString('base64');
  expect((await upload(t, first.user.token, first.listId, first.itemId, photo)).status).toBe(200);
  expect((await upload(t, second.user.token, second.listId, second.itemId, photo)).status).toBe(200);
});

// SQLite writes one at a time: only PostgreSQL runs two uploads' checks side by side.
it.skipIf(!usesPostgres())('holds for uploads at once to items of different lists (PostgreSQL)', async () => {
  const first = await listWithItem(t);
  const { listId, itemId } = await listWithItem(t, first.user);
  const photo = (await makeNoise()).toString('base64');
  // Released together: on PostgreSQL both transactions run side by side, each under its own list's lock.
  const gate = gateTransactions(t);
  const uploads = [upload(t, first.user.token, first.listId, first.itemId, photo), upload(t, first.user.token, listId, itemId, photo)];
  await until(() => gate.waiting() >= 2);
  gate.open();
  const statuses = (await Promise.all(uploads)).map((response) => response.status).sort();
  expect(statuses).toEqual([200, 402]);
});

function makeNoise(width = 160, height = 120): Promise<Buffer> {
  const noise = { type: 'gaussian', mean: 128, sigma: 60 } as const;
  return sharp({ create: { width, height, channels: 3, background: 'black', noise } }).png().toBuffer();
}
