import type { FastifyInstance } from 'fastify';
import { answerClientError } from './client-errors.ts';

/**
 * The slowest upload taken, in bytes a second: a phone on a poor 2G link still gets its photo
 * through, while a body that trickles in slower than this is cut off.
 */
export const MIN_BODY_BYTES_PER_SECOND = 8 * 1024;

/**
 * Gives each request body a deadline: `timeoutMs` after its headers, plus the time its size takes
 * at MIN_BODY_BYTES_PER_SECOND (the declared length, else the route's body limit). Node's request
 * timeout stops counting once a request is handed over, so a body trickled in a byte at a time,
 * never idle long enough for the connection timeout, could otherwise hold its socket for as long
 * as it liked. Past the deadline the socket is answered 408, as Node answers slow headers, and closed.
 */
export function registerBodyDeadline(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (!raw.complete) {
      const declared = Number(raw.headers['content-length']);
      const size = Number.isSafeInteger(declared) && declared >= 0 ? declared : request.routeOptions.bodyLimit;
      const timer = setTimeout(
        () => {
          if (raw.complete) return;
          answerClientError(Object.assign(new Error('request body too slow'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), raw.socket);
        },
        timeoutMs + ((size ?? 0) / MIN_BODY_BYTES_PER_SECOND) * 1000,
      );
      const stop = () => clearTimeout(timer);
      raw.once('end', stop);
      raw.once('close', stop);
      // Answered before its body was read (a 401, a 404): the rest is read and thrown away, as
      // Node does for a real socket, so the deadline ends with the body, still bounded by it.
      reply.raw.once('finish', () => {
        if (!raw.complete) raw.resume();
      });
    }
    done();
  });
}
