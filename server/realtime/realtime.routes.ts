import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { REALTIME_MAX_MESSAGE_BYTES, REALTIME_PATH, REALTIME_PUBLIC_READER_PARAM } from '../../common/realtime.ts';
import { NotAnUpgrade, RealtimeTicketResponse, SocketUpgrade } from '../../common/schemas/realtime.ts';
import { sessionIdOf } from '../access/actor.ts';
import { actorOf } from '../http/authenticate.ts';
import type { Realtime } from './realtime.ts';

/**
 * An error on an open socket. A client's broken or oversized frame, or its dropped connection, is
 * its own doing and logged at debug: anyone may open a socket, and an error line per attempt would
 * let them bury the server's real errors. Anything else is ours, and logged as an error.
 */
function onSocketError(this: FastifyInstance, error: Error & { code?: string }, socket: WebSocket, request: FastifyRequest): void {
  const fromClient = error.code?.startsWith('WS_ERR_') || error.code === 'ECONNRESET' || error.code === 'EPIPE';
  request.log[fromClient ? 'debug' : 'error']({ err: error }, 'live-update socket error');
  socket.terminate();
}

/** The ticket call and the socket endpoint of live subscriptions (docs/api.md, "Live subscriptions"). */
export function realtimeRoutes(realtime: Realtime): FastifyPluginAsync {
  return async (app) => {
    // Before the plugin's own preClose (which closes sockets without a code): clients must hear
    // 1001 "going away" to know they should reconnect, not that something broke.
    app.addHook('preClose', async () => realtime.closeSockets());
    // A larger message closes the socket with 1009 before it is even buffered whole.
    await app.register(fastifyWebsocket, { options: { maxPayload: REALTIME_MAX_MESSAGE_BYTES }, errorHandler: onSocketError });

    // Never replayed from the idempotency store: that would keep the ticket in clear for 24 hours
    // and hand the same single-use ticket out twice.
    app.post('/auth/realtime-token', { config: { idempotency: false }, schema: { response: { 200: RealtimeTicketResponse } } }, async (request) => {
      // Only a session reaches this route (it is not `delegated`): the socket lives as long as it does.
      const actor = actorOf(request);
      const ticket = await realtime.tickets.issue({ userId: actor.user.id, sessionId: sessionIdOf(actor)! });
      return { ticket } satisfies RealtimeTicketResponse;
    });

    // Public: the ticket in the query is the credential (browsers cannot set headers on a socket);
    // without one, `public=1` asks for an anonymous reader of public lists (docs/decisions/031).
    app.get(REALTIME_PATH, { websocket: true, config: { public: true }, schema: { response: { 101: SocketUpgrade, 404: NotAnUpgrade } } }, (socket, request) => {
      const { ticket, v, [REALTIME_PUBLIC_READER_PARAM]: publicReader } = request.query as Record<string, unknown>;
      // A repeated parameter arrives as an array: no ticket, and no version this server speaks.
      realtime.accept(socket, {
        ticket: typeof ticket === 'string' ? ticket : undefined,
        v: v === undefined || typeof v === 'string' ? v : '',
        publicReader: publicReader === '1',
        address: request.ip,
      });
    });
  };
}
