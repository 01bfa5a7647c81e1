import { describe, expect, it } from 'vitest';
import { isStorableText } from './text-guard.ts';

describe('isStorableText', () => {
  it('takes any text a column can hold, emoji (surrogate pairs) included', () => {
    expect(isStorableText({ name: 'Crème brûlée 🍮', tags: ['日本', { 'ключ': null }], n: 1, ok: true })).toBe(true);
    expect(isStorableText(undefined)).toBe(true);
  });

  it.each([
    ['a NUL in a value', { name: 'a\u0000b' }],
    ['a lone high surrogate', { name: 'a\ud800' }],
    ['a lone low surrogate', ['\udc00b']],
    ['surrogates in the wrong order', '\udc00\ud800'],
    ['a NUL in a key', { 'a\u0000': 1 }],
    ['a lone surrogate in a nested key', [{ a: [{ '\ud83d': 'x' }] }]],
  ])('refuses %s', (_name, value) => {
    expect(isStorableText(value)).toBe(false);
  });

  it('walks deep values without recursion', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(isStorableText(deep)).toBe(false);
  });
});
