import crypto from 'node:crypto';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FILES } from '../../common/transfer.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { storedFiles } from '../test/images.ts';
import { dataUrlOf, makeImage, upload } from '../test/images.ts';
import { checksumsOf } from './checksums.ts';
import { downloadExport, makeZip, sendImport } from '../test/transfer.ts';

/** Bad files: each refused with a message naming the file and the line or entry, and nothing of it written. */

const t = useTestApp();
let user: TestUser;
let exportZip: Uint8Array;

/** The signature of a zip's central directory header, whose bytes 24-27 are the entry's inflated size. */
const CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

const listNames = async () => (await t.request({ method: 'GET', path: '/lists', token: user.token })).body.lists.map((list: { name: string }) => list.name);

/** An export zip with one file changed, its checksums made again to match. */
function exportWith(name: string, bytes: Uint8Array) {
  const files = { ...unzipSync(exportZip), [name]: bytes };
  delete files[EXPORT_FILES.checksums];
  return makeZip({ ...files, [EXPORT_FILES.checksums]: checksumsOf(Object.entries(files)) });
}

beforeAll(async () => {
  const source = await createUser(t);
  const list = (await t.request({ method: 'POST', path: '/lists', token: source.token, body: { name: 'Shop' } })).body.list.id;
  const item = (await t.request({ method: 'POST', path: `/lists/${list}/items`, token: source.token, body: { content: 'milk' } })).body.id;
  await upload(t, source.token, list, item, dataUrlOf(await makeImage('png')));
  await t.request({ method: 'POST', path: '/lists', token: source.token, body: { name: 'Second' } });
  exportZip = (await downloadExport(t, source.token)).bytes;
  user = await createUser(t);
});

async function refused(fileName: string, bytes: Uint8Array, status: number, message: string | RegExp) {
  const filesBefore = storedFiles(t).length;
  const answer = await sendImport(t, user.token, fileName, bytes);
  expect(answer.status).toBe(status);
  expect(answer.body.error.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  expect(await listNames()).toEqual([]);
  expect(storedFiles(t)).toHaveLength(filesBefore);
}

describe('imports refused', () => {
  it('a 200 MB file, before reading it whole (413)', async () => {
    await refused('huge.txt', Buffer.alloc(200 * 1024 * 1024, 'a'), 413, 'The file is larger than 50 MB, the most an import takes.');
  });

  it('a zip bomb by ratio: one entry inflating 1,000 times', async () => {
    await refused('bomb.zip', makeZip({ 'Keep/a.json': new Uint8Array(20 * 1024 * 1024) }), 413, 'bomb.zip, entry Keep/a.json: inflates more than 100 times its size (a zip bomb?).');
  });

  it('a zip bomb by total size: entries of a plausible ratio that add up past 200 MB', async () => {
    // 14 entries of 200 KB whose directory says 15 MB each (75 to 1): refused from the directory, before inflating.
    const entry = crypto.randomBytes(200 * 1024);
    const files = Object.fromEntries(Array.from({ length: 14 }, (_, index) => [`Keep/${index}.json`, [entry, { level: 0 }]]));
    const zip = Buffer.from(zipSync(files as Zippable));
    for (let at = zip.indexOf(CENTRAL_HEADER); at >= 0; at = zip.indexOf(CENTRAL_HEADER, at + 4)) zip.writeUInt32LE(15 * 1024 * 1024, at + 24);
    await refused('big.zip', zip, 413, 'big.zip, entry Keep/13.json: the zip inflates to more than 200 MB in all.');
  });

  it('a zip whose entry leaves the folder', async () => {
    await refused('takeout.zip', makeZip({ 'Keep/../../etc/passwd': 'x' }), 400, `takeout.zip, entry Keep/../../etc/passwd: the entry's path leaves the zip (an absolute path or "..").`);
    await refused('takeout.zip', makeZip({ '/etc/passwd': 'x' }), 400, /entry \/etc\/passwd: the entry's path leaves the zip/);
  });

  it('a list of 100,000 items, naming the line past the limit', async () => {
    const text = Array.from({ length: 100_000 }, (_, index) => `item ${index + 1}`).join('\n');
    await refused('everything.txt', strToU8(text), 413, 'everything.txt, line 5001: a list may hold at most 5,000 items.');
  });

  it('an item too long, naming its line', async () => {
    await refused('list.md', strToU8(`- milk\n- ${'x'.repeat(501)}\n`), 400, 'list.md, line 2: An item must be at most 500 characters long');
  });

  it('binary data in a text file', async () => {
    await refused('notes.txt', Buffer.from('milk\n\0\x01\x02\x03'), 400, /^notes\.txt, line 2: the text is not UTF-8, UTF-16 or Latin-1/);
  });

  it('a file of no kind it knows', async () => {
    await refused('photo.jpg', await makeImage('jpeg'), 400, /^photo\.jpg: not a file Listo can import/);
  });

  it('an export with malformed JSON, naming the entry and where', async () => {
    await refused('export.zip', exportWith(EXPORT_FILES.document, strToU8('{"format": "listo-export", ')), 400, /^export\.zip, entry listo\.json: not valid JSON \(.+\)\.$/);
  });

  it('an export of another shape, naming the field', async () => {
    const document = JSON.parse(new TextDecoder().decode(unzipSync(exportZip)[EXPORT_FILES.document]));
    const index = document.lists.findIndex((list: { name: string }) => list.name === 'Shop');
    document.lists[index].items[0].is_completed = 'yes';
    await refused('export.zip', exportWith(EXPORT_FILES.document, strToU8(JSON.stringify(document))), 400, new RegExp(`^export\\.zip, entry listo\\.json, at lists\\[${index}\\]\\.items\\[0\\]\\.is_completed: not a Listo export \\(.+\\)\\.$`));
  });

  it('an export of a newer format version', async () => {
    const document = JSON.parse(new TextDecoder().decode(unzipSync(exportZip)[EXPORT_FILES.document]));
    document.version = 99;
    await refused('export.zip', exportWith(EXPORT_FILES.document, strToU8(JSON.stringify(document))), 400, /^export\.zip: an export of format version 99; this Listo reads versions up to 1\./);
  });

  it('an export whose photo was changed after it was made (checksums), and one whose photo is not an image: no list, no file', async () => {
    const files = unzipSync(exportZip);
    const photo = Object.keys(files).find((name) => name.endsWith('original.png'))!;
    const tampered = makeZip({ ...files, [photo]: strToU8('not a picture') });
    await refused('export.zip', tampered, 400, `export.zip, entry ${photo}: its checksum does not match checksums.sha256 (the file is damaged).`);
    await refused('export.zip', exportWith(photo, strToU8('not a picture')), 400, `export.zip, entry ${photo}: the photo is not a JPEG, PNG or WebP image.`);
  });
});

describe('text in other encodings', () => {
  it('reads UTF-16 and Latin-1 files as what they are', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# Épicerie\n- [ ] 2 crème fraîche\n- [x] pâté\n', 'utf16le')]);
    expect((await sendImport(t, user.token, 'épicerie.txt', utf16)).status).toBe(201);
    const latin1 = Buffer.from('Käse\nBrötchen\n', 'latin1');
    expect((await sendImport(t, user.token, 'Einkauf.txt', latin1)).status).toBe(201);
    const lists = (await t.request({ method: 'GET', path: '/lists', token: user.token })).body.lists as { id: string; name: string }[];
    const itemsOf = async (name: string) =>
      (await t.request({ method: 'GET', path: `/lists/${lists.find((list) => list.name === name)!.id}/items`, token: user.token })).body.items.map(
        (item: { content: string; is_completed: boolean; properties: object }) => [item.content, item.is_completed, item.properties],
      );
    expect(await itemsOf('Épicerie')).toEqual([['crème fraîche', false, { qty: '2' }], ['pâté', true, {}]]);
    expect(await itemsOf('Einkauf')).toEqual([['Käse', false, {}], ['Brötchen', false, {}]]);
  });
});
