import { describe, expect, it } from 'vitest';
import { AI_DEPARTMENTS } from '../../common/ai.ts';
import { departmentKey, sortByStoreOrder, type StoreOrderItem } from '../../common/store-order.ts';
import { learnedOrder, learnTrip, type DepartmentScore, type ItemScore, type TripStop } from './store-order.learning.ts';

/**
 * Synthetic shops: 100 items in a fixed walk order, 10 departments of 10 items each, the
 * departments walked in an order of the shop's own (not the assistant's). Trips are noisy: a
 * random 20-40 items, checked in walk order with some neighbours swapped and some detours (an item
 * forgotten and fetched later, or picked up early). The learned order (items never bought placed
 * by their department) is compared with the true walk by Kendall tau.
 */

/** mulberry32: a small seeded generator, so that every run sees the same shops and trips. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(values: readonly T[], random: () => number): T[] {
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

interface ShopItem extends StoreOrderItem {
  nameKey: string;
}

const DEPARTMENTS = AI_DEPARTMENTS.slice(0, 10);

/**
 * The shop's items in walk order: departments in a shuffled order, ten items each. Their
 * `position` on the list (the order they were added in) has nothing to do with the walk.
 */
function makeShop(random: () => number): ShopItem[] {
  const listPositions = shuffled(Array.from({ length: 100 }, (_, index) => index), random);
  return shuffled(DEPARTMENTS, random).flatMap((department, d) =>
    Array.from({ length: 10 }, (_, i) => {
      const content = `${department} item ${i}`;
      return { content, nameKey: content.toLowerCase(), position: listPositions[d * 10 + i]!, properties: { department } };
    }),
  );
}

/** The same items, re-arranged: departments walked in a new order, and two of them reversed. */
function rearrange(shop: readonly ShopItem[], random: () => number): ShopItem[] {
  const byDepartment = new Map<string, ShopItem[]>();
  for (const item of shop) {
    const key = item.properties.department as string;
    byDepartment.set(key, [...(byDepartment.get(key) ?? []), item]);
  }
  const blocks = shuffled([...byDepartment.values()], random);
  return blocks.flatMap((block, index) => (index < 2 ? [...block].reverse() : block));
}

function noisyTrip(walk: readonly ShopItem[], random: () => number): TripStop[] {
  const size = 20 + Math.floor(random() * 21);
  const chosen = new Set(shuffled(walk.map((_, index) => index), random).slice(0, size));
  const trip = walk.filter((_, index) => chosen.has(index));
  // Swaps: neighbours picked up the other way round.
  for (let index = 0; index + 1 < trip.length; index++) {
    if (random() < 0.1) [trip[index], trip[index + 1]] = [trip[index + 1]!, trip[index]!];
  }
  // Detours: an item taken out of its place and checked off somewhere else in the trip.
  const detours = Math.floor(random() * 3);
  for (let detour = 0; detour < detours; detour++) {
    const [item] = trip.splice(Math.floor(random() * trip.length), 1);
    trip.splice(Math.floor(random() * (trip.length + 1)), 0, item!);
  }
  return trip.map((item) => ({ nameKey: item.nameKey, department: departmentKey(item.properties.department) }));
}

/** Kendall tau between two orders of the same items: concordant minus discordant pairs, over all pairs. */
export function kendallTau<T>(order: readonly T[], truth: readonly T[]): number {
  const rank = new Map(truth.map((item, index) => [item, index]));
  const ranks = order.map((item) => rank.get(item)!);
  let score = 0;
  for (let i = 0; i < ranks.length; i++) for (let j = i + 1; j < ranks.length; j++) score += Math.sign(ranks[j]! - ranks[i]!);
  return score / ((ranks.length * (ranks.length - 1)) / 2);
}

class Learner {
  items = new Map<string, ItemScore>();
  departments = new Map<string, DepartmentScore>();
  trips = 0;

  learn(stops: readonly TripStop[]) {
    const learned = learnTrip(this, stops);
    for (const [key, score] of learned.items) this.items.set(key, score);
    for (const [key, score] of learned.departments) this.departments.set(key, score);
    this.trips++;
  }

  /** Kendall tau of the learned order of every item of the shop (bought or not) against its walk. */
  tau(walk: readonly ShopItem[]): number {
    const sorted = sortByStoreOrder(walk, learnedOrder(this, this.trips));
    return kendallTau(sorted, walk);
  }
}

const SHOPS = 60;

describe('the learned store order of a synthetic shop', () => {
  it('is close to the walk (Kendall tau >= 0.8) after 5 noisy trips, in every shop', () => {
    const taus = Array.from({ length: SHOPS }, (_, shopIndex) => {
      const random = randomFrom(1000 + shopIndex);
      const walk = makeShop(random);
      const learner = new Learner();
      for (let trip = 0; trip < 5; trip++) learner.learn(noisyTrip(walk, random));
      return learner.tau(walk);
    });
    expect(Math.min(...taus)).toBeGreaterThanOrEqual(0.8);
  });

  it('learns a re-arranged shop again (Kendall tau >= 0.8) within 5 trips', () => {
    const recoveries = Array.from({ length: SHOPS }, (_, shopIndex) => {
      const random = randomFrom(2000 + shopIndex);
      const walk = makeShop(random);
      const learner = new Learner();
      for (let trip = 0; trip < 10; trip++) learner.learn(noisyTrip(walk, random));
      const moved = rearrange(walk, random);
      const before = learner.tau(moved);
      for (let trip = 1; trip <= 5; trip++) {
        learner.learn(noisyTrip(moved, random));
        if (learner.tau(moved) >= 0.8) return { before, trips: trip };
      }
      return { before, trips: Infinity };
    });
    // The re-arrangement did put the learned order out (else the test proves nothing).
    expect(Math.max(...recoveries.map(({ before }) => before))).toBeLessThan(0.5);
    expect(Math.max(...recoveries.map(({ trips }) => trips))).toBeLessThanOrEqual(5);
  });
});
