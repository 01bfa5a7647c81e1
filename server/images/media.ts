import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { IMAGE_MESSAGES } from '../../common/images.ts';
import { forbidden, notFound } from '../domain/errors.ts';
import { storeFailure, type BlobStorage } from './blob-storage.ts';
import { contentTypeOf } from './image-files.ts';
import type { MediaUrls } from './media-urls.ts';

/**
 * How a valid media URL is answered: the file itself (local folder), or a redirect to the bucket
 * (S3). `maxAgeSeconds`: how long the browser may keep the answer, until the URL expires; not
 * longer, so that a member whose access went, or the next person at a shared computer, cannot see
 * the photo from the cache past its link's life.
 */
export type MediaAnswer = { maxAgeSeconds: number } & (
  | { kind: 'file'; stream: Readable; size: number; contentType: string }
  | { kind: 'redirect'; url: string }
);

export type MediaService = ReturnType<typeof createMediaService>;

/**
 * GET /media/{key}: no session, the signature is the credential (media-urls.ts). Expired or
 * tampered: 403. For S3, the presigned URL expires when Listo's own URL does.
 */
export function createMediaService(deps: {
  storage: BlobStorage;
  urls: MediaUrls;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { storage } = deps;
  return {
    async resolve(key: string, exp: string | undefined, sig: string | undefined): Promise<MediaAnswer> {
      const check = deps.urls.check(key, exp, sig);
      if (!check.ok) throw forbidden(check.reason === 'expired' ? IMAGE_MESSAGES.mediaLinkExpired : IMAGE_MESSAGES.mediaLinkInvalid);
      const maxAgeSeconds = Math.floor((check.expiresAt.getTime() - deps.now().getTime()) / 1000);
      try {
        if (storage.kind === 's3') return { kind: 'redirect', url: await storage.store.signedUrl(key, check.expiresAt), maxAgeSeconds };
        const file = await storage.store.open(key);
        if (!file) throw notFound(IMAGE_MESSAGES.mediaMissing);
        return { kind: 'file', ...file, contentType: contentTypeOf(key), maxAgeSeconds };
      } catch (error) {
        throw storeFailure(error, deps.log);
      }
    },
  };
}
