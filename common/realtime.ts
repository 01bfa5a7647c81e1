import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { PathId } from './schemas/api.ts';

/**
 * The live-subscription protocol (docs/api.md, "Live subscriptions"): one WebSocket per client at
 * `/api/v1/realtime?ticket=…` (or `?public=1`, see below), one discriminated union per direction.
 * Bump the version when a message changes shape; the server refuses clients of another version
 * with `CLOSE_CODES.version`.
 */
export const REALTIME_PROTOCOL_VERSION = 1;

export const REALTIME_PATH = '/realtime';
/** A ticket from POST /auth/realtime-token opens one socket, within this time. */
export const REALTIME_TICKET_TTL_MS = 60_000;
export const REALTIME_HEARTBEAT_MS = 30_000;
/**
 * The client's own check of its socket: a `ping` this often, and at once when the page is shown
 * again or the network returns. The server's pings cannot tell a client that its socket died: a
 * laptop that slept, or a phone that changed networks, keeps a half-open socket that looks open
 * and brings nothing, until it sends something.
 */
export const REALTIME_CLIENT_PING_MS = 25_000;
/** No answer to a `ping` within this: the socket is dead; the client drops it, reconnects and resumes. */
export const REALTIME_PONG_TIMEOUT_MS = 10_000;
/**
 * The web app says live updates are paused once its socket has been down this long: past a quick
 * reconnect, others' changes are not arriving (the server is down, or a proxy does not pass
 * WebSockets), and the user should not take the screen for current.
 */
export const REALTIME_PAUSED_NOTICE_MS = 10_000;
export const REALTIME_MAX_SUBSCRIPTIONS = 100;
export const REALTIME_MAX_MESSAGE_BYTES = 64 * 1024;
/** Open sockets per user and process: every tab and device of a household, not a flood. */
export const REALTIME_MAX_SOCKETS_PER_USER = 20;
/**
 * The query parameter (`?public=1`, and no ticket) that opens a socket without a session, as an
 * anonymous reader who may follow only the items of public lists (docs/decisions/031).
 */
export const REALTIME_PUBLIC_READER_PARAM = 'public';
/**
 * Anonymous sockets per client address and process: as many as one user's (a household behind one
 * NAT with every tab open), since nothing else tells them apart.
 */
export const REALTIME_MAX_PUBLIC_READERS_PER_ADDRESS = REALTIME_MAX_SOCKETS_PER_USER;
/**
 * Anonymous sockets per process, from all addresses together: many addresses (a botnet, IPv6
 * prefixes) cannot take more than this share of the server's sockets and memory. Each holds at most
 * `maxBufferedBytes` of unsent data, so this bounds their memory too (a few GiB at worst, and far
 * less in practice: a public list's snapshot is a few hundred KB).
 */
export const REALTIME_MAX_PUBLIC_READERS = 1_000;
/**
 * Documents of first answers (snapshots and resumes) a user, or an address of anonymous readers,
 * may be sent: a burst that covers a start (every list, a list of 5,000 items, its shares) several
 * times over, then this many a second (server/realtime/snapshot-budget.ts).
 */
export const REALTIME_SNAPSHOT_DOCS_BURST = 20_000;
export const REALTIME_SNAPSHOT_DOCS_PER_SECOND = 2_000;
/**
 * Messages a client may send: a burst that covers subscribing to everything at start (100
 * subscriptions and a few more), then this many a second. Past it, the socket is closed.
 */
export const REALTIME_MESSAGE_BURST = REALTIME_MAX_SUBSCRIPTIONS + 20;
export const REALTIME_MESSAGES_PER_SECOND = 10;
/** Invalid messages a connection may send before it is closed (a broken or hostile client). */
export const REALTIME_MAX_INVALID_MESSAGES = 20;
/** Changes are kept at least this long so a reconnecting client can resume instead of refetching. */
export const CHANGE_LOG_RETENTION_MS = 24 * 60 * 60 * 1000;
/**
 * A resume answers at most this many missed changes in its one message; further behind, a paged
 * snapshot is no bigger and reads no more, whatever the list's churn.
 */
export const REALTIME_RESUME_MAX_CHANGES = 500;

/**
 * `list` is one list's document as its caller may see it: what tells a reader who is not a member
 * (whom `lists` and `shares` do not concern) of a rename or of editing turned off (decision 033).
 */
export const TOPICS = ['lists', 'shares', 'items', 'list-shares', 'user', 'list'] as const;
export type Topic = (typeof TOPICS)[number];

/** Close codes (4000-4999 are the application's own range). */
export const CLOSE_CODES = {
  goingAway: 1001,
  policyViolation: 1008,
  tooLarge: 1009,
  badTicket: 4001,
  /** The session the socket belongs to ended (sign-out, password change or reset): sign in again. */
  sessionEnded: 4003,
  /** The account was deleted (on another device): nobody can sign in to it again. */
  accountDeleted: 4004,
  version: 4009,
  /** Too many sockets for the user (or, anonymous, for the address or server), or too many messages on this one. */
  tooMany: 4029,
} as const;

export const ClientMessage = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('subscribe'),
    id: z.string().min(1).max(64),
    topic: z.enum(TOPICS),
    /** In either case, as in a URL's path. */
    listId: PathId.optional(),
    /** The last `seq` the client has seen of this list: resume from there instead of a snapshot. */
    since: z.number().int().nonnegative().optional(),
  }),
  z.strictObject({ type: z.literal('unsubscribe'), id: z.string().min(1).max(64) }),
  /** Answered by `pong`: the client's sign that its socket still carries messages both ways. */
  z.strictObject({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export type ChangeOp = 'added' | 'modified' | 'removed';
export interface DocChange<Doc = unknown> {
  op: ChangeOp;
  doc: Doc;
}

/** `internal`: the server could not answer (e.g. its database is unreachable); subscribe again later. */
export type ErrorCode = 'forbidden' | 'not_found' | 'invalid_message' | 'too_many_subscriptions' | 'internal';

/** The errors that end a list's subscription because the list is gone, or no longer the caller's to see. */
export const ACCESS_LOST: ReadonlySet<ErrorCode> = new Set(['forbidden', 'not_found']);

/**
 * `seq` is set on the list-scoped topics (`items`, `list-shares`, `list`): the list's change sequence the
 * message brings the client up to; keep the last one and send it as `since` after a reconnect.
 * `resumed` answers such a subscribe when the change log still holds everything after `since`:
 * only what the client missed, each entity once in its current state, instead of a snapshot
 * (`list` has one document: it always answers a snapshot of it, `since` or not).
 * A large snapshot comes in several messages of at most ITEMS_PAGE_MAX documents: all but the
 * last carry `more: true`, and the client applies the documents once the last has arrived.
 */
export type ServerMessage =
  | { type: 'snapshot'; id: string; docs: unknown[]; seq?: number; more?: true }
  | { type: 'resumed'; id: string; changes: DocChange[]; seq: number }
  | { type: 'change'; id: string; changes: DocChange[]; seq?: number }
  | { type: 'error'; id?: string; code: ErrorCode; message: string }
  | { type: 'pong' };

/** The topics about one list; they need `listId` and carry `seq`. */
export const LIST_TOPICS: ReadonlySet<Topic> = new Set(['items', 'list-shares', 'list']);

/**
 * The key of a document within its topic: what a client keys its local state by. Shares have no
 * id of their own; one list's shares are unique by address (a pending invitation has no user yet).
 * A `removed` change carries only the key fields: `{id}`, or `{list_id, email}` for a share.
 */
export function docKey(topic: Topic, doc: unknown): string {
  const fields = doc as { id?: unknown; email?: unknown };
  return String(topic === 'list-shares' ? fields.email : fields.id);
}


/** The `message` of each error and close reason, for logs and developer tools. */
export const REALTIME_MESSAGES = {
  badTicket: 'The ticket is unknown, used or expired; get a new one from POST /auth/realtime-token',
  version: `This server speaks protocol version ${REALTIME_PROTOCOL_VERSION}; reload the app`,
  goingAway: 'The server is shutting down; reconnect and resume',
  notJson: 'A message must be one JSON object',
  needsListId: 'This topic needs a listId',
  noListId: 'This topic takes no listId',
  duplicateId: 'A subscription with this id is already open',
  tooManySubscriptions: `At most ${REALTIME_MAX_SUBSCRIPTIONS} subscriptions per connection`,
  tooManySockets: `At most ${REALTIME_MAX_SOCKETS_PER_USER} live connections per user; close another tab or device`,
  tooManyPublicReadersHere: `At most ${REALTIME_MAX_PUBLIC_READERS_PER_ADDRESS} live connections to public lists per address; close another tab`,
  tooManyPublicReaders: 'The server follows as many public lists as it can; live updates resume later',
  signInToFollow: 'Sign in to follow this topic: without a session, only a public list and its items can be followed',
  tooManyMessages: 'Too many messages; reconnect more slowly',
  tooManySnapshots: 'Too many snapshots asked for; reconnect more slowly',
  tooManyInvalid: 'Too many invalid messages',
  sessionEnded: 'The session ended (signed out, or the password changed); sign in again',
  accountDeleted: 'The account was deleted',
  notFound: MESSAGES.listNotFound,
  forbidden: MESSAGES.listForbidden,
  internal: 'The server could not answer this subscription; try again later',
} as const;
