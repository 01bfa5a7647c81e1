import { unzipSync, type UnzipFileInfo } from 'fflate';
import { TRANSFER_MESSAGES, ZIP_LIMITS } from '../../common/transfer.ts';
import { badRequest, tooLarge } from '../domain/errors.ts';

/** A zip's files by path, folders left out: only ever made by `readZip`, within ZIP_LIMITS. */
export type ZipFiles = ReadonlyMap<string, Uint8Array>;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];

export function looksLikeZip(bytes: Uint8Array): boolean {
  const starts = (magic: number[]) => magic.every((byte, index) => bytes[index] === byte);
  return starts(ZIP_MAGIC) || starts(EMPTY_ZIP_MAGIC);
}

/** A path that stays inside the folder it is unpacked into: relative, with no ".." and no drive. */
function isSafePath(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name) || name.includes('\0')) return false;
  return name.split('/').every((segment) => segment !== '..');
}

/** The limits, on what the zip's directory declares: refused before a byte is inflated. */
function checkDirectory(file: string, entries: readonly UnzipFileInfo[]): void {
  if (entries.length > ZIP_LIMITS.maxEntries) throw tooLarge(TRANSFER_MESSAGES.zipTooManyEntries(file));
  let total = 0;
  for (const entry of entries) {
    if (!isSafePath(entry.name)) throw badRequest(TRANSFER_MESSAGES.zipUnsafePath(file, entry.name));
    total += entry.originalSize;
    if (total > ZIP_LIMITS.maxTotalBytes) throw tooLarge(TRANSFER_MESSAGES.zipTooLarge(file, entry.name));
    const ratio = entry.originalSize / Math.max(entry.size, 1);
    if (entry.originalSize > ZIP_LIMITS.ratioFloorBytes && ratio > ZIP_LIMITS.maxRatio) {
      throw tooLarge(TRANSFER_MESSAGES.zipRatio(file, entry.name));
    }
  }
}

/**
 * The files of a zip (docs/decisions/062). Its directory is read first and held to ZIP_LIMITS;
 * each entry then inflates into a buffer of the size it declared, so an entry that lies about its
 * size yields at most that many bytes, and a short one is refused as damaged.
 */
export function readZip(file: string, bytes: Uint8Array): ZipFiles {
  const declared: UnzipFileInfo[] = [];
  let inflated: Record<string, Uint8Array>;
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        declared.push(entry);
        return false;
      },
    });
  } catch {
    throw badRequest(TRANSFER_MESSAGES.zipDamaged(file));
  }
  checkDirectory(file, declared);
  try {
    inflated = unzipSync(bytes, { filter: (entry) => !entry.name.endsWith('/') });
  } catch {
    throw badRequest(TRANSFER_MESSAGES.zipDamaged(file));
  }
  const files = new Map<string, Uint8Array>();
  for (const entry of declared) {
    const data = inflated[entry.name];
    if (data === undefined) continue;
    if (data.length !== entry.originalSize) throw badRequest(TRANSFER_MESSAGES.zipDamaged(file));
    files.set(entry.name, data);
  }
  return files;
}
