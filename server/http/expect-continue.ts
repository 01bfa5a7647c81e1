import type { FastifyInstance } from 'fastify';

/**
 * Says `100 Continue` only to a body the route will take. Node says it to every
 * `Expect: 100-continue` (curl sends one with any body over 1 KB) as soon as the headers arrive, so
 * a body over the route's limit was invited, then refused with 413 while it was still coming: the
 * client saw a broken pipe instead of the 413. Now an oversized one gets the 413 before it is sent.
 */
export function registerExpectContinue(app: FastifyInstance): void {
  app.server.on('checkContinue', (request, response) => app.server.emit('request', request, response));
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (request.headers.expect?.toLowerCase() === '100-continue' && !overLimit(request.headers['content-length'], request.routeOptions.bodyLimit)) {
      reply.raw.writeContinue();
    }
    done(null, payload);
  });
}

function overLimit(contentLength: string | undefined, limit: number | undefined): boolean {
  return contentLength !== undefined && limit !== undefined && Number(contentLength) > limit;
}
