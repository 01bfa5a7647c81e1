import { describe, expect, it } from 'vitest';
import { SPOKEN_ECHO_MAX_CHARS } from '../../common/alexa.ts';
import { echoed, findByName, joinSpoken, spokenKey } from './spoken.ts';

describe('spokenKey', () => {
  it.each([
    ['Groceries', 'grocery'],
    ['my grocery list', 'grocery'],
    ['the Groceries List', 'grocery'],
    ['To-Do', 'to do'],
    ['to do list', 'to do'],
    ["Ben's birthday", 'ben birthday'],
    ['Boxes', 'box'],
    ['dishes', 'dish'],
    ['eggs', 'egg'],
    ['Egg', 'egg'],
    ['glass', 'glass'],
    ['hummus', 'hummus'],
    ['list', 'list'],
    ['  Hardware   store ', 'hardware store'],
  ])('%s -> %s', (name, key) => {
    expect(spokenKey(name)).toBe(key);
  });
});

describe('findByName', () => {
  const lists = [{ name: 'Weekly groceries' }, { name: 'Groceries' }, { name: 'Hardware store' }];
  const byName = (spoken: string) => findByName(lists, spoken, (list) => list.name)?.name;

  it('prefers the same key to a partial match, whatever the order', () => {
    expect(byName('my grocery list')).toBe('Groceries');
  });

  it('falls back to whole words of one name held in the other', () => {
    expect(byName('hardware')).toBe('Hardware store');
    expect(byName('weekly')).toBe('Weekly groceries');
    expect(byName('the hardware store list')).toBe('Hardware store');
  });

  it('finds nothing for another name, part of a word, or only filler words', () => {
    expect(byName('garden')).toBeUndefined();
    expect(byName('hard')).toBeUndefined();
    expect(byName('the')).toBeUndefined();
  });
});

describe('joinSpoken', () => {
  it.each([
    [[], ''],
    [['milk'], 'milk'],
    [['milk', 'eggs'], 'milk and eggs'],
    [['milk', 'eggs', 'bread'], 'milk, eggs and bread'],
  ])('%j -> %s', (words, text) => {
    expect(joinSpoken(words)).toBe(text);
  });
});

describe('echoed', () => {
  it('cuts what was said to SPOKEN_ECHO_MAX_CHARS, never through an emoji', () => {
    expect(echoed('  milk  ')).toBe('milk');
    expect(echoed('a'.repeat(SPOKEN_ECHO_MAX_CHARS + 5))).toBe('a'.repeat(SPOKEN_ECHO_MAX_CHARS));
    const emojis = '🥛'.repeat(SPOKEN_ECHO_MAX_CHARS);
    expect(echoed(`x${emojis}`)).toBe(`x${'🥛'.repeat((SPOKEN_ECHO_MAX_CHARS - 2) / 2)}`);
  });
});
