import { unzipSync } from 'fflate';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportDocument } from '../../common/schemas/transfer.ts';
import { EXPORT_FILES, EXPORT_FORMAT_VERSION } from '../../common/transfer.ts';
import { openDatabase } from '../db/open.ts';
import { dataUrlOf, makeImage, upload } from '../test/images.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { startTestApp, useTestApp, type TestApp } from '../test/test-app.ts';
import { emptyDatabaseTarget } from '../test/test-database.ts';
import { accountView, downloadExport, sendImport } from '../test/transfer.ts';

/**
 * An account's export imported into another Listo, on a new database of each kind: the lists,
 * items (properties, order, checks), photos' bytes, shares, custom prompts and history come back
 * as they were, compared field by field from both databases.
 */

const t = useTestApp();
let alice: TestUser;
let bob: TestUser;
let zip: Buffer;

const otherKinds = (['sqlite', 'postgres'] as const).filter((kind) => kind === 'sqlite' || process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  alice = await createUser(t, { email: 'alice@example.com', first_name: 'Alice' });
  bob = await createUser(t, { email: 'bob@example.com' });
  const token = alice.token;
  const list = (await t.request({ method: 'POST', path: '/lists', token, body: { name: 'Groceries' } })).body.list.id as string;
  await t.request({ method: 'POST', path: `/lists/${list}/items/batch`, token, body: { items: [{ content: '2 bottles milk, eggs and bread' }] } });
  const items = (await t.request({ method: 'GET', path: `/lists/${list}/items`, token })).body.items as { id: string; content: string }[];
  const eggs = items.find((item) => item.content === 'eggs')!.id;
  await t.request({ method: 'PUT', path: `/lists/${list}/items/${eggs}`, token, body: { is_completed: true, properties: { department: 'Dairy', tag_organic: true } } });
  const bread = items.find((item) => item.content === 'bread')!.id;
  expect((await upload(t, token, list, bread, dataUrlOf(await makeImage('jpeg')))).status).toBe(200);
  await t.request({ method: 'PUT', path: `/lists/${list}/custom-prompts`, token, body: { custom_prompts: ['Which aisle?'] } });
  await t.request({ method: 'PUT', path: `/lists/${list}/visibility`, token, body: { visibility: 'public', public_editable: false, allow_link_sharing: true } });
  expect((await t.request({ method: 'POST', path: `/lists/${list}/shares`, token, body: { email: bob.email, permission: 'edit' } })).status).toBe(201);
  await t.request({ method: 'POST', path: `/lists/${list}/shares`, token, body: { email: 'carol@example.com', permission: 'view' } });
  // Bob adds to Alice's list: the item remembers who added it.
  await t.request({ method: 'POST', path: `/lists/${list}/items`, token: bob.token, body: { content: 'coffee' } });
  await t.request({ method: 'POST', path: '/lists', token, body: { name: 'Empty one' } });
  const exported = await downloadExport(t, token);
  expect(exported.status).toBe(200);
  expect(exported.headers['content-type']).toBe('application/zip');
  expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="listo-export-\d{4}-\d\d-\d\d\.zip"/);
  zip = exported.bytes;
});

describe('the export zip', () => {
  it('holds the versioned document, the photo files and a checksum of each', () => {
    const files = unzipSync(zip);
    const document = ExportDocument.parse(JSON.parse(new TextDecoder().decode(files[EXPORT_FILES.document])));
    expect(document.version).toBe(EXPORT_FORMAT_VERSION);
    expect(document.lists.map((list) => list.name).sort()).toEqual(['Empty one', 'Groceries']);
    const photos = Object.keys(files).filter((name) => name.startsWith(EXPORT_FILES.photosDir));
    expect(photos).toHaveLength(3);
    const sums = new TextDecoder().decode(files[EXPORT_FILES.checksums]).trim().split('\n');
    expect(sums).toHaveLength(4);
    for (const line of sums) {
      const [digest, name] = line.split('  ');
      expect(crypto.createHash('sha256').update(files[name!]!).digest('hex')).toBe(digest);
    }
  });
});

describe.each(otherKinds)('imported into another Listo on %s', (kind) => {
  let other: TestApp;
  let remove: () => Promise<void>;
  let importer: TestUser;

  beforeAll(async () => {
    const made = await emptyDatabaseTarget(kind);
    remove = made.remove;
    other = await startTestApp({ database: await openDatabase(made.target) });
    // Bob has an account there; Carol has none.
    await createUser(other, { email: bob.email });
    importer = await createUser(other, { email: alice.email, first_name: 'Alice' });
  });
  afterAll(async () => {
    await other.app.close();
    await other.database.close();
    await remove();
  });

  it('previews what it will make, then makes the same lists, field by field', async () => {
    const preview = await sendImport(other, importer.token, 'listo-export.zip', zip, { preview: true });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      kind: 'listo',
      imported_at: null,
      skipped: [{ where: 'Groceries', reason: 'shared with carol@example.com, who has no account here' }],
    });
    expect(preview.body.lists).toEqual(
      expect.arrayContaining([{ name: 'Groceries', list_id: null, items: 4, checked: 1, photos: 1, shares: 1, merged: 0 }]),
    );
    const applied = await sendImport(other, importer.token, 'listo-export.zip', zip);
    expect(applied.status).toBe(201);
    expect(applied.body.list_ids).toHaveLength(2);

    const before = await accountView(t, alice.user.id);
    const after = await accountView(other, importer.user.id);
    // The invitation to Carol, who has no account there, is the one thing that cannot come along.
    const groceries = before.lists.find((list) => list.name === 'Groceries')!;
    groceries.shares = groceries.shares.filter((share) => share.email !== 'carol@example.com');
    expect(after).toEqual(before);
    expect(before.lists[1]!.items.some((item) => item.photo !== null)).toBe(true);
    expect(before.memory.length).toBeGreaterThan(0);
  });

  it('recognises the same file again, and imports it as new lists only when asked', async () => {
    const again = await sendImport(other, importer.token, 'listo-export.zip', zip);
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'already_imported', message: expect.stringMatching(/^You imported this file on \d{4}-\d\d-\d\d\. Import it again as new lists\?$/) });
    const preview = await sendImport(other, importer.token, 'listo-export.zip', zip, { preview: true });
    expect(preview.body.imported_at).not.toBeNull();
    const asNew = await sendImport(other, importer.token, 'listo-export.zip', zip, { query: { again: 'true' } });
    expect(asNew.status).toBe(201);
    const lists = await other.request({ method: 'GET', path: '/lists', token: importer.token });
    expect(lists.body.lists.filter((list: { name: string }) => list.name === 'Groceries')).toHaveLength(2);
  });
});
