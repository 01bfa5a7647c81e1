import { describe, expect, it } from 'vitest';
import { trimUnseen } from './unseen-text.ts';

describe('trimUnseen', () => {
  it('takes white space and characters that take no space off both ends', () => {
    expect(trimUnseen('  milk\u00a0')).toBe('milk');
    expect(trimUnseen('\u200b\u200d\u2060\ufeff\u202e milk \u200f\u0007')).toBe('milk');
  });

  it('leaves nothing of a name nobody could see', () => {
    const drawnBlank = ['\u3164', '\u115f\u1160', '\uffa0', '\u2800', '\ufe0f', '\u0301', '\u{E0061}\u{E0062}'];
    for (const unseen of ['\u200b', '\u200b\u200b', '\u00a0\u3000', '\u2066\u2069', '\u00ad', '\u0007\u001b', ...drawnBlank]) {
      expect(trimUnseen(unseen)).toBe('');
    }
  });

  it('keeps what is inside, and emoji whole: joiners between them, the tags that end a flag', () => {
    expect(trimUnseen('oat\u200bmilk')).toBe('oat\u200bmilk');
    expect(trimUnseen('👩\u200d👩\u200d👧')).toBe('👩\u200d👩\u200d👧');
    const scotland = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    expect(trimUnseen(scotland)).toBe(scotland);
    expect(trimUnseen('حليب\u200f')).toBe('حليب');
    expect(trimUnseen('❤\ufe0f')).toBe('❤\ufe0f');
    expect(trimUnseen('e\u0301')).toBe('e\u0301');
    expect(trimUnseen('한글')).toBe('한글');
  });

  it('puts a space for each control character inside, and drops direction overrides (sweep 15 #6)', () => {
    expect(trimUnseen('ab\u0001\u0007\u001bcd')).toBe('ab   cd');
    expect(trimUnseen('two\nlines\tand a tab')).toBe('two lines and a tab');
    expect(trimUnseen('\u202Egpj.exe')).toBe('gpj.exe');
    expect(trimUnseen('photo\u202Egpj.exe')).toBe('photogpj.exe');
    // The isolates and marks that right-to-left writing uses stay.
    expect(trimUnseen('milk \u2067حليب\u2069 bread')).toBe('milk \u2067حليب\u2069 bread');
  });
});
