import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ALEXA_AUTHORIZE_PATH } from '../../common/alexa.ts';
import { API_BASE_PATH } from '../../common/constants.ts';
import { readBrowserCookie, setBrowserCookie, type BrowserCookie } from '../http/browser-cookie.ts';

/**
 * The account-linking form takes posts from the linking page only, not from another site's page
 * (login CSRF: a form there could sign the visitor's browser in to the linking as anyone). Two
 * checks: the browser's `Origin` and `Sec-Fetch-Site`, when it sends them, must say this server;
 * and the form must carry
 * the token the page was given, which is the HMAC of a nonce in a SameSite=Strict cookie that only
 * this site's pages bring along (a double-submit token another site can neither read nor make).
 */
const COOKIE: BrowserCookie = { name: 'listo_link_form', path: `${API_BASE_PATH}${ALEXA_AUTHORIZE_PATH}`, sameSite: 'Strict' };
/** As long as anyone takes over the linking page: longer, and they reload it. */
const FORM_TOKEN_TTL_S = 60 * 60;
/** The form field carrying the token. */
export const FORM_TOKEN_FIELD = 'form_token';

export function createLinkFormGuard(options: { secret: string; publicUrl: string }) {
  const secure = new URL(options.publicUrl).protocol === 'https:';
  const publicOrigin = new URL(options.publicUrl).origin;
  const tokenOf = (nonce: string) => crypto.createHmac('sha256', options.secret).update(`link-form:${nonce}`).digest('base64url');

  return {
    /** A token for the page's form; the cookie it answers goes with the answer. */
    issue(reply: FastifyReply): string {
      const nonce = crypto.randomBytes(24).toString('base64url');
      setBrowserCookie(reply, COOKIE, nonce, { secure, maxAgeS: FORM_TOKEN_TTL_S });
      return tokenOf(nonce);
    },

    /** Whether a post of the form came from this site's linking page. */
    fromLinkingPage(request: FastifyRequest, form: unknown): boolean {
      const origin = request.headers.origin;
      // The server's own origin as the browser saw it: PUBLIC_URL's, or the Host it was reached by.
      // `null` is what a browser sends for this page's own post under `Referrer-Policy: no-referrer`
      // (the app's); Sec-Fetch-Site, which browsers send beside it, still tells another site's post.
      const ownOrigin = origin === undefined || origin === 'null' || origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
      const site = request.headers['sec-fetch-site'];
      if (!ownOrigin || (site !== undefined && site !== 'same-origin' && site !== 'none')) return false;
      const nonce = readBrowserCookie(request, COOKIE);
      const token = form !== null && typeof form === 'object' ? (form as Record<string, unknown>)[FORM_TOKEN_FIELD] : undefined;
      if (!nonce || typeof token !== 'string') return false;
      const expected = Buffer.from(tokenOf(nonce));
      const given = Buffer.from(token);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}
export type LinkFormGuard = ReturnType<typeof createLinkFormGuard>;
