import { describe, expect, it } from 'vitest';
import { QUOTED_NAME_MAX_LENGTH } from './short-name.ts';
import { itemActivity, lastChangeLine, personName, publicFirstName, SOMEONE, timeAgo } from './list-activity.ts';

describe('itemActivity', () => {
  it('names one item and counts several', () => {
    expect(itemActivity('added', ['milk'])).toBe('added milk');
    expect(itemActivity('added', ['milk', 'eggs', 'bread'])).toBe('added 3 items');
    expect(itemActivity('checked', ['milk'])).toBe('checked off milk');
    expect(itemActivity('unchecked', ['milk'])).toBe('unchecked milk');
    expect(itemActivity('removed', ['a', 'b'])).toBe('removed 2 items');
    expect(itemActivity('photo-added', ['milk'])).toBe('added a photo to milk');
    expect(itemActivity('photo-removed', ['milk'])).toBe('removed the photo of milk');
  });

  it('says nothing when no item changed', () => {
    expect(itemActivity('added', [])).toBeUndefined();
  });

  it('shortens a long name to one line', () => {
    const summary = itemActivity('renamed', ['x'.repeat(200)])!;
    expect(summary).toBe(`renamed ${'x'.repeat(QUOTED_NAME_MAX_LENGTH - 1)}…`);
  });
});

describe('timeAgo', () => {
  const now = new Date('2025-03-12T12:00:00.000Z');
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('reads as people say it', () => {
    expect(timeAgo(before(20_000), now)).toBe('just now');
    expect(timeAgo(before(2 * 60_000 + 5_000), now)).toBe('2 min ago');
    expect(timeAgo(before(3 * 3_600_000), now)).toBe('3 h ago');
    expect(timeAgo(before(30 * 3_600_000), now)).toBe('yesterday');
    expect(timeAgo(before(4 * 86_400_000), now)).toBe('4 days ago');
    expect(timeAgo(before(40 * 86_400_000), now)).toBe('31 Jan 2025');
  });

  it('takes a clock a little ahead of this one as now', () => {
    expect(timeAgo(before(-5_000), now)).toBe('just now');
  });
});

describe('lastChangeLine', () => {
  const now = new Date('2025-03-12T12:00:00.000Z');

  it("says who, what and when; the reader's own change is 'You'", () => {
    const at = '2025-03-12T11:58:00.000Z';
    expect(lastChangeLine({ by: 'Sam', by_me: false, summary: 'added 3 items', at }, now)).toEqual({
      who: 'Sam',
      what: 'added 3 items',
      when: '2 min ago',
    });
    expect(lastChangeLine({ by: 'Sam', by_me: true, summary: 'checked off milk', at: now.toISOString() }, now)).toEqual({
      who: 'You',
      what: 'checked off milk',
      when: 'just now',
    });
  });
});

describe('personName', () => {
  it('is the first name, else the part of the address before the @, else Someone (account gone)', () => {
    expect(personName(' Sam ', 'sam@example.com')).toBe('Sam');
    expect(personName(null, 'sam.smith@example.com')).toBe('sam.smith');
    expect(personName('  ', 'sam@example.com')).toBe('sam');
    expect(personName('sam@example.com', 'alice@example.com')).toBe('alice');
    expect(personName(null, null)).toBe(SOMEONE);
  });
});

describe('publicFirstName', () => {
  it('is the first name, else Someone, never an address', () => {
    expect(publicFirstName(' Sam ')).toBe('Sam');
    expect(publicFirstName(null)).toBe(SOMEONE);
    expect(publicFirstName('  ')).toBe(SOMEONE);
    expect(publicFirstName('sam@example.com')).toBe(SOMEONE);
  });
});
