import { describe, expect, it } from 'vitest';
import { itemsMessage, namesLine, pushTopic } from './push.ts';

describe('notification words', () => {
  it('names up to two items, then counts the rest', () => {
    expect(namesLine(['milk'])).toBe('milk');
    expect(namesLine(['milk', 'eggs'])).toBe('milk and eggs');
    expect(namesLine(['milk', 'eggs', 'bread', 'butter'])).toBe('milk, eggs and 2 more');
  });

  it('says who did what to which list, a sentence per person and kind', () => {
    expect(itemsMessage('Groceries', [{ who: 'Anna', kind: 'added', names: ['milk', 'eggs', 'bread', 'butter'] }])).toBe(
      'Anna added milk, eggs and 2 more to Groceries',
    );
    expect(itemsMessage('Groceries', [{ who: 'Ben', kind: 'checked', names: ['bread'] }])).toBe('Ben checked off bread on Groceries');
    expect(
      itemsMessage('Groceries', [
        { who: 'Anna', kind: 'added', names: ['milk'] },
        { who: 'Ben', kind: 'checked', names: ['bread', 'tea'] },
      ]),
    ).toBe('Anna added milk to Groceries. Ben checked off bread and tea.');
  });

  it('makes a Topic header of at most 32 base64url characters from a list id', () => {
    expect(pushTopic('3f0e2b7c-1d2e-4f50-8a9b-0c1d2e3f4a5b')).toMatch(/^[0-9a-f]{32}$/);
  });
});
