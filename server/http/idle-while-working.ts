import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * The connection timeout closes a socket with no traffic either way: a client that never reads
 * its answer. A request whose handler is still at work (an AI sort of a long list, photos waiting
 * for the OCR) has no traffic either, and was cut off with no answer while its change went on to
 * be applied. So a socket is not idle while its request is handled: its timeout is let pass then,
 * and starts again with the answer's first write, which a client that never reads still meets.
 * How long the work itself may take is each feature's own bound (AI_TIMEOUT_MS, the database's).
 */
export function registerIdleWhileWorking(app: FastifyInstance): void {
  const working = new WeakSet<Socket>();
  app.addHook('onRequest', (request, _reply, done) => {
    working.add(request.raw.socket);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    working.delete(request.raw.socket);
    done(null, payload);
  });
  // With a listener here, Node leaves the timed-out socket to it instead of destroying it.
  app.server.on('timeout', (socket: Socket) => {
    if (!working.has(socket)) socket.destroy();
  });
}
