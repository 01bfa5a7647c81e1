import type { Kysely, Transaction } from 'kysely';
import { newTimeOrderedId } from '../../common/ids.ts';
import type { StoreOrderResponse } from '../../common/schemas/store-order.ts';
import { STORE_TRIP_MIN_ITEMS } from '../../common/store-order.ts';
import { authorize } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import type { DB } from '../db/schema.ts';
import type { ChangeFeed } from '../writes/change-feed.ts';
import { learnedOrder, learnTrip, type DepartmentScore, type ItemScore, type TripStop } from './store-order.learning.ts';
import * as queries from './store-order.queries.ts';

export interface StoreOrderDeps {
  db: Kysely<DB>;
  now: () => Date;
  /** Its `write` locks the list, so that two ends of one trip cannot both learn it. */
  changes: ChangeFeed;
  /** A check-off this long after the person's last one starts a new trip (config STORE_TRIP_GAP_SECONDS). */
  tripGapMs: number;
}

export type StoreOrderService = ReturnType<typeof createStoreOrderService>;

/** A check-off, as the item service reports it inside its write. */
export interface CheckOff {
  listId: string;
  userId: string;
  store: string;
  nameKey: string;
  department: string | undefined;
}

/**
 * The learned store order (docs/decisions/052-trips-and-store-order.md). A check-off costs one
 * small row in the check-off's own transaction; a trip is learned when it has ended, noticed by
 * the list's next check-off or the next read of its order, in one transaction of its own rows.
 */
export function createStoreOrderService(deps: StoreOrderDeps) {
  const { db, changes } = deps;

  const hasEnded = (trip: queries.OpenTrip) => deps.now().getTime() - Date.parse(trip.last) >= deps.tripGapMs;

  /** The store's learned positions: of the names given, or of all (`nameKeys` undefined); of every department. */
  async function knowledgeOf(trx: Kysely<DB> | Transaction<DB>, listId: string, store: string, nameKeys?: readonly string[]) {
    const items = new Map<string, ItemScore>(
      (await queries.itemScores(trx, listId, store, nameKeys)).map((row) => [
        row.name_key,
        { offset: row.offset_in_department, department: row.department ?? undefined, seen: row.seen },
      ]),
    );
    const departments = new Map<string, DepartmentScore>(
      (await queries.departmentScores(trx, listId, store)).map((row) => [row.department, { position: row.position, seen: row.seen }]),
    );
    return { items, departments };
  }

  /** Learns one trip that ended, and takes it off the trips under way. */
  async function learn(trx: Transaction<DB>, listId: string, trip: queries.OpenTrip): Promise<void> {
    const checkoffs = await queries.takeTrip(trx, listId, trip);
    const stops = new Map<string, TripStop>();
    for (const row of checkoffs) if (!stops.has(row.name_key)) stops.set(row.name_key, { nameKey: row.name_key, department: row.department ?? undefined });
    if (stops.size < STORE_TRIP_MIN_ITEMS) return;
    const { store } = trip;
    const learned = learnTrip(await knowledgeOf(trx, listId, store, [...stops.keys()]), [...stops.values()]);
    await queries.saveDepartmentScores(
      trx,
      [...learned.departments].map(([department, score]) => ({ list_id: listId, store, department, ...score })),
    );
    await queries.saveItemScores(
      trx,
      [...learned.items].map(([nameKey, score]) => ({
        list_id: listId,
        store,
        name_key: nameKey,
        department: score.department ?? null,
        offset_in_department: score.offset,
        seen: score.seen,
      })),
    );
    await queries.countTrip(trx, listId, store, deps.now().toISOString());
  }

  /** Learns the list's trips that `ends` says are over. */
  async function learnEnded(trx: Transaction<DB>, listId: string, ends: (trip: queries.OpenTrip) => boolean): Promise<void> {
    for (const trip of await queries.openTrips(trx, listId)) if (ends(trip)) await learn(trx, listId, trip);
  }

  return {
    /**
     * Inside an item's check-off write: ends the trips that are over (the person's own in another
     * store too), then notes the check-off in the person's trip.
     */
    async checkedOff(trx: Transaction<DB>, checkOff: CheckOff): Promise<void> {
      const { listId, userId, store } = checkOff;
      await learnEnded(trx, listId, (trip) => hasEnded(trip) || (trip.user_id === userId && trip.store !== store));
      await queries.insertCheckoff(trx, {
        id: newTimeOrderedId(),
        list_id: listId,
        user_id: userId,
        store,
        name_key: checkOff.nameKey,
        department: checkOff.department ?? null,
        checked_at: deps.now().toISOString(),
      });
    },

    /**
     * Inside an item's write that unchecks it: its check-off in the person's trip under way was a
     * slip, and leaves the trip; one in a trip that ended stays (the list is being used again).
     */
    async unchecked(trx: Transaction<DB>, listId: string, userId: string, nameKey: string): Promise<void> {
      await learnEnded(trx, listId, hasEnded);
      await queries.deleteCheckoff(trx, listId, userId, nameKey);
    },

    /** GET /lists/{id}/store-order: the order learned for the store, once the trips that ended are learned. */
    async read(actor: Actor, listId: string, store: string): Promise<StoreOrderResponse> {
      await authorize(db, actor, listId, 'read');
      if ((await queries.openTrips(db, listId)).some(hasEnded)) {
        await changes.write([listId], (trx) => learnEnded(trx, listId, hasEnded));
      }
      const stores = await queries.stores(db, listId);
      const trips = stores.find((entry) => entry.store === store)?.trips ?? 0;
      return {
        store,
        ...learnedOrder(await knowledgeOf(db, listId, store), trips),
        stores: stores.map((entry) => ({ name: entry.store, trips: entry.trips })),
      };
    },

    /** DELETE /lists/{id}/store-order: forgets what was learned for the store; anyone who may check items off. */
    async reset(actor: Actor, listId: string, store: string): Promise<void> {
      await changes.write([listId], async (trx) => {
        await authorize(trx, actor, listId, 'edit-items');
        await queries.forget(trx, listId, store);
      });
    },
  };
}
