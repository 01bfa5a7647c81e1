import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { errorBody } from './error-handler.ts';

/**
 * A request that arrives while the process shuts down (on a keep-alive connection still open, or
 * pipelined behind one still running) gets a 503 in the API's envelope, with `Connection: close`
 * so that the client's next try opens a connection to a process that serves. The requests already
 * running finish (main.ts).
 */
export function registerShutdownAnswer(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    return reply.status(503).send(errorBody('shutting_down', SERVER_MESSAGES.shuttingDown));
  });
}
