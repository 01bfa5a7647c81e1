import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BlobStoreError, type BlobStore } from './blob-store.ts';
import { makeFolder } from '../make-folder.ts';

/**
 * The default blob store: files under `DATA_DIR/blobs`, one file per key. A file is written under
 * a temporary name, flushed to disk, then renamed into place, so a key holds either nothing or all
 * of its bytes, also after a crash; the folder is flushed too, so the file survives a power loss
 * like the database row that will point at it. Browsers get the files through Listo's signed URLs
 * (media-urls.ts), answered by the media route from `open`.
 */
export interface LocalBlobStore extends BlobStore {
  /** The file of a key, to stream to a client; undefined when there is none. */
  open(key: string): Promise<{ stream: Readable; size: number } | undefined>;
}

/** Writes in progress; a crash can leave one behind, removed at the next start once surely dead. */
const TEMP_DIR = '.tmp';
const TEMP_MAX_AGE_MS = 60 * 60 * 1000;

/** Keys are made by the images service; anything else (`..`, absolute paths) never reaches the disk. */
const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function createLocalBlobStore(options: { dir: string; signedUrl: (key: string, expiresAt: Date) => string }): LocalBlobStore {
  const root = path.resolve(options.dir);
  const tempDir = path.join(root, TEMP_DIR);
  makeFolder(tempDir);
  removeStaleTempFiles(tempDir);

  const fileOf = (key: string): string | undefined => (KEY.test(key) ? path.join(root, ...key.split('/')) : undefined);

  return {
    async put(key, body) {
      const file = fileOf(key);
      if (!file) throw new BlobStoreError('forbidden', `not a valid blob key: ${key}`);
      const temp = path.join(tempDir, crypto.randomUUID());
      try {
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        const handle = await fs.promises.open(temp, 'wx');
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.promises.rename(temp, file);
        await syncDir(path.dirname(file));
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw storeError(error);
      }
    },

    async read(key) {
      const file = fileOf(key);
      if (!file) throw new BlobStoreError('forbidden', `not a valid blob key: ${key}`);
      try {
        return await fs.promises.readFile(file);
      } catch (error) {
        throw storeError(error);
      }
    },

    async delete(keys) {
      for (const key of keys) {
        const file = fileOf(key);
        if (!file) continue;
        try {
          await fs.promises.rm(file, { force: true });
          // An image's folder goes with its last file; another file still in it keeps it.
          await fs.promises.rmdir(path.dirname(file)).catch(() => {});
        } catch (error) {
          // A key under something that is not a folder cannot exist: it is gone, as asked.
          if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw storeError(error);
        }
      }
    },

    async signedUrl(key, expiresAt) {
      return options.signedUrl(key, expiresAt);
    },

    async list(prefix) {
      const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .filter((key) => key.startsWith(prefix) && !key.startsWith(`${TEMP_DIR}/`))
        .sort();
    },

    async open(key) {
      const file = fileOf(key);
      if (!file) return undefined;
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw storeError(error);
      }
      const stats = await handle.stat();
      // A key may name a folder of files (`images/{id}`), which holds no blob of its own.
      if (!stats.isFile()) {
        await handle.close();
        return undefined;
      }
      return { stream: handle.createReadStream(), size: stats.size };
    },

    async close() {},
  };
}

async function syncDir(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function removeStaleTempFiles(tempDir: string): void {
  const cutoff = Date.now() - TEMP_MAX_AGE_MS;
  for (const name of fs.readdirSync(tempDir)) {
    const file = path.join(tempDir, name);
    if (fs.statSync(file).mtimeMs < cutoff) fs.rmSync(file, { force: true });
  }
}

/** A failure of the disk, in the store's terms: permissions are "forbidden", the rest "unavailable". */
function storeError(error: unknown): BlobStoreError {
  if (error instanceof BlobStoreError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const kind = code === 'EACCES' || code === 'EPERM' ? 'forbidden' : 'unavailable';
  return new BlobStoreError(kind, `local blob store: ${(error as Error).message}`, { cause: error });
}
