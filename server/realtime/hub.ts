import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DocChange, ErrorCode, ServerMessage } from '../../common/realtime.ts';
import type { DB, ItemRow, ListChangeRow } from '../db/schema.ts';
import type { ListNotification, UserNotification } from './bus.ts';
import { collapse, refusal, roleIn, seesAsMember } from './docs.ts';
import * as queries from './realtime.queries.ts';
import { sendSnapshot } from './snapshots.ts';
import type { LiveListState, LiveSources } from './sources.ts';
import {
  applyListDoc,
  changeMessage,
  errorMessage,
  latestPerList,
  newSubscription,
  type ListDocEvent,
  userOf,
  type Sink,
  type Subscription,
} from './subscription.ts';

/** Lists whose last processed seq is remembered without a list subscriber; the oldest are forgotten. */
const MAX_REMEMBERED_LISTS = 10_000;

export interface SubscribeRequest {
  id: string;
  topic: Subscription['topic'];
  listId?: string;
  since?: number;
}

export type Hub = ReturnType<typeof createHub>;

/**
 * One hub per process. On a notification it reads the list's new log rows and the documents they
 * touched ONCE, then fans out to its own sockets. Work on one list runs on one promise chain, so
 * subscribers see changes in seq (= commit) order, and a subscribe's snapshot is taken between
 * two batches, never during one.
 */
export function createHub(deps: { db: Kysely<DB>; log: FastifyBaseLogger; sources: LiveSources }) {
  const { db, log, sources } = deps;
  /** `items` / `list-shares` / `list` subscriptions by list. */
  const byList = new Map<string, Set<Subscription>>();
  /** `lists` / `shares` / `user` subscriptions by user. */
  const byUser = new Map<string, Set<Subscription>>();
  /** `lists` / `shares` subscriptions by the lists their client holds (to tell them of a removal). */
  const holders = new Map<string, Set<Subscription>>();
  /** `lists` / `shares` subscriptions whose snapshot is loading: they may hold any list once it is in. */
  const loading = new Set<Subscription>();
  let listTopicSubscriptions = 0;
  const lastSeen = new Map<string, number>();
  const chains = new Map<string, Promise<void>>();
  let closed = false;

  const addTo = <K>(map: Map<K, Set<Subscription>>, key: K, sub: Subscription) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(sub);
  };
  const removeFrom = <K>(map: Map<K, Set<Subscription>>, key: K, sub: Subscription) => {
    const set = map.get(key);
    if (set?.delete(sub) && set.size === 0) map.delete(key);
  };
  const index = (listId: string, sub: Subscription, member: boolean) =>
    member ? addTo(holders, listId, sub) : removeFrom(holders, listId, sub);

  /** Runs tasks of one key (a list, a user) one after the other. */
  function enqueue(key: string, task: () => Promise<void>): Promise<void> {
    if (closed) return Promise.resolve();
    const next = (chains.get(key) ?? Promise.resolve()).then(task).catch((error: unknown) => {
      log.error({ err: error, key }, 'live update failed');
    });
    chains.set(key, next);
    void next.then(() => {
      if (chains.get(key) === next) chains.delete(key);
    });
    return next;
  }

  /** Reads that must agree with each other: the log rows and the documents as of the same commit. */
  function consistentRead<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return db.transaction().setIsolationLevel('repeatable read').execute(work);
  }

  function remember(listId: string, seq: number): void {
    const seen = Math.max(seq, lastSeen.get(listId) ?? 0);
    lastSeen.delete(listId);
    lastSeen.set(listId, seen);
    if (lastSeen.size <= MAX_REMEMBERED_LISTS) return;
    for (const key of lastSeen.keys()) {
      if (lastSeen.size <= MAX_REMEMBERED_LISTS) break;
      if (!byList.has(key)) lastSeen.delete(key);
    }
  }

  function drop(sub: Subscription): void {
    if (!sub.active) return;
    sub.active = false;
    if (sub.listId) removeFrom(byList, sub.listId, sub);
    else removeFrom(byUser, userOf(sub), sub);
    if (sub.topic === 'lists' || sub.topic === 'shares') listTopicSubscriptions--;
    loading.delete(sub);
    for (const listId of sub.known.keys()) removeFrom(holders, listId, sub);
  }

  /** Ends a subscription the caller may no longer follow; it hears nothing more. */
  function revoke(sub: Subscription, code: ErrorCode): void {
    drop(sub);
    sub.sink.send(errorMessage(code, sub.id));
    sub.sink.release(sub.id);
  }

  /**
   * Whether someone here holds the list's document. Every change of a list changes that document
   * (its item counts and last change), so an item change reads it again for them, and only then.
   */
  const docHeld = (listId: string) => holders.has(listId) || loading.size > 0;

  async function processList(listId: string, hintSeq: number, listChanged: boolean): Promise<void> {
    const subs = byList.get(listId);
    let from = lastSeen.get(listId) ?? hintSeq - 1;
    for (const sub of subs ?? []) from = Math.min(from, sub.seq);
    if (hintSeq <= from) return;
    const topics = new Set([...(subs ?? [])].map((sub) => sub.topic));
    // A `list` subscriber's document changes with every change of the list (its counts, last change).
    const docWanted = docHeld(listId);
    const held = docWanted || topics.has('list');
    const batch = await consistentRead(async (trx) => {
      const rows = subs ? await queries.findChangesAfter(trx, listId, from) : [];
      const touchesList = listChanged || rows.some((row) => row.entity !== 'item');
      const state = touchesList || held ? await sources.listState(trx, listId) : undefined;
      const itemIds = topics.has('items') ? [...new Set(rows.filter((r) => r.entity === 'item').map((r) => r.entity_id))] : [];
      const items = await sources.itemsByIds(trx, listId, itemIds);
      return { rows, touchesList, state, items };
    });
    const lastSeq = Math.max(batch.rows.at(-1)?.seq ?? 0, batch.state?.list.change_seq ?? 0, hintSeq === Infinity ? 0 : hintSeq);
    remember(listId, lastSeq);
    if (subs) fanOutToList(subs, batch);
    if ((batch.touchesList || docWanted) && listTopicSubscriptions > 0) fanOutToUsers(listId, batch.state, lastSeq);
  }

  function fanOutToList(
    subs: Set<Subscription>,
    batch: { rows: ListChangeRow[]; touchesList: boolean; state: LiveListState | undefined; items: ItemRow[] },
  ): void {
    const { rows, state } = batch;
    const lastSeq = rows.at(-1)?.seq;
    // Members see who added an item, readers of a public list do not: one document set each.
    const itemDocs = new Map<boolean, Map<string, unknown>>();
    const itemDocsFor = (member: boolean) => {
      let docs = itemDocs.get(member);
      if (!docs) itemDocs.set(member, (docs = new Map(batch.items.map((row) => [row.id, sources.itemDoc(row, { member })]))));
      return docs;
    };
    const shareDocs = new Map(state?.shares.map((row) => [row.email, sources.shareDoc(row)]));
    // The list's document differs by reader (their role, whether its last change was theirs), not
    // by subscription: presented and serialised once per user, and once for all anonymous readers.
    const views = new Map<string | undefined, string>();
    const viewOf = (live: LiveListState, userId: string | undefined) => {
      let json = views.get(userId);
      if (json === undefined) views.set(userId, (json = JSON.stringify(sources.listView(live, roleIn(live, userId), userId))));
      return json;
    };
    // Subscribers at the same seq and audience get the same changes: collapse and serialise them once.
    const serialised = new Map<string, string>();
    for (const sub of [...subs]) {
      if (batch.touchesList) {
        const role = state && roleIn(state, sub.sink.userId);
        const code = refusal(role, sub.topic);
        if (code || !role) {
          revoke(sub, code ?? 'not_found');
          continue;
        }
        sub.member = seesAsMember(role);
      }
      if (lastSeq === undefined || lastSeq <= sub.seq) continue;
      if (sub.topic === 'list') {
        if (state) sendView(sub, viewOf(state, sub.sink.userId), lastSeq);
        continue;
      }
      const key = `${sub.topic}:${sub.seq}:${sub.member}`;
      let json = serialised.get(key);
      if (json === undefined) {
        const newer = rows.filter((row) => row.seq > sub.seq);
        const changes =
          sub.topic === 'items' ? collapse(newer, 'item', itemDocsFor(sub.member)) : collapse(newer, 'share', shareDocs);
        json = changes.length > 0 ? JSON.stringify(changes) : '';
        serialised.set(key, json);
      }
      sub.seq = lastSeq;
      if (json) sub.sink.send(changeMessage(sub.id, json, lastSeq));
    }
  }

  /** A `list` subscriber's document, unless it is the one they were sent last. */
  function sendView(sub: Subscription, json: string, seq: number): void {
    sub.seq = seq;
    if (json === sub.lastJson) return;
    sub.lastJson = json;
    sub.sink.send(changeMessage(sub.id, `[{"op":"modified","doc":${json}}]`, seq));
  }

  /** The list's document for every `lists` / `shares` subscriber it concerns: holders, owner, members. */
  function fanOutToUsers(listId: string, state: LiveListState | undefined, seq: number): void {
    const concerned = new Set(holders.get(listId));
    const users = state ? [state.list.owner_id, ...state.shares.flatMap((share) => share.user_id ?? [])] : [];
    for (const userId of users) {
      for (const sub of byUser.get(userId) ?? []) if (sub.topic === 'lists' || sub.topic === 'shares') concerned.add(sub);
    }
    for (const sub of concerned) {
      const topic = sub.topic as 'lists' | 'shares';
      deliverListDoc(sub, { listId, seq, doc: state && sources.listDoc(state, userOf(sub), topic) });
    }
  }

  function deliverListDoc(sub: Subscription, event: ListDocEvent): void {
    if (!sub.active) return;
    if (sub.buffer) {
      sub.buffer.push(event);
      return;
    }
    const change = applyListDoc(sub, event, index);
    if (change) sub.sink.send(changeMessage(sub.id, JSON.stringify([change] satisfies DocChange[])));
  }

  /** Sends the account's document to its `user` subscribers: when it changed, or always when `resend` (its invitations changed). */
  async function processUser(userId: string, resend: boolean): Promise<void> {
    const subs = [...(byUser.get(userId) ?? [])].filter((sub) => sub.topic === 'user');
    if (subs.length === 0) return;
    const doc = await sources.userDoc(db, userId);
    if (!doc) return;
    const json = JSON.stringify(doc);
    for (const sub of subs) {
      if (!sub.active) continue;
      if (sub.buffer) {
        sub.dirty = true;
        continue;
      }
      if (json === sub.lastJson && !resend) continue;
      sub.lastJson = json;
      sub.sink.send(changeMessage(sub.id, JSON.stringify([{ op: 'modified', doc }])));
    }
  }

  /** Loads and sends a subscription's first answer, then lets changes through. */
  async function start(sub: Subscription, since: number | undefined): Promise<void> {
    if (!sub.active) return;
    const send = (message: ServerMessage) => {
      if (sub.active) sub.sink.send(message);
    };
    const answer = await sendSnapshot({ db, consistentRead, sources }, sub, since, send).catch((error: unknown) => {
      log.error({ err: error }, 'live subscription could not load');
      return { error: 'internal' as const };
    });
    if (!sub.active) return;
    if ('error' in answer) {
      revoke(sub, answer.error);
      return;
    }
    sub.lastJson = answer.docJson;
    if (sub.listId) {
      sub.seq = answer.seq ?? 0;
      sub.member = answer.member ?? false;
      return;
    }
    sub.known = answer.known ?? new Map<string, number>();
    for (const listId of sub.known.keys()) index(listId, sub, true);
    const buffered = sub.buffer ?? [];
    sub.buffer = undefined;
    loading.delete(sub);
    for (const event of latestPerList(buffered)) deliverListDoc(sub, event);
    if (sub.dirty) {
      // Sent even if unchanged: what came meanwhile may have been the account's invitations.
      const userId = userOf(sub);
      void enqueue(`user:${userId}`, () => processUser(userId, true));
    }
  }

  return {
    /**
     * Opens a subscription; its snapshot (or error) follows asynchronously, and `answered` settles
     * once it was sent (or not needed any more).
     */
    subscribe(sink: Sink, request: SubscribeRequest): { sub: Subscription; answered: Promise<void> } {
      const sub = newSubscription(sink, request.id, request.topic, request.listId);
      if (sub.listId) {
        // Registered and answered inside the list's chain: no batch can slip between the two.
        const listId = sub.listId;
        const answered = enqueue(listId, async () => {
          if (!sub.active) return;
          addTo(byList, listId, sub);
          await start(sub, request.since);
        });
        return { sub, answered };
      }
      // Registered first, loaded second: whatever commits meanwhile is buffered, then replayed.
      sub.buffer = [];
      addTo(byUser, userOf(sub), sub);
      if (sub.topic === 'lists' || sub.topic === 'shares') {
        listTopicSubscriptions++;
        loading.add(sub);
      }
      return { sub, answered: start(sub, undefined) };
    },

    unsubscribe: drop,

    notify(note: ListNotification | UserNotification): void {
      if ('u' in note) {
        if (byUser.has(note.u)) void enqueue(`user:${note.u}`, () => processUser(note.u, note.i === 1));
        return;
      }
      const { l: listId, s: seq } = note;
      if (byList.has(listId) || (listTopicSubscriptions > 0 && (note.k || docHeld(listId)))) {
        void enqueue(listId, () => processList(listId, seq, note.k === 1));
      }
    },

    /**
     * After notifications may have been lost (the LISTEN connection dropped): list subscriptions
     * catch up from the log; the others get a fresh snapshot, which replaces the client's state.
     */
    resync(): void {
      for (const listId of byList.keys()) void enqueue(listId, () => processList(listId, Infinity, true));
      for (const subs of byUser.values()) {
        for (const sub of subs) {
          for (const listId of sub.known.keys()) index(listId, sub, false);
          sub.known = new Map();
          sub.buffer = [];
          if (sub.topic !== 'user') loading.add(sub);
          sub.dirty = false;
          void start(sub, undefined);
        }
      }
    },

    /** Stops taking work and waits for what is under way. */
    async close(): Promise<void> {
      closed = true;
      await Promise.all(chains.values());
    },
  };
}
