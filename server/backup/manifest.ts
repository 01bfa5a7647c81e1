import { z } from 'zod';

/**
 * A Listo backup (docs/deploy.md, "Backups"): a gzip-compressed tar of
 *   tables/<table>.jsonl   one JSON object per row, every column, in the portable values below
 *   photos/<key>           the files of the local photo store (`DATA_DIR/blobs/<key>`)
 *   secret.key             the server secret that signed its tokens and links, when it had one
 *   vapid.json             the notifications' VAPID key pair, when it had one (format 2 on)
 *   manifest.json          last: this, with each file's size and SHA-256
 * Values are what SQLite holds, whichever database was backed up: text, integers, booleans as 0 and
 * 1, JSON as its text, timestamps as ISO-8601 UTC text, null.
 */
export const BACKUP_FORMAT = 'listo-backup';
/** Raised when the layout or the meaning of a value changes; a Listo reads every version up to its own. 2: `vapid.json`. */
export const BACKUP_VERSION = 2;

export const MANIFEST_FILE = 'manifest.json';
export const SECRET_ENTRY = 'secret.key';
export const VAPID_ENTRY = 'vapid.json';
export const tableFile = (table: string) => `tables/${table}.jsonl`;
export const photoFile = (key: string) => `photos/${key}`;

const FileFacts = z.strictObject({ file: z.string(), bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
export type FileFacts = z.infer<typeof FileFacts>;

export const Manifest = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().positive(),
  createdAt: z.string(),
  /** The database the backup was made from: `sqlite` or `postgres`. */
  source: z.enum(['sqlite', 'postgres']),
  /** The migrations the database had, oldest first: its schema, which a restore sets up before the rows. */
  migrations: z.array(z.string()),
  /** In the order a restore inserts them: a table after those its foreign keys point at. */
  tables: z.array(FileFacts.extend({ name: z.string(), columns: z.array(z.string()), rows: z.number().int().nonnegative() })),
  /** `s3`: the photos are in the bucket, not in the backup. */
  storage: z.enum(['local', 's3']),
  photos: z.array(FileFacts.extend({ key: z.string() })),
  /** Files of images in the database that were gone from the folder when their turn came (deleted meanwhile). */
  missingPhotos: z.array(z.string()),
  secret: FileFacts.nullable(),
  /** The VAPID key pair every device's subscription is bound to; absent from a version 1 backup. */
  vapid: FileFacts.nullable().default(null),
});
export type Manifest = z.infer<typeof Manifest>;
export type TableFacts = Manifest['tables'][number];
