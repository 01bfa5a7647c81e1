import type { Transaction } from 'kysely';
import { REALTIME_RESUME_MAX_CHANGES, type ErrorCode, type ServerMessage } from '../../common/realtime.ts';
import type { ListRole } from '../access/permissions.ts';
import type { DB } from '../db/schema.ts';
import { collapse, refusal, roleIn, seesAsMember } from './docs.ts';
import * as queries from './realtime.queries.ts';
import type { Db, LiveListState, LiveSources } from './sources.ts';
import { userOf, type Subscription } from './subscription.ts';

type ConsistentRead = <T>(work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>;

export interface SnapshotDeps {
  db: Db;
  consistentRead: ConsistentRead;
  sources: LiveSources;
}

/** Why a subscription is refused, or the state the hub keeps for it once its first answer is sent. */
export type SnapshotOutcome =
  | { error: ErrorCode }
  | {
      /** List topics: the seq the answer brings the client to, and whether it sees items as a member. */
      seq?: number;
      member?: boolean;
      /** `lists` / `shares`: the lists in the answer, with their seqs. */
      known?: Map<string, number>;
      /** `user` / `list`: the document sent, serialised. */
      docJson?: string;
    };

/**
 * Sends what a new subscription answers first: a snapshot (a large one in pages, all but the last
 * marked `more`), or for a resume only what was missed. Answers the state the hub keeps.
 */
export async function sendSnapshot(
  deps: SnapshotDeps,
  sub: Subscription,
  since: number | undefined,
  send: (message: ServerMessage) => void,
): Promise<SnapshotOutcome> {
  const { id } = sub;
  switch (sub.topic) {
    case 'items':
    case 'list-shares':
      return deps.consistentRead((trx) => listTopic(deps.sources, trx, sub, since, send));
    case 'list':
      // One document: a resume could send no less, so `since` is answered by a snapshot too.
      return deps.consistentRead(async (trx) => {
        const access = await accessOf(deps.sources, trx, sub);
        if ('error' in access) return access;
        const doc = deps.sources.listView(access.state, access.role, sub.sink.userId);
        const seq = access.state.list.change_seq;
        send({ type: 'snapshot', id, docs: [doc], seq });
        return { seq, docJson: JSON.stringify(doc) };
      });
    case 'lists':
    case 'shares': {
      const topic = sub.topic;
      const docs = await deps.consistentRead((trx) => deps.sources.listDocsOf(trx, userOf(sub), topic));
      send({ type: 'snapshot', id, docs: docs.map((entry) => entry.doc) });
      return { known: new Map(docs.map((entry) => [entry.listId, entry.seq])) };
    }
    case 'user': {
      const doc = await deps.sources.userDoc(deps.db, userOf(sub));
      if (!doc) return { error: 'not_found' };
      send({ type: 'snapshot', id, docs: [doc] });
      return { docJson: JSON.stringify(doc) };
    }
  }
}

/** The list and the caller's role on it, or why a list topic is refused them (as REST would answer). */
async function accessOf(
  sources: LiveSources,
  trx: Transaction<DB>,
  sub: Subscription,
): Promise<{ state: LiveListState; role: ListRole } | { error: ErrorCode }> {
  const state = await sources.listState(trx, sub.listId!);
  const role = state && roleIn(state, sub.sink.userId);
  const code = refusal(role, sub.topic);
  return code || !state || !role ? { error: code ?? 'not_found' } : { state, role };
}

/**
 * `items` / `list-shares`: checks the caller's role, then answers a snapshot at the list's current
 * seq, or (with `since`) only the changes after it when they are few enough and the log still holds
 * every one of them.
 */
async function listTopic(
  sources: LiveSources,
  trx: Transaction<DB>,
  sub: Subscription,
  since: number | undefined,
  send: (message: ServerMessage) => void,
): Promise<SnapshotOutcome> {
  const listId = sub.listId!;
  const access = await accessOf(sources, trx, sub);
  if ('error' in access) return access;
  const { state, role } = access;
  const seq = state.list.change_seq;
  const audience = { member: seesAsMember(role) };
  const shareDocs = () => new Map(state.shares.map((share) => [share.email, sources.shareDoc(share)]));
  if (since !== undefined && since <= seq && seq - since <= REALTIME_RESUME_MAX_CHANGES) {
    const rows = await queries.findChangesAfter(trx, listId, since, REALTIME_RESUME_MAX_CHANGES);
    // Seqs are consecutive, so a complete log after `since` has exactly this many rows; fewer
    // means the purge took some, and only a snapshot can make the client whole.
    if (rows.length === seq - since) {
      const entity = sub.topic === 'items' ? 'item' : 'share';
      const current =
        entity === 'item'
          ? await itemDocs(sources, trx, listId, [...new Set(rows.filter((r) => r.entity === 'item').map((r) => r.entity_id))], audience)
          : shareDocs();
      send({ type: 'resumed', id: sub.id, changes: collapse(rows, entity, current), seq });
      return { seq, member: audience.member };
    }
  }
  if (sub.topic === 'list-shares') {
    send({ type: 'snapshot', id: sub.id, docs: [...shareDocs().values()], seq });
    return { seq, member: audience.member };
  }
  // One page per message, each sent as it is read: a big list never sits whole in one buffer.
  let page: unknown[] | undefined;
  for await (const rows of sources.itemPages(trx, listId)) {
    if (page) send({ type: 'snapshot', id: sub.id, docs: page, seq, more: true });
    page = rows.map((row) => sources.itemDoc(row, audience));
  }
  send({ type: 'snapshot', id: sub.id, docs: page ?? [], seq });
  return { seq, member: audience.member };
}

export async function itemDocs(
  sources: LiveSources,
  db: Db,
  listId: string,
  ids: string[],
  audience: { member: boolean },
): Promise<Map<string, unknown>> {
  return new Map((await sources.itemsByIds(db, listId, ids)).map((row) => [row.id, sources.itemDoc(row, audience)]));
}
