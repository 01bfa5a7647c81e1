/**
 * Where image files live: a folder on this machine (the default, `DATA_DIR/blobs`) or an
 * S3-compatible bucket (`STORAGE=s3`). One interface, chosen once from config; services never
 * know which. Keys are opaque paths made by the images service, never by a client.
 */
export interface BlobStore {
  /** Stores the bytes under `key` (replacing nothing: keys are unique and immutable). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes stored under `key` (an account's export reads its photos so). */
  read(key: string): Promise<Buffer>;
  /** Deletes these keys; keys already gone are not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /**
   * A URL a browser can GET the object with until `expiresAt`, and not after: Listo's own signed
   * URL for the local folder, a presigned URL for S3. Issued only to callers who may read it.
   */
  signedUrl(key: string, expiresAt: Date): Promise<string>;
  /** Every key under a prefix (the sweep that removes files nothing points at, and tests). */
  list(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

/** Why a store refused (docs/api.md, "Images"), for the images service to answer. */
export type BlobStoreErrorKind = 'unauthenticated' | 'forbidden' | 'not_found' | 'unavailable';

export class BlobStoreError extends Error {
  readonly kind: BlobStoreErrorKind;

  constructor(kind: BlobStoreErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}
