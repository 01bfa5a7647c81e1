import { describe, expect, it } from 'vitest';
import { AI_PHOTO_ITEMS_MAX } from '../../common/ai.ts';
import { photoEntries } from './photo-entries.ts';

describe('photoEntries', () => {
  it('keeps each name once, as the list tells names apart (case, spaces, a plural)', () => {
    expect(photoEntries(['eggs', 'Eggs', 'eggs ', ' milk', 'egg', '', '  '])).toEqual(['eggs', 'milk']);
  });

  it('cleans each name as names are stored: no control character, no direction override', () => {
    expect(photoEntries(['\u202Egpj.exe\u202C milk\u0007', '\r\n', 'eggs'])).toEqual(['gpj.exe milk', 'eggs']);
  });

  it(`keeps at most ${AI_PHOTO_ITEMS_MAX} entries, counted after the repeats are gone`, () => {
    const names = Array.from({ length: 250 }, (_, index) => `item ${Math.floor(index / 2) * 2 === index ? index : index - 1}`);
    const many = Array.from({ length: 250 }, (_, index) => `item ${index}`);
    expect(photoEntries(names)).toHaveLength(125);
    expect(photoEntries([...names, ...many])).toHaveLength(AI_PHOTO_ITEMS_MAX);
  });
});
