import { describe, expect, it } from 'vitest';
import { AI_MESSAGES } from './ai.ts';
import { AI_TEXT } from './ai-ui.ts';
import { duplicateItemWarning, UI_TEXT } from './messages.ts';
import { QUOTED_NAME_MAX_LENGTH, shortName } from './short-name.ts';

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
