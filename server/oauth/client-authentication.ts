import { formDecoded } from './oauth.model.ts';

/** HTTP Basic credentials as the library reads them (the `basic-auth` package's pattern). */
const BASIC = /^ *basic +([A-Za-z0-9._~+/-]+=*) *$/i;

/** The client id in an `Authorization: Basic` header, or undefined when the header is no such thing. */
function basicClientId(authorization: string): string | undefined {
  const match = BASIC.exec(authorization);
  if (!match) return undefined;
  const userPass = Buffer.from(match[1]!, 'base64').toString();
  const colon = userPass.indexOf(':');
  return colon < 0 ? undefined : userPass.slice(0, colon);
}

/**
 * Whether a token request authenticates its client more than one way, which RFC 6749 2.3 forbids
 * ("MUST NOT use more than one authentication method in each request"): an `Authorization` header
 * and a `client_secret` in the body. The library would take the header and ignore the body, so a
 * request could pass with a wrong secret beside a right one. A `client_id` alone in the body is no
 * authentication (RFC 6749 4.1.3 names the client that way), and some clients send it beside
 * HTTP Basic; it must name the same client, raw or form-urlencoded as RFC 6749 2.3.1 has it.
 */
export function authenticatesTwice(authorization: string | undefined, body: unknown): boolean {
  // Only HTTP Basic authenticates a client in a header: an empty one or a Bearer token is none
  // (the library then reads the body), so it is no second method either.
  const basicId = authorization === undefined ? undefined : basicClientId(authorization);
  if (basicId === undefined || body === null || typeof body !== 'object') return false;
  if (Object.hasOwn(body, 'client_secret')) return true;
  if (!Object.hasOwn(body, 'client_id')) return false;
  const bodyId = (body as Record<string, unknown>).client_id;
  return bodyId !== basicId && bodyId !== formDecoded(basicId);
}
