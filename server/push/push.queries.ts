import type { Kysely, Transaction } from 'kysely';
import type { Insertable, Selectable } from 'kysely';
import { compiledQuery } from '../db/compiled-query.ts';
import type { DB, PushEventsTable } from '../db/schema.ts';
import type { PushTarget } from './sender.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL of notifications: subscriptions, mutes, item changes waiting for their window, claims, pings. */

export interface SubscriptionRow extends PushTarget {
  user_id: string;
  session_id: string;
  created_at: string;
}

/** One endpoint is one device: subscribing it again (another account signed in there) moves it. */
export async function saveSubscription(db: Db, row: SubscriptionRow): Promise<void> {
  const { user_id, session_id, p256dh, auth, created_at } = row;
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id, session_id, p256dh, auth, created_at }))
    .execute();
}

export async function hasSubscription(db: Db, sessionId: string): Promise<boolean> {
  const row = await db.selectFrom('push_subscriptions').select('endpoint').where('session_id', '=', sessionId).executeTakeFirst();
  return row !== undefined;
}

export async function deleteSessionSubscriptions(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
}

export async function deleteSubscription(db: Db, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

/** Subscriptions whose session was signed out (another device's sign-out, a password change). */
export async function deleteEndedSubscriptions(db: Db): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('session_id', 'in', (eb) => eb.selectFrom('sessions').select('id').where('revoked_at', 'is not', null))
    .execute();
}

/**
 * The devices to tell about a list: of its owner and accepted members now (not when the change
 * was made: a member who left hears nothing), but not of `except` (who made the change), not of
 * those who muted the list, and only devices whose session is still signed in.
 */
export function listAudience(db: Db, listId: string, onlyUsers?: readonly string[]): Promise<(SubscriptionRow & { first_name: string | null })[]> {
  let query = db
    .selectFrom('push_subscriptions as s')
    .innerJoin('sessions', 'sessions.id', 's.session_id')
    .innerJoin('users', 'users.id', 's.user_id')
    .selectAll('s')
    .select('users.first_name')
    .where('sessions.revoked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('s.user_id', '=', eb.selectFrom('lists').select('owner_id').where('id', '=', listId)),
        eb(
          's.user_id',
          'in',
          eb.selectFrom('list_shares').select('user_id').where('list_id', '=', listId).where('status', '=', 'accepted').where('user_id', 'is not', null),
        ),
      ]),
    )
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('push_mutes as m').select('m.user_id').where('m.list_id', '=', listId).whereRef('m.user_id', '=', 's.user_id'))),
    );
  if (onlyUsers) query = query.where('s.user_id', 'in', onlyUsers.length > 0 ? [...onlyUsers] : ['']);
  return query.orderBy('s.created_at').execute();
}

export function findListName(db: Db, listId: string): Promise<{ name: string } | undefined> {
  return db.selectFrom('lists').select('name').where('id', '=', listId).executeTakeFirst();
}

export function firstNamesOf(db: Db, userIds: readonly string[]): Promise<{ id: string; first_name: string | null }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'first_name']).where('id', 'in', [...userIds]).execute();
}

export async function isMuted(db: Db, userId: string, listId: string): Promise<boolean> {
  const row = await db.selectFrom('push_mutes').select('user_id').where('list_id', '=', listId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export async function setMuted(db: Db, userId: string, listId: string, muted: boolean): Promise<void> {
  if (muted) {
    await db.insertInto('push_mutes').values({ user_id: userId, list_id: listId }).onConflict((oc) => oc.doNothing()).execute();
  } else {
    await db.deleteFrom('push_mutes').where('list_id', '=', listId).where('user_id', '=', userId).execute();
  }
}

export type PushEventRow = Selectable<PushEventsTable>;

/**
 * Whether a member of the list other than `actorId` has a device to tell (mutes aside): on every
 * item write, so one indexed lookup of the members' ids (an `exists` over a join took three times as long).
 */
const audienceBeyond = compiledQuery((db, { listId, actorId }: { listId: string; actorId: string }) =>
  db
    .selectFrom('push_subscriptions')
    .select('user_id')
    .where('user_id', 'in', (eb) =>
      eb
        .selectFrom('list_shares')
        .select('user_id')
        .where('list_id', '=', listId)
        .where('status', '=', 'accepted')
        .unionAll(eb.selectFrom('lists').select('owner_id as user_id').where('id', '=', listId)),
    )
    .where('user_id', '<>', actorId)
    .limit(1),
);

export async function hasAudienceBeyond(db: Db, listId: string, actorId: string): Promise<boolean> {
  const { rows } = await audienceBeyond(db, { listId, actorId });
  return rows.length > 0;
}

const insertEventRows = compiledQuery((db, { rows }: { rows: Insertable<PushEventsTable>[] }) => db.insertInto('push_events').values(rows));

export async function insertEvents(db: Db, rows: Insertable<PushEventsTable>[]): Promise<void> {
  if (rows.length > 0) await insertEventRows(db, { rows });
}

/** Lists whose oldest waiting change is at least as old as `cutoff`: their window is over. */
export async function dueLists(db: Db, cutoff: string): Promise<string[]> {
  const rows = await db
    .selectFrom('push_events')
    .select('list_id')
    .groupBy('list_id')
    .having((eb) => eb.fn.min('created_at'), '<=', cutoff)
    .execute();
  return rows.map((row) => row.list_id);
}

/** When the oldest waiting change of any list was made, if any waits. */
export async function oldestWaiting(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('push_events').select((eb) => eb.fn.min('created_at').as('at')).executeTakeFirst();
  return row?.at ?? undefined;
}

export function firstEventOf(db: Db, listId: string): Promise<{ id: string; created_at: string } | undefined> {
  return db
    .selectFrom('push_events')
    .select(['id', 'created_at'])
    .where('list_id', '=', listId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Claims the window that starts with `firstEventId`. Its key is unique: of several processes
 * claiming one window, one inserts it, the others wait for its commit and then insert nothing.
 */
export async function claimWindow(db: Db, firstEventId: string, at: string): Promise<boolean> {
  const inserted = await db
    .insertInto('push_batches')
    .values({ first_event_id: firstEventId, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .returning('first_event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Takes the list's waiting changes (those of the claimed window and any made since), oldest first. */
export async function takeEvents(db: Db, listId: string): Promise<PushEventRow[]> {
  const rows = await db.deleteFrom('push_events').where('list_id', '=', listId).returningAll().execute();
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

export async function purgeClaims(db: Db, before: string): Promise<void> {
  await db.deleteFrom('push_batches').where('created_at', '<', before).execute();
  await db.deleteFrom('push_pings').where('sent_at', '<', before).execute();
}

/**
 * Records a member's ping unless their last one on this list was after `since`: true when this
 * one may go. One statement, so two pings at once cannot both pass.
 */
export async function claimPing(db: Db, listId: string, userId: string, at: string, since: string): Promise<boolean> {
  const row = await db
    .insertInto('push_pings')
    .values({ list_id: listId, user_id: userId, sent_at: at })
    .onConflict((oc) => oc.columns(['list_id', 'user_id']).doUpdateSet({ sent_at: at }).where('push_pings.sent_at', '<=', since))
    .returning('sent_at')
    .executeTakeFirst();
  return row !== undefined;
}
