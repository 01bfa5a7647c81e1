import type { DocChange, ErrorCode, ServerMessage, Topic } from '../../common/realtime.ts';
import { LIST_TOPICS, REALTIME_MESSAGES } from '../../common/realtime.ts';

/** The hub's view of a socket: who is on it and how to reach them. */
export interface Sink {
  /** Undefined for an anonymous reader of public lists, whom the connection lets follow list topics only. */
  readonly userId: string | undefined;
  /** A message, or one already serialised (a change shared by many subscribers is serialised once). */
  send(message: ServerMessage | string): void;
  /** The hub ended a subscription (access revoked, list deleted): forget its id. */
  release(subscriptionId: string): void;
}

/** A document of the `lists` or `shares` topic as of the list's seq `seq`; undefined: not in the topic. */
export interface ListDocEvent {
  listId: string;
  seq: number;
  doc: unknown;
}

/** One subscription of one socket. */
export interface Subscription {
  readonly id: string;
  readonly topic: Topic;
  readonly sink: Sink;
  /** Set for the list topics (`items`, `list-shares`, `list`). */
  readonly listId: string | undefined;
  active: boolean;
  /** List topics: the seq the client is up to; changes at or below it are never sent (again). */
  seq: number;
  /** `items`: whether the subscriber sees items as a member (with their author) or as a public reader. */
  member: boolean;
  /** `lists` / `shares`: the lists the client holds, with the seq of the document it has. */
  known: Map<string, number>;
  /** `lists` / `shares` / `user` while the snapshot loads: what happened meanwhile, replayed after it. */
  buffer: ListDocEvent[] | undefined;
  /** `user`: something changed while the snapshot loaded. */
  dirty: boolean;
  /** `user` / `list`: the document last sent, serialised, to skip repeats. */
  lastJson: string | undefined;
}

/** The user of an account-wide subscription (`lists`, `shares`, `user`): never anonymous (see `Sink`). */
export function userOf(sub: Subscription): string {
  return sub.sink.userId!;
}

export function newSubscription(sink: Sink, id: string, topic: Topic, listId: string | undefined): Subscription {
  return {
    id,
    topic,
    sink,
    listId: LIST_TOPICS.has(topic) ? listId : undefined,
    active: true,
    seq: 0,
    member: false,
    known: new Map(),
    buffer: undefined,
    dirty: false,
    lastJson: undefined,
  };
}

/** A change message built around changes serialised once for every subscriber at the same point. */
export function changeMessage(id: string, changesJson: string, seq?: number): string {
  return `{"type":"change","id":${JSON.stringify(id)},"changes":${changesJson}${seq === undefined ? '' : `,"seq":${seq}`}}`;
}

export function errorMessage(code: ErrorCode, id?: string): ServerMessage {
  const message = REALTIME_MESSAGES[code === 'not_found' ? 'notFound' : code === 'forbidden' ? 'forbidden' : 'internal'];
  return id === undefined ? { type: 'error', code, message } : { type: 'error', id, code, message };
}

/**
 * Applies the current document of a list to a `lists` / `shares` subscription: added when the
 * client lacks it, modified when it has an older one, removed when it left the topic. Answers
 * what to send, or nothing (already seen, or never in the client's state). `onIndex` keeps the
 * hub's list -> subscriptions index in step with `known`.
 */
export function applyListDoc(
  sub: Subscription,
  event: ListDocEvent,
  onIndex: (listId: string, sub: Subscription, member: boolean) => void,
): DocChange | undefined {
  const known = sub.known.get(event.listId);
  if (known !== undefined && event.seq <= known) return undefined;
  if (event.doc !== undefined) {
    sub.known.set(event.listId, event.seq);
    if (known === undefined) onIndex(event.listId, sub, true);
    return { op: known === undefined ? 'added' : 'modified', doc: event.doc };
  }
  if (known === undefined) return undefined;
  sub.known.delete(event.listId);
  onIndex(event.listId, sub, false);
  return { op: 'removed', doc: { id: event.listId } };
}

/**
 * Events that arrived while a snapshot loaded, reduced to the latest per list: each carries the
 * whole current document, so an earlier one would only flash a state the snapshot already passed.
 */
export function latestPerList(events: ListDocEvent[]): ListDocEvent[] {
  const latest = new Map<string, ListDocEvent>();
  for (const event of events) {
    const seen = latest.get(event.listId);
    if (!seen || event.seq >= seen.seq) latest.set(event.listId, event);
  }
  return [...latest.values()];
}
