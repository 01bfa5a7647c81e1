import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { BACKUP_FORMAT, BACKUP_VERSION, MANIFEST_FILE, SECRET_ENTRY, VAPID_ENTRY, photoFile, tableFile, type FileFacts, type Manifest, type TableFacts } from './manifest.ts';
import { openSnapshot, type Snapshot } from './snapshot.ts';
import { tarWriter } from './tar.ts';
import type { DatabaseTarget } from '../db/open.ts';
import { BLOBS_DIR } from '../images/blob-storage.ts';
import { imageKeys, type OriginalType } from '../images/image-files.ts';
import { VAPID_FILE, type VapidKeys } from '../push/vapid.ts';
import { SECRET_FILE } from '../secret.ts';

export interface BackupSource {
  target: DatabaseTarget;
  /** Where `secret.key`, `vapid.json` and, with local storage, `blobs/` are. */
  dataDir: string;
  storage: 'local' | 's3';
  /** LISTO_SECRET, when set: it is the secret then, not `secret.key`. */
  secret: string | undefined;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, when set: they are the pair then, not `vapid.json`. */
  vapid: VapidKeys | undefined;
}

export interface BackupHooks {
  /** Called after each table is read: the tests write meanwhile, to show the snapshot holds. */
  afterTable?(table: string): Promise<void>;
}

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/**
 * Writes a backup of a running (or stopped) Listo to `outFile`: the database as of one moment,
 * then the photo files its images name, the secret and the VAPID key pair (format:
 * server/backup/manifest.ts). The file appears whole or not at all; it is readable by its owner
 * only, as it holds password hashes and both keys.
 */
export async function writeBackup(source: BackupSource, outFile: string, hooks: BackupHooks = {}): Promise<Manifest> {
  const work = fs.mkdtempSync(path.join(path.dirname(path.resolve(outFile)), `.${path.basename(outFile)}.`));
  try {
    const snapshot = await openSnapshot(source.target);
    let dumped: { tables: TableFacts[]; photoKeys: string[] };
    try {
      dumped = await dumpTables(snapshot, work, source.storage === 'local', hooks);
    } finally {
      await snapshot.close();
    }
    const partial = path.join(work, 'backup.tar.gz');
    const gzip = zlib.createGzip();
    const written = pipeline(gzip, fs.createWriteStream(partial, { mode: 0o600 }));
    const tar = tarWriter(gzip);
    for (const table of dumped.tables) {
      await tar.stream(table.file, table.bytes, fs.createReadStream(path.join(work, table.file.replaceAll('/', '_'))));
    }
    const { photos, missingPhotos } = await addPhotos(tar, source.dataDir, dumped.photoKeys);
    const secret = await addKeyFile(tar, SECRET_ENTRY, source.secret ?? readDataFile(source.dataDir, SECRET_FILE)?.trim());
    const vapidText = source.vapid ? JSON.stringify(source.vapid) : readDataFile(source.dataDir, VAPID_FILE);
    const vapid = await addKeyFile(tar, VAPID_ENTRY, vapidText);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      source: snapshot.dialect,
      migrations: snapshot.migrations,
      tables: dumped.tables,
      storage: source.storage,
      photos,
      missingPhotos,
      secret,
      vapid,
    };
    await tar.file(MANIFEST_FILE, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.end();
    gzip.end();
    await written;
    fs.renameSync(partial, outFile);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Each table to a JSON-lines file in `work`, counted and hashed; the photo keys of its images. */
async function dumpTables(snapshot: Snapshot, work: string, localPhotos: boolean, hooks: BackupHooks) {
  const tables: TableFacts[] = [];
  const photoKeys: string[] = [];
  for (const { name, columns } of snapshot.tables) {
    const file = tableFile(name);
    const out = fs.createWriteStream(path.join(work, file.replaceAll('/', '_')));
    const closed = new Promise<void>((resolve, reject) => out.once('close', () => resolve()).once('error', reject));
    const hash = crypto.createHash('sha256');
    let rows = 0;
    let bytes = 0;
    for await (const batch of snapshot.rows(name)) {
      const text = Buffer.from(batch.map((row) => `${JSON.stringify(row)}\n`).join(''));
      hash.update(text);
      rows += batch.length;
      bytes += text.length;
      if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      if (localPhotos && name === 'images') {
        for (const row of batch) photoKeys.push(...Object.values(imageKeys(row.id as string, row.original_type as OriginalType)));
      }
    }
    out.end();
    await closed;
    tables.push({ name, file, columns: columns.map((column) => column.name), rows, bytes, sha256: hash.digest('hex') });
    await hooks.afterTable?.(name);
  }
  return { tables, photoKeys };
}

/**
 * The files of the images in the snapshot. Files never change under a key; one can only be gone,
 * its image deleted after the snapshot was taken: it is listed as missing, and the rest go on.
 */
async function addPhotos(tar: ReturnType<typeof tarWriter>, dataDir: string, keys: readonly string[]) {
  const photos: Manifest['photos'] = [];
  const missingPhotos: string[] = [];
  for (const key of keys) {
    let data: Buffer;
    try {
      data = await fs.promises.readFile(path.join(dataDir, BLOBS_DIR, ...key.split('/')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      missingPhotos.push(key);
      continue;
    }
    const file = photoFile(key);
    await tar.file(file, data);
    photos.push({ key, file, bytes: data.length, sha256: sha256(data) });
  }
  return { photos, missingPhotos };
}

/** A key kept as text (the secret, the VAPID pair), when there is one. */
async function addKeyFile(tar: ReturnType<typeof tarWriter>, entry: string, text: string | undefined): Promise<FileFacts | null> {
  if (!text) return null;
  const data = Buffer.from(text);
  await tar.file(entry, data);
  return { file: entry, bytes: data.length, sha256: sha256(data) };
}

function readDataFile(dataDir: string, name: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, name), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
