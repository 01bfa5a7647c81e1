import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { BACKUP_FORMAT, BACKUP_VERSION, MANIFEST_FILE, Manifest, type FileFacts } from './manifest.ts';
import { readTar, TarError, type TarEntry } from './tar.ts';

/** A backup file that cannot be restored, said in one line. */
export class BackupFileError extends Error {}

/** The entries of a backup file, in order; `consume` must read each entry's body or leave it to be skipped. */
export async function eachEntry(file: string, consume: (entry: TarEntry) => Promise<void>): Promise<void> {
  const gunzip = zlib.createGunzip();
  const reading = pipeline(fs.createReadStream(file), gunzip);
  try {
    for await (const entry of readTar(gunzip)) await consume(entry);
  } catch (error) {
    gunzip.destroy();
    await reading.catch(() => undefined);
    throw asFileError(error);
  }
  await reading.catch((error: unknown) => {
    throw asFileError(error);
  });
}

function asFileError(error: unknown): unknown {
  if (error instanceof TarError) return new BackupFileError(error.message);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') return new BackupFileError('not a backup file, or a damaged one (it does not decompress)');
  return error;
}

/**
 * Reads the whole file once and checks it before anything is restored: the manifest's format and
 * version, and every file it lists there with its size and SHA-256, nothing missing and nothing more.
 */
export async function verifyBackup(file: string): Promise<Manifest> {
  const seen = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: string | undefined;
  await eachEntry(file, async (entry) => {
    const hash = crypto.createHash('sha256');
    const parts: Buffer[] = [];
    for await (const chunk of entry.body) {
      hash.update(chunk);
      if (entry.name === MANIFEST_FILE) parts.push(chunk);
    }
    seen.set(entry.name, { bytes: entry.size, sha256: hash.digest('hex') });
    if (entry.name === MANIFEST_FILE) manifestText = Buffer.concat(parts).toString('utf8');
  });
  if (manifestText === undefined) throw new BackupFileError(`not a Listo backup, or an incomplete one: it has no ${MANIFEST_FILE}`);
  const manifest = parseManifest(manifestText);
  const listed: FileFacts[] = [...manifest.tables, ...manifest.photos, ...[manifest.secret, manifest.vapid].filter((facts) => facts !== null)];
  for (const facts of listed) {
    const found = seen.get(facts.file);
    if (!found) throw new BackupFileError(`${facts.file} is missing from the backup`);
    if (found.bytes !== facts.bytes || found.sha256 !== facts.sha256) throw new BackupFileError(`${facts.file} is damaged: its checksum does not match the manifest`);
  }
  const extra = [...seen.keys()].filter((name) => name !== MANIFEST_FILE && !listed.some((facts) => facts.file === name));
  if (extra.length > 0) throw new BackupFileError(`the backup holds files its manifest does not list: ${extra.slice(0, 3).join(', ')}`);
  return manifest;
}

function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupFileError(`${MANIFEST_FILE} is not JSON`);
  }
  const head = json as { format?: unknown; version?: unknown };
  if (head?.format !== BACKUP_FORMAT) throw new BackupFileError('not a Listo backup');
  if (typeof head.version === 'number' && head.version > BACKUP_VERSION) {
    throw new BackupFileError(`the backup is of format version ${head.version}, made by a newer Listo; this one reads up to version ${BACKUP_VERSION}. Restore it with that version or a newer one.`);
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) throw new BackupFileError(`${MANIFEST_FILE} is not valid: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** The lines of an entry, without their line ends. */
export async function* linesOf(body: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let rest = '';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of body) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const lines = text.split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  rest += decoder.decode();
  if (rest !== '') yield rest;
}
