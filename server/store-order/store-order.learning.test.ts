import { describe, expect, it } from 'vitest';
import { learnTrip, tripTargets } from './store-order.learning.ts';

describe('what a trip teaches', () => {
  it('hands the known positions out in trip order and places the unknown between their neighbours', () => {
    expect(tripTargets([undefined, undefined, undefined])).toEqual([0.25, 0.5, 0.75]);
    expect(tripTargets([0.8, undefined, 0.2])).toEqual([0.2, 0.5, 0.8]);
    expect(tripTargets([undefined, 0.6])).toEqual([0.3, 0.6]);
  });

  it('spreads equal positions apart, so that a trip can part them', () => {
    const [first, second] = tripTargets([0.4, 0.4]);
    expect(first).toBeLessThan(0.4);
    expect(second).toBeGreaterThan(0.4);
  });

  it('moves a name toward the trip, and its department with it', () => {
    const known = {
      items: new Map([
        ['milk', { offset: 0, department: 'dairy', seen: 4 }],
        ['bread', { offset: 0, department: undefined, seen: 4 }],
      ]),
      departments: new Map([['dairy', { position: 0.9, seen: 4 }]]),
    };
    known.items.get('bread')!.offset = 0.1;
    const learned = learnTrip(known, [
      { nameKey: 'milk', department: 'dairy' },
      { nameKey: 'bread', department: undefined },
    ]);
    // Milk was at 0.9 and came first: it goes toward 0.1, its department along.
    expect(learned.departments.get('dairy')!.position).toBeCloseTo(0.9 + 0.6 * (0.1 - 0.9));
    const milk = learned.items.get('milk')!;
    expect(milk.seen).toBe(5);
    expect(learned.departments.get('dairy')!.position + milk.offset).toBeLessThan(learned.items.get('bread')!.offset);
  });
});
