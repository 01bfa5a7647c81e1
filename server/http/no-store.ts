import type { FastifyInstance } from 'fastify';

/**
 * API answers are the caller's own data, or tokens: no cache may keep them (a shared proxy, the
 * browser's disk cache on a shared computer, the back button after signing out). A route whose
 * answer may be cached (an image's file) says so itself, and keeps its word.
 */
export function registerNoStore(api: FastifyInstance): void {
  api.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
