import { z } from 'zod';

/**
 * The live-subscription protocol (design brief, "Live subscriptions"): one WebSocket per client at
 * `/api/v1/realtime?ticket=…`, one discriminated union per direction. Bump the version when a
 * message changes shape; the server refuses clients of another version with `CLOSE_CODES.version`.
 */
export const REALTIME_PROTOCOL_VERSION = 1;

export const REALTIME_PATH = '/realtime';
/** A ticket from POST /auth/realtime-token opens one socket, within this time. */
export const REALTIME_TICKET_TTL_MS = 60_000;
export const REALTIME_HEARTBEAT_MS = 30_000;
export const REALTIME_MAX_SUBSCRIPTIONS = 100;
export const REALTIME_MAX_MESSAGE_BYTES = 64 * 1024;
/** Changes are kept at least this long so a reconnecting client can resume instead of refetching. */
export const CHANGE_LOG_RETENTION_MS = 24 * 60 * 60 * 1000;

export const TOPICS = ['lists', 'shares', 'items', 'list-shares', 'user'] as const;
export type Topic = (typeof TOPICS)[number];

/** Close codes (4000-4999 are the application's own range). */
export const CLOSE_CODES = {
  goingAway: 1001,
  tooLarge: 1009,
  badTicket: 4001,
  slowReader: 4008,
  version: 4009,
} as const;

export const ClientMessage = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('subscribe'),
    id: z.string().min(1).max(64),
    topic: z.enum(TOPICS),
    listId: z.string().min(1).max(100).optional(),
    /** The last `seq` the client has seen of this list: resume from there instead of a snapshot. */
    since: z.number().int().nonnegative().optional(),
  }),
  z.strictObject({ type: z.literal('unsubscribe'), id: z.string().min(1).max(64) }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export type ChangeOp = 'added' | 'modified' | 'removed';
export interface DocChange<Doc = unknown> {
  op: ChangeOp;
  doc: Doc;
}

export type ErrorCode = 'forbidden' | 'not_found' | 'invalid_message' | 'too_many_subscriptions';

export type ServerMessage =
  | { type: 'snapshot'; id: string; docs: unknown[]; seq?: number }
  | { type: 'change'; id: string; changes: DocChange[]; seq?: number }
  | { type: 'error'; id?: string; code: ErrorCode; message: string };
