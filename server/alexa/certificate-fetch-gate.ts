import { ALEXA_SERVER_MESSAGES } from '../../common/alexa.ts';
import { createWindowCounter } from '../auth/window-counter.ts';
import { badRequest, tooManyRequests } from '../domain/errors.ts';

/**
 * New signing-certificate URLs one client may make Listo fetch a minute. Alexa uses one
 * certificate for months, so a legitimate fetch is rare; a flood of made-up URLs cannot make Listo
 * a client of the certificate host beyond this, and, counted per client, cannot use up the fetch
 * that Alexa's own next certificate needs.
 */
export const CERTIFICATE_FETCHES_PER_MINUTE = 10;
/** Clients counted at once; past this the oldest window is forgotten (window-counter.ts). */
const CLIENTS_COUNTED = 10_000;

/**
 * Whether a `SignatureCertChainUrl` has the form Amazon requires of it: https, the host
 * s3.amazonaws.com (port 443 if any), a path under /echo.api/. The URL parser folds the scheme's
 * and host's case and resolves dot segments, as Amazon's rule asks.
 */
export function isAlexaCertificateUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, hostname, port, pathname } = new URL(url);
  return protocol === 'https:' && hostname === 's3.amazonaws.com' && (port === '' || port === '443') && pathname.startsWith('/echo.api/');
}

/**
 * Admits the fetch of a certificate not yet known: refused with 400 when its URL is not one Amazon
 * could have sent (nothing is fetched nor counted for it), 429 when this client has asked for
 * CERTIFICATE_FETCHES_PER_MINUTE new ones within the minute.
 */
export function createCertificateFetchGate(options: { now?: () => number } = {}) {
  const fetches = createWindowCounter({ windowMs: 60_000, maxKeys: CLIENTS_COUNTED, now: options.now });
  return (url: string, client: string): void => {
    if (!isAlexaCertificateUrl(url)) throw badRequest(ALEXA_SERVER_MESSAGES.signatureInvalid, 'invalid_signature');
    if (fetches.count(client) >= CERTIFICATE_FETCHES_PER_MINUTE) throw tooManyRequests(ALEXA_SERVER_MESSAGES.certificateDownloadsExceeded);
    fetches.add(client);
  };
}
