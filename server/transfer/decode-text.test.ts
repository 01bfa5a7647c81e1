import { describe, expect, it } from 'vitest';
import { decodeText } from './decode-text.ts';

const utf16le = (text: string, mark: boolean) => Buffer.concat([mark ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(text, 'utf16le')]);

describe('decodeText', () => {
  it('reads UTF-8, with and without a byte-order mark', () => {
    expect(decodeText('a.txt', Buffer.from('Crème fraîche'))).toBe('Crème fraîche');
    expect(decodeText('a.txt', Buffer.from('\uFEFFmilk'))).toBe('milk');
  });

  it('reads UTF-16 with a mark, and without one, in either byte order', () => {
    expect(decodeText('a.csv', utf16le('Crème,1\n', true))).toBe('Crème,1\n');
    expect(decodeText('a.csv', utf16le('Crème,1\n', false))).toBe('Crème,1\n');
    const be = Buffer.from('Crème', 'utf16le').swap16();
    expect(decodeText('a.csv', Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe('Crème');
    expect(decodeText('a.csv', be)).toBe('Crème');
  });

  it('reads Latin-1 (Windows-1252) where the bytes are not UTF-8', () => {
    expect(decodeText('a.csv', Buffer.from('Crème fraîche, 2 €', 'latin1').map((byte) => (byte === 0xac ? 0x80 : byte)))).toBe('Crème fraîche, 2 €');
  });

  it('refuses binary data, naming the file and line', () => {
    expect(() => decodeText('photo.txt', Buffer.from('milk\neggs\n\0\x01\x02'))).toThrow('photo.txt, line 3: the text is not UTF-8');
  });
});
