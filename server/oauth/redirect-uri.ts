import { isLoopbackHost } from '../http/trustworthy-origin.ts';

/**
 * Where an authorization server may send a browser with a code: HTTPS, or plain HTTP to this
 * machine (a desktop app's or a local try-out's listener, RFC 8252 7.3); never with a fragment
 * (RFC 6749 3.1.2) or credentials.
 */
export function isAllowedRedirectUri(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  return secure && url.hash === '' && !value.includes('#') && url.username === '' && url.password === '';
}
