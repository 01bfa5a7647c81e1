import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from './local-blob-store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function newStore() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-blobs-'));
  dirs.push(dir);
  return { dir, store: createLocalBlobStore({ dir, signedUrl: (key, at) => `/signed/${key}?until=${at.getTime()}` }) };
}

describe('the local blob store', () => {
  it('puts, opens, lists and deletes files by key, leaving no temporary file or empty folder', async () => {
    const { dir, store } = newStore();
    await store.put('images/a/thumbnail.webp', Buffer.from('thumb'), 'image/webp');
    await store.put('images/a/medium.webp', Buffer.from('medium'), 'image/webp');
    await store.put('images/b/original.png', Buffer.from('png'), 'image/png');

    expect(await store.list('images/')).toEqual(['images/a/medium.webp', 'images/a/thumbnail.webp', 'images/b/original.png']);
    expect(await store.list('images/a/')).toEqual(['images/a/medium.webp', 'images/a/thumbnail.webp']);
    // A key naming a folder of blobs holds none itself.
    expect(await store.open('images/a')).toBeUndefined();
    expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual([]);
    const file = await store.open('images/a/medium.webp');
    expect(file?.size).toBe(6);
    expect(await text(file!.stream)).toBe('medium');

    await store.delete(['images/a/thumbnail.webp', 'images/a/medium.webp', 'images/a/gone.webp']);
    expect(await store.list('images/')).toEqual(['images/b/original.png']);
    expect(fs.existsSync(path.join(dir, 'images', 'a'))).toBe(false);
    expect(await store.open('images/a/medium.webp')).toBeUndefined();
  });

  it('never leaves its folder, whatever the key', async () => {
    const { store } = newStore();
    for (const key of ['../escape', '/etc/passwd', 'images/../../x', 'images//x', '.tmp/x', '']) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toMatchObject({ kind: 'forbidden' });
      expect(await store.open(key), key).toBeUndefined();
    }
  });

  it('signs URLs through Listo (media-urls.ts)', async () => {
    const { store } = newStore();
    expect(await store.signedUrl('images/a/x.webp', new Date(5000))).toBe('/signed/images/a/x.webp?until=5000');
  });

  it('removes temporary files a crash left behind, once they are an hour old', () => {
    const { dir } = newStore();
    const stale = path.join(dir, '.tmp', 'stale');
    const fresh = path.join(dir, '.tmp', 'fresh');
    fs.writeFileSync(stale, 'x');
    fs.writeFileSync(fresh, 'x');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(stale, old, old);
    createLocalBlobStore({ dir, signedUrl: () => '' });
    expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual(['fresh']);
  });
});
