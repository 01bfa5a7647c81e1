import { describe, expect, it } from 'vitest';
import { BUILT_IN_NAME_LIST, builtInNames, nameAround, nameIndex, wordKey } from './compound-names.ts';

describe('the built-in names', () => {
  it('are lower case, each once, each with an "and" between two words', () => {
    expect(new Set(BUILT_IN_NAME_LIST).size).toBe(BUILT_IN_NAME_LIST.length);
    for (const name of BUILT_IN_NAME_LIST) {
      expect(name).toBe(name.toLowerCase().trim());
      expect(name).toMatch(/^\S.* and \S/);
    }
  });

  it('leave out what is mostly bought as two things, so it still splits', () => {
    for (const pair of ['milk and eggs', 'chips and salsa', 'salt and pepper', 'bread and butter', 'rice and beans', 'gin and tonic']) {
      expect(BUILT_IN_NAME_LIST).not.toContain(pair);
      const words = pair.split(' ');
      expect(nameAround(words, 1, builtInNames())).toBeUndefined();
    }
  });
});

describe('wordKey', () => {
  it.each([
    ['Cheese', 'cheese'],
    ['pickles', 'pickle'],
    ["Jerry's", 'jerry'],
    ['Jerry’s', 'jerry'],
    ['(mac', 'mac'],
    ['Crème', 'creme'],
    ['glass', 'glass'],
    ['and', 'and'],
  ])('%j -> %j', (word, key) => {
    expect(wordKey(word)).toBe(key);
  });
});

describe('nameAround', () => {
  const index = nameIndex(['bread and butter pickles', 'milk', 'rock and roll and blues']);

  it('finds the whole name around an "and", and only there', () => {
    const words = ['2', 'jar', 'bread', 'and', 'butter', 'pickle', 'and', 'milk'];
    expect(nameAround(words, 3, index)).toEqual([2, 5]);
    expect(nameAround(words, 6, index)).toBeUndefined();
    expect(nameAround(['bread', 'and', 'butter'], 1, index)).toBeUndefined();
  });

  it('finds a name by any of its "and"s', () => {
    const words = ['rock', 'and', 'roll', 'and', 'blue'];
    expect(nameAround(words, 1, index)).toEqual([0, 4]);
    expect(nameAround(words, 3, index)).toEqual([0, 4]);
  });
});
