import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { newTimeOrderedId } from '../../common/ids.ts';
import { publicFirstName } from '../../common/list-activity.ts';
import {
  invitationMessage,
  itemsMessage,
  PING_COOLDOWN_MS,
  PUSH_MESSAGES,
  PUSH_TTL_SECONDS,
  pingMessage,
  pushPayload,
  pushTopic,
  type GatheredChanges,
  type ItemEventKind,
} from '../../common/push.ts';
import type { GoingShoppingView, PushStatusView, PushSubscriptionBody } from '../../common/schemas/push.ts';
import { authorize } from '../access/access.ts';
import { sessionIdOf, type Actor } from '../access/actor.ts';
import { isMember } from '../access/permissions.ts';
import type { Background } from '../background.ts';
import type { DB } from '../db/schema.ts';
import { DomainError, forbidden } from '../domain/errors.ts';
import { checkEndpoint } from './endpoint.ts';
import * as queries from './push.queries.ts';
import type { PushMessage, PushSender } from './sender.ts';

export type PushService = ReturnType<typeof createPushService>;

/** The soonest the timer looks again: a window whose send keeps failing is not retried in a busy loop. */
const MIN_TIMER_MS = 1_000;

/** Claims older than this are of windows long sent: purged with the other expired rows. */
const CLAIM_KEEP_MS = 24 * 3600_000;

export interface PushDeps {
  db: Kysely<DB>;
  inTransaction: <T>(work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>;
  now: () => Date;
  publicUrl: string;
  publicKey: string;
  windowMs: number;
  allowLoopback: boolean;
  send: PushSender;
  background: Background;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * Notifications (docs/api.md, "Notifications"; decision 057): devices subscribe per session; item
 * changes wait for their list's window and go out as one message per list and window, claimed by
 * one process; invitations and "going shopping" pings go out at once. Never to the person who did
 * it, never for a list they muted, never for a list they can no longer open.
 */
export function createPushService(deps: PushDeps) {
  const { db } = deps;
  const nowIso = () => deps.now().toISOString();
  let timer: NodeJS.Timeout | undefined;
  let sweep: NodeJS.Timeout | undefined;
  let closed = false;

  /** Sends one message to each device; devices the push service no longer knows are forgotten. */
  async function deliver(targets: readonly queries.SubscriptionRow[], message: (target: queries.SubscriptionRow) => PushMessage | undefined): Promise<void> {
    await Promise.all(
      targets.map(async (target) => {
        const one = message(target);
        if (!one) return;
        try {
          if ((await deps.send(target, one)) === 'gone') await queries.deleteSubscription(db, target.endpoint);
        } catch (error) {
          deps.log.warn({ err: error }, 'a push notification could not be delivered');
        }
      }),
    );
  }

  /** "Anna added milk …" for one recipient: what the others did, by person and kind, in order. */
  function gather(events: readonly queries.PushEventRow[], names: ReadonlyMap<string, string>, recipient: string): GatheredChanges[] {
    const byKey = new Map<string, GatheredChanges & { names: string[] }>();
    for (const event of events) {
      if (event.actor_id === recipient) continue;
      const key = `${event.actor_id}\n${event.kind}`;
      const group = byKey.get(key) ?? { who: names.get(event.actor_id) ?? publicFirstName(null), kind: event.kind, names: [] };
      group.names.push(event.name);
      byKey.set(key, group);
    }
    return [...byKey.values()];
  }

  /** Claims one list's window, if it is over and no other process claimed it, and sends its message. */
  async function sendWindow(listId: string, cutoff: string): Promise<void> {
    const events = await deps.inTransaction(async (trx) => {
      const first = await queries.firstEventOf(trx, listId);
      // Another process took the window meanwhile: what waits now is a new window, not yet over.
      if (!first || first.created_at > cutoff) return [];
      if (!(await queries.claimWindow(trx, first.id, nowIso()))) return [];
      return queries.takeEvents(trx, listId);
    });
    if (events.length === 0) return;
    const list = await queries.findListName(db, listId);
    if (!list) return;
    const actors = [...new Set(events.map((event) => event.actor_id))];
    const names = new Map((await queries.firstNamesOf(db, actors)).map((user) => [user.id, publicFirstName(user.first_name)]));
    const audience = await queries.listAudience(db, listId);
    await deliver(audience, (target) => {
      const gathered = gather(events, names, target.user_id);
      if (gathered.length === 0) return undefined;
      return {
        payload: pushPayload(deps.publicUrl, listId, list.name, itemsMessage(list.name, gathered)),
        topic: pushTopic(listId),
        ttlSeconds: PUSH_TTL_SECONDS.items,
        urgency: 'normal',
      };
    });
  }

  /** Sends the message of every window that is over; then waits for the next one, if any waits. */
  async function sendDue(): Promise<void> {
    const cutoff = new Date(deps.now().getTime() - deps.windowMs).toISOString();
    for (const listId of await queries.dueLists(db, cutoff)) {
      try {
        await sendWindow(listId, cutoff);
      } catch (error) {
        deps.log.error({ err: error, listId }, 'notifications of a list could not be sent');
      }
    }
    const oldest = await queries.oldestWaiting(db);
    if (oldest) schedule(new Date(oldest).getTime() + deps.windowMs - deps.now().getTime());
  }

  /** One timer for the next window to end in this process. */
  function schedule(inMs: number): void {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      deps.background.run('sending notifications', sendDue);
    }, Math.max(MIN_TIMER_MS, inMs + 50));
    timer.unref();
  }

  async function membership(actor: Actor, listId: string) {
    const access = await authorize(db, actor, listId, 'read');
    if (!isMember(access.role)) throw forbidden(PUSH_MESSAGES.membersOnly);
    return access;
  }

  return {
    /** The key to subscribe with and whether the caller's device (session) has a subscription. */
    async status(actor: Actor): Promise<PushStatusView> {
      const sessionId = sessionIdOf(actor);
      return { public_key: deps.publicKey, subscribed: sessionId ? await queries.hasSubscription(db, sessionId) : false };
    },

    /** Keeps the device's subscription, bound to its session: a refused endpoint is a 400 and nothing is kept. */
    async subscribe(actor: Actor, body: PushSubscriptionBody): Promise<void> {
      const sessionId = sessionIdOf(actor);
      if (!sessionId) throw forbidden(PUSH_MESSAGES.sessionOnly);
      checkEndpoint(body.endpoint, deps.allowLoopback);
      await queries.saveSubscription(db, {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        user_id: actor.user.id,
        session_id: sessionId,
        created_at: nowIso(),
      });
    },

    /** Forgets the device's subscription (turned off here, or signed out). */
    async unsubscribe(actor: Actor): Promise<void> {
      const sessionId = sessionIdOf(actor);
      if (sessionId) await queries.deleteSessionSubscriptions(db, sessionId);
    },

    async muted(actor: Actor, listId: string): Promise<boolean> {
      await membership(actor, listId);
      return queries.isMuted(db, actor.user.id, listId);
    },

    async setMuted(actor: Actor, listId: string, muted: boolean): Promise<boolean> {
      await membership(actor, listId);
      await queries.setMuted(db, actor.user.id, listId, muted);
      return muted;
    },

    /** "Anna is going shopping: anything to add to Groceries?" to the other members' devices, once per cooldown. */
    async goingShopping(actor: Actor, listId: string): Promise<GoingShoppingView> {
      const { list } = await membership(actor, listId);
      const at = deps.now();
      const since = new Date(at.getTime() - PING_COOLDOWN_MS).toISOString();
      if (!(await queries.claimPing(db, listId, actor.user.id, at.toISOString(), since))) {
        throw new DomainError('rateLimited', 'rate_limited', PUSH_MESSAGES.pingTooSoon, Math.ceil(PING_COOLDOWN_MS / 1000));
      }
      const audience = (await queries.listAudience(db, listId)).filter((target) => target.user_id !== actor.user.id);
      const body = pingMessage(publicFirstName(actor.user.first_name), list.name);
      deps.background.run('sending a shopping ping', () =>
        deliver(audience, () => ({
          payload: pushPayload(deps.publicUrl, listId, list.name, body),
          topic: pushTopic(listId),
          ttlSeconds: PUSH_TTL_SECONDS.ping,
          urgency: 'high',
        })),
      );
      return { devices: audience.length };
    },

    /**
     * Inside an item write, so they commit with it: the changes wait for the list's window. Kept
     * only when another member has a device to tell, which most writes find no one to (a list of
     * one, members without notifications): then the write stores nothing more.
     */
    async itemsChanged(trx: Transaction<DB>, listId: string, actorId: string, kind: ItemEventKind, names: readonly string[]): Promise<void> {
      if (names.length === 0 || !(await queries.hasAudienceBeyond(trx, listId, actorId))) return;
      const createdAt = nowIso();
      await queries.insertEvents(
        trx,
        names.map((name) => ({ id: newTimeOrderedId(), list_id: listId, actor_id: actorId, kind, name, created_at: createdAt })),
      );
      schedule(deps.windowMs);
    },

    /** After an invitation made someone a member: they hear of it at once (unless it was taken back, or they muted the list). */
    invited(listId: string, inviter: Actor['user'], inviteeId: string): void {
      deps.background.run('sending an invitation notification', async () => {
        const list = await queries.findListName(db, listId);
        if (!list) return;
        const audience = await queries.listAudience(db, listId, [inviteeId]);
        await deliver(audience, () => ({
          payload: pushPayload(deps.publicUrl, listId, list.name, invitationMessage(publicFirstName(inviter.first_name), list.name)),
          topic: pushTopic(listId),
          ttlSeconds: PUSH_TTL_SECONDS.invitation,
          urgency: 'normal',
        }));
      });
    },

    sendDue,

    /** Every window, this process also looks for windows others left (a process that stopped before its timer). */
    start(): void {
      sweep = setInterval(() => deps.background.run('sending notifications', sendDue), deps.windowMs);
      sweep.unref();
    },

    /** Old claims and pings, and subscriptions of sessions signed out elsewhere. */
    async purgeExpired(): Promise<void> {
      await queries.purgeClaims(db, new Date(deps.now().getTime() - CLAIM_KEEP_MS).toISOString());
      await queries.deleteEndedSubscriptions(db);
    },

    close(): void {
      closed = true;
      clearTimeout(timer);
      clearInterval(sweep);
    },
  };
}
