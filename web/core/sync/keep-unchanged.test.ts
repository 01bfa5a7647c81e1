import { describe, expect, it } from 'vitest';
import { keepUnchanged, sameJson } from './keep-unchanged.ts';

describe('sameJson', () => {
  it.each([
    [{ a: 1, b: { c: [1, 'x', null] } }, { b: { c: [1, 'x', null] }, a: 1 }, true],
    [{ a: 1 }, { a: 2 }, false],
    [{ a: 1 }, { a: 1, b: undefined }, false],
    [{ a: [1, 2] }, { a: [2, 1] }, false],
    [{ a: [] }, { a: {} }, false],
    [{ a: null }, { a: {} }, false],
    ['x', 'x', true],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameJson(a, b)).toBe(same);
  });
});

describe('keepUnchanged', () => {
  const milk = { id: '1', content: 'milk', properties: { quantity: '2' } };
  const eggs = { id: '2', content: 'eggs', properties: {} };

  it('answers the current array when the server repeats it', () => {
    const current = [milk, eggs];
    expect(keepUnchanged(current, structuredClone(current))).toBe(current);
  });

  it('keeps the unchanged entries and takes the changed, added and reordered ones', () => {
    const changed = { ...structuredClone(eggs), content: 'free-range eggs' };
    const added = { id: '3', content: 'bread', properties: {} };
    const next = keepUnchanged([milk, eggs], [changed, structuredClone(milk), added]);
    expect(next).toEqual([changed, milk, added]);
    expect(next[0]).toBe(changed);
    expect(next[1]).toBe(milk);
  });

  it('takes a new array when one is removed', () => {
    const current = [milk, eggs];
    const next = keepUnchanged(current, [structuredClone(milk)]);
    expect(next).not.toBe(current);
    expect(next[0]).toBe(milk);
  });
});
