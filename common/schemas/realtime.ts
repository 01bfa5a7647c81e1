import { z } from 'zod';
import type { ErrorCode, ServerMessage } from '../realtime.ts';
import { ItemView } from './items.ts';

/**
 * What the server sends on the live socket (docs/api.md, "Live subscriptions"; the type is
 * ServerMessage in common/realtime.ts), as the web client checks it before applying it.
 */

const ERROR_CODES = ['forbidden', 'not_found', 'invalid_message', 'too_many_subscriptions', 'internal'] as const satisfies readonly ErrorCode[];

/** A document is an object; what it holds is its topic's (LIVE_DOCS). */
const Doc = z.looseObject({});
const DocChange = z.object({ op: z.enum(['added', 'modified', 'removed']), doc: Doc });

export const LiveServerMessage: z.ZodType<ServerMessage> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), id: z.string(), docs: z.array(Doc), seq: z.number().int().optional(), more: z.literal(true).optional() }),
  z.object({ type: z.literal('resumed'), id: z.string(), changes: z.array(DocChange), seq: z.number().int() }),
  z.object({ type: z.literal('change'), id: z.string(), changes: z.array(DocChange), seq: z.number().int().optional() }),
  z.object({ type: z.literal('error'), id: z.string().optional(), code: z.enum(ERROR_CODES), message: z.string() }),
  z.object({ type: z.literal('pong') }),
]);

/** The documents of a topic the client checks one by one: the items a list screen shows. */
export const LIVE_DOCS = { items: ItemView } as const;

/** POST /auth/realtime-token: a single-use ticket for the live socket (docs/api.md, "Live subscriptions"). */
export const RealtimeTicketResponse = z.object({ ticket: z.string() });
export type RealtimeTicketResponse = z.infer<typeof RealtimeTicketResponse>;

/** GET /realtime: the socket's upgrade; what goes over it is in docs/api.md, "Live subscriptions". */
export const SocketUpgrade = z.undefined().meta({ description: 'Switching Protocols: the live socket (docs/api.md, "Live subscriptions").' });

/** GET /realtime without a WebSocket upgrade: @fastify/websocket's answer, with no body. */
export const NotAnUpgrade = z.undefined().meta({ description: 'Not a WebSocket upgrade.' });
