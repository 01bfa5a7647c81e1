import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { badRequest } from '../domain/errors.ts';

/**
 * A query string whose percent-encoding does not decode to UTF-8 (`%E0%A4%A`, a lone `%`) is
 * refused as such a path is, with `400 bad_url`: the query parser would pass it on undecoded, and
 * the route would then refuse it as some other mistake, or take it as text.
 */
export function registerQueryEncoding(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const start = request.url.indexOf('?');
    if (start === -1 || !request.url.includes('%', start)) return done();
    try {
      decodeURIComponent(request.url.slice(start + 1));
    } catch {
      return done(badRequest(SERVER_MESSAGES.badUrl, 'bad_url'));
    }
    done();
  });
}
