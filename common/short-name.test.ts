import { describe, expect, it } from 'vitest';
import { AI_MESSAGES } from './ai.ts';
import { AI_TEXT } from './ai-ui.ts';
import { duplicateItemWarning, UI_TEXT } from './messages.ts';
import { nameSeries, QUOTED_NAME_MAX_LENGTH, shortName } from './short-name.ts';

describe('shortName', () => {
  it('keeps a name up to the limit, and cuts a longer one with "…" to the limit', () => {
    expect(shortName('  milk ')).toBe('milk');
    expect(shortName('x'.repeat(QUOTED_NAME_MAX_LENGTH))).toBe('x'.repeat(QUOTED_NAME_MAX_LENGTH));
    expect(shortName('x'.repeat(QUOTED_NAME_MAX_LENGTH + 1))).toBe(`${'x'.repeat(QUOTED_NAME_MAX_LENGTH - 1)}…`);
  });

  it('counts characters, not UTF-16 units, so it never cuts one in half', () => {
    const cut = shortName('🍎'.repeat(QUOTED_NAME_MAX_LENGTH + 5));
    expect(cut).toBe(`${'🍎'.repeat(QUOTED_NAME_MAX_LENGTH - 1)}…`);
    expect(cut.isWellFormed()).toBe(true);
  });

  it('keeps a long name from filling a toast or a status line (sweep 15 #4)', () => {
    const name = 'L'.repeat(500);
    for (const message of [
      AI_TEXT.translating(name, 'Dutch'),
      AI_TEXT.addingProperties(name),
      AI_MESSAGES.offlineUnknownItem(name, 'Dutch'),
      AI_MESSAGES.offlinePrompt(name),
      UI_TEXT.renameLostItemDeleted(name),
      duplicateItemWarning(name),
    ]) {
      expect(message).toContain(shortName(name));
      expect(message).not.toContain(name.slice(0, QUOTED_NAME_MAX_LENGTH));
    }
  });
});

describe('nameSeries', () => {
  it.each<[string[], number | undefined, string]>([
    [[], undefined, ''],
    [['milk'], undefined, 'milk'],
    [['milk', 'eggs'], undefined, 'milk and eggs'],
    [['milk', 'eggs', 'bread'], undefined, 'milk, eggs and bread'],
    [['a', 'b', 'c', 'd'], 2, 'a, b and 2 more'],
    [['a', 'b'], 2, 'a and b'],
  ])('%j (at most %s shown) reads %j', (names, shown, text) => {
    expect(nameSeries(names, shown)).toBe(text);
  });

  it('lists prompts and photo items in messages, each cut short', () => {
    const long = 'L'.repeat(500);
    expect(AI_TEXT.promptsSkipped(['Write a poem', long])).toBe(
      `Skipped "Write a poem" and "${shortName(long)}": the built-in assistant understands prompts about departments, aisles, categories, priorities and translations.`,
    );
    expect(AI_TEXT.photoItemsAdded({ added: ['milk', 'eggs', 'bread', 'jam', 'tea', 'rice', long], putBack: ['butter'], already: [long] })).toBe(
      `Added 7 items from the photo: milk, eggs, bread, jam, tea and 2 more. Back on the list: butter. Already on the list: ${shortName(long)}.`,
    );
    expect(AI_TEXT.photoItemsAdded({ added: [], putBack: [], already: ['milk', 'eggs'] })).toBe('Already on the list: milk and eggs.');
  });
});
