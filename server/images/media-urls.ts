import crypto from 'node:crypto';
import { API_BASE_PATH } from '../../common/constants.ts';
import { MEDIA_URL_EXPIRY_PARAM } from '../../common/images.ts';

/**
 * Listo's own signed URLs for stored image files: `/api/v1/media/{key}?exp=...&sig=...`, where
 * `sig` is an HMAC-SHA256 over the key (which names the image and its variant) and the expiry.
 * The URL is the credential: it is only ever put into an item that the caller may read, and
 * it stops working when it expires. Made synchronously, so presenters can sign as they map rows.
 */

export const MEDIA_PATH = '/media/';

/** A URL works at least this long after it is issued... */
const MEDIA_URL_TTL_MS = 60 * 60 * 1000;
/**
 * ...and expires on a whole hour, so every URL issued within the same hour is the same URL (one to
 * two hours of life): browsers find the picture in their cache instead of downloading it again
 * for each fresh copy of the item. The bytes behind a key never change, so that is safe.
 */
const MEDIA_URL_BUCKET_MS = 60 * 60 * 1000;

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const EXPIRY = /^\d{1,12}$/;

export type MediaUrlCheck = { ok: true; expiresAt: Date } | { ok: false; reason: 'expired' | 'invalid' };

export type MediaUrls = ReturnType<typeof createMediaUrls>;

export function createMediaUrls(deps: { secret: string; now: () => Date }) {
  // A key of its own, so a media signature can never stand in for any other HMAC of the secret.
  const key = crypto.createHmac('sha256', deps.secret).update('listo media url').digest();
  const sign = (blobKey: string, exp: number) =>
    crypto.createHmac('sha256', key).update(`${blobKey}\n${exp}`).digest('base64url');

  function urlUntil(blobKey: string, expiresAt: Date): string {
    const exp = Math.floor(expiresAt.getTime() / 1000);
    const path = blobKey.split('/').map(encodeURIComponent).join('/');
    return `${API_BASE_PATH}${MEDIA_PATH}${path}?${MEDIA_URL_EXPIRY_PARAM}=${exp}&sig=${sign(blobKey, exp)}`;
  }

  return {
    /** A URL for the file, valid for one to two hours from now (see MEDIA_URL_BUCKET_MS). */
    url(blobKey: string): string {
      const earliest = deps.now().getTime() + MEDIA_URL_TTL_MS;
      return urlUntil(blobKey, new Date(Math.ceil(earliest / MEDIA_URL_BUCKET_MS) * MEDIA_URL_BUCKET_MS));
    },

    /** A URL valid until exactly `expiresAt` (the local store's `signedUrl`). */
    urlUntil,

    /** Whether `exp` and `sig` of a request were issued by us for this key, and have not expired. */
    check(blobKey: string, exp: string | undefined, sig: string | undefined): MediaUrlCheck {
      if (exp === undefined || sig === undefined || !EXPIRY.test(exp) || !SIGNATURE.test(sig)) {
        return { ok: false, reason: 'invalid' };
      }
      const expected = Buffer.from(sign(blobKey, Number(exp)));
      if (!crypto.timingSafeEqual(expected, Buffer.from(sig))) return { ok: false, reason: 'invalid' };
      const expiresAt = new Date(Number(exp) * 1000);
      return expiresAt.getTime() > deps.now().getTime() ? { ok: true, expiresAt } : { ok: false, reason: 'expired' };
    },
  };
}
