import type { FastifyInstance } from 'fastify';

/**
 * One line per request, at `debug` only (Fastify's own logging, two lines at `info`, is off): a
 * server at the default level prints its start-up banner and what goes wrong, nothing else.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
}
