import { expect, it } from 'vitest';
import { createSnapshotBudgets } from './snapshot-budget.ts';

it('lets a burst through, then refills at its rate, each key on its own, and forgets the rested', () => {
  let now = 0;
  const budgets = createSnapshotBudgets({ burst: 100, perSecond: 10 }, () => now);
  budgets.spend('a', 60);
  expect(budgets.mayLoad('a')).toBe(true);
  // One first answer may take it past the budget (its size is known only once it is read).
  budgets.spend('a', 60);
  expect(budgets.mayLoad('a')).toBe(false);
  expect(budgets.mayLoad('b')).toBe(true);
  now += 2_500;
  expect(budgets.mayLoad('a')).toBe(true);

  budgets.forgetRested();
  now += 10_000;
  budgets.forgetRested();
  // Rested and forgotten: a whole burst again.
  budgets.spend('a', 100);
  expect(budgets.mayLoad('a')).toBe(false);
});
