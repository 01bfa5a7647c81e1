import type { z } from 'zod';
import { ExportDocument, type ExportPhoto } from '../../common/schemas/transfer.ts';
import { EXPORT_FILES, EXPORT_FORMAT_VERSION, TRANSFER_MESSAGES } from '../../common/transfer.ts';
import { badRequest } from '../domain/errors.ts';
import type { Variant } from '../images/image-files.ts';
import { sniffImageFormat } from '../images/image-input.ts';
import { readChecksums, sha256 } from './checksums.ts';
import { checkedItem, type ImportPlan, type PlannedPhoto } from './import-plan.ts';
import type { ZipFiles } from './zip-reader.ts';

/** Whether a zip is a Listo export: it holds the export's document. */
export const isListoExport = (zip: ZipFiles) => zip.has(EXPORT_FILES.document);

/** Every file of the zip is named in `checksums.sha256` with its digest, and every file named there is in the zip. */
function verifyChecksums(file: string, zip: ZipFiles): void {
  const listing = zip.get(EXPORT_FILES.checksums);
  if (!listing) throw badRequest(TRANSFER_MESSAGES.checksumMissing(file, EXPORT_FILES.checksums));
  const sums = readChecksums(new TextDecoder().decode(listing));
  for (const [path, bytes] of zip) {
    if (path === EXPORT_FILES.checksums) continue;
    const expected = sums.get(path);
    if (expected === undefined) throw badRequest(TRANSFER_MESSAGES.checksumMissing(file, path));
    if (expected !== sha256(bytes)) throw badRequest(TRANSFER_MESSAGES.checksumMismatch(file, path));
  }
  for (const path of sums.keys()) if (!zip.has(path)) throw badRequest(TRANSFER_MESSAGES.checksumMissing(file, path));
}

const pathOf = (path: readonly PropertyKey[]) =>
  path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}${text ? '.' : ''}${String(key)}`), '');

/** The document, parsed and of the export's shape, or a message naming the entry and the field. */
function readDocument(file: string, bytes: Uint8Array): ExportDocument {
  const where = `${file}, entry ${EXPORT_FILES.document}`;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw badRequest(TRANSFER_MESSAGES.malformedJson(where, (error as Error).message));
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > EXPORT_FORMAT_VERSION) throw badRequest(TRANSFER_MESSAGES.exportVersionTooNew(file, version));
  const parsed = ExportDocument.safeParse(json);
  if (!parsed.success) {
    const issue: z.core.$ZodIssue = parsed.error.issues[0]!;
    throw badRequest(TRANSFER_MESSAGES.wrongShape(`${where}, at ${pathOf(issue.path) || 'the top'}`, 'a Listo export', issue.message));
  }
  return parsed.data;
}

/** A photo's files from the zip; each must be the image its type says (thumbnail and medium are WebP). */
function readPhoto(file: string, zip: ZipFiles, photo: ExportPhoto): PlannedPhoto {
  const files = {} as Record<Variant, Uint8Array>;
  for (const [variant, path] of Object.entries(photo.files) as [Variant, string][]) {
    const bytes = zip.get(path);
    if (!bytes) throw badRequest(TRANSFER_MESSAGES.checksumMissing(file, path));
    const format = sniffImageFormat(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const expected = variant === 'original' ? photo.type.slice('image/'.length) : 'webp';
    if (format !== expected) throw badRequest(TRANSFER_MESSAGES.photoUnreadable(`${file}, entry ${path}`));
    files[variant] = bytes;
  }
  return { type: photo.type, width: photo.width, height: photo.height, uploadedAt: photo.uploaded_at, files };
}

/** A Listo export (docs/api.md, "Export format"), checked whole before anything is planned. */
export function readListoExport(file: string, zip: ZipFiles): ImportPlan {
  verifyChecksums(file, zip);
  const document = readDocument(file, zip.get(EXPORT_FILES.document)!);
  return {
    kind: 'listo',
    lists: document.lists.map((list, listIndex) => ({
      name: list.name,
      shares: list.shares,
      settings: {
        visibility: list.visibility,
        public_editable: list.public_editable,
        allow_link_sharing: list.allow_link_sharing,
        custom_prompts: list.custom_prompts,
        created_at: list.created_at,
        updated_at: list.updated_at,
        last_change: list.last_change,
      },
      items: list.items.map((item, itemIndex) =>
        checkedItem({
          content: item.content,
          isCompleted: item.is_completed,
          properties: item.properties,
          where: `${file}, entry ${EXPORT_FILES.document}, at lists[${listIndex}].items[${itemIndex}]`,
          position: item.position,
          createdAt: item.created_at,
          updatedAt: item.updated_at,
          createdBy: item.created_by,
          ...(item.photo ? { photo: readPhoto(file, zip, item.photo) } : {}),
        }),
      ),
    })),
    skipped: [],
    memory: document.property_memory,
  };
}
