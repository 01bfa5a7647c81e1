import { describe, expect, it } from 'vitest';
import { planAdds, type ExistingItem } from './item-duplicates.ts';
import { itemNameKey } from './item-input.ts';
import { duplicateItemWarning } from './messages.ts';

const draft = (content: string) => ({ content, nameKey: itemNameKey(content) });
const item = (id: string, content: string, isCompleted = false): ExistingItem => ({ id, nameKey: itemNameKey(content), isCompleted });

describe('planAdds', () => {
  it('creates new names, in the order typed', () => {
    const plan = planAdds([draft('milk'), draft('eggs')], []);
    expect(plan.steps.map((step) => step.kind)).toEqual(['create', 'create']);
    expect(plan.warnings).toEqual([]);
  });

  it('skips a name already unchecked on the list, with one warning', () => {
    const plan = planAdds([draft('Milk'), draft('bread')], [item('1', 'milk')]);
    expect(plan.steps.map((step) => step.kind)).toEqual(['skip', 'create']);
    expect(plan.warnings).toEqual([duplicateItemWarning('Milk')]);
  });

  it('compares names the way property memory does: plural and quantity do not matter', () => {
    const plan = planAdds([draft('eggs')], [item('1', 'egg')]);
    expect(plan.steps[0]!.kind).toBe('skip');
  });

  it('puts a checked item back instead of adding a second copy', () => {
    const plan = planAdds([draft('milk')], [item('1', 'milk', true)]);
    expect(plan.steps).toEqual([{ kind: 'reopen', draft: draft('milk'), itemId: '1' }]);
    expect(plan.warnings).toEqual([]);
  });

  it('adds a name typed twice in one request once, and warns once', () => {
    const plan = planAdds([draft('tea'), draft('tea'), draft('Tea')], []);
    expect(plan.steps.map((step) => step.kind)).toEqual(['create', 'skip', 'skip']);
    expect(plan.warnings).toEqual([duplicateItemWarning('tea'), duplicateItemWarning('Tea')]);
  });
});
