import type { FastifyInstance } from 'fastify';

/**
 * Query parameters whose value is a credential: a media URL's signature works for whoever holds it
 * until it expires, so a log line keeps the URL's path and the fact that it was signed, not the key.
 */
const CREDENTIAL_PARAMS = new Set(['sig', 'token', 'code', 'access_token']);

/** `url` as it may be written to a log: credential values in its query replaced by "redacted". */
export function redactedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return CREDENTIAL_PARAMS.has(decodeURIComponentSafely(name)) ? `${name}=redacted` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${query}`;
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * One line per request, at `debug` only (Fastify's own logging, two lines at `info`, is off): a
 * server at the default level prints its start-up banner and what goes wrong, nothing else.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      { method: request.method, url: redactedUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
}
