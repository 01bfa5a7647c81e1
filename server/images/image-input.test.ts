import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '../../common/images.ts';
import { HEIC_FIXTURE, makeImage } from '../test/images.ts';
import { decodeImageData, sniffImageFormat } from './image-input.ts';

describe('decodeImageData', () => {
  const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0xfe, 0xfb]);

  it('reads bare base64, a data URL whatever type it declares, URL-safe base64 and MIME line breaks', () => {
    const base64 = bytes.toString('base64');
    expect(decodeImageData(base64)).toEqual(bytes);
    expect(decodeImageData(`data:image/png;base64,${base64}`)).toEqual(bytes);
    expect(decodeImageData(`DATA:text/plain;charset=x;BASE64,${base64}`)).toEqual(bytes);
    expect(decodeImageData(bytes.toString('base64url'))).toEqual(bytes);
    expect(decodeImageData(`${base64.slice(0, 4)}\r\n${base64.slice(4)}`)).toEqual(bytes);
  });

  it.each(['not*base64', 'abcde', 'data:image/png,rawbytes', 'ab==cd', '===='])('refuses %j with 400', (text) => {
    expect(() => decodeImageData(text)).toThrow(expect.objectContaining({ kind: 'invalid' }));
  });

  it('refuses more than IMAGE_MAX_BYTES with 413, measured on the text', () => {
    expect(decodeImageData(Buffer.alloc(IMAGE_MAX_BYTES).toString('base64'))).toHaveLength(IMAGE_MAX_BYTES);
    expect(() => decodeImageData(Buffer.alloc(IMAGE_MAX_BYTES + 1).toString('base64'))).toThrow(
      expect.objectContaining({ kind: 'tooLarge', message: IMAGE_MESSAGES.imageTooLarge }),
    );
  });
});

describe('sniffImageFormat', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('knows a %s by its bytes', async (format) => {
    expect(sniffImageFormat(await makeImage(format))).toBe(format);
  });

  it('knows a HEIC photo', () => {
    expect(sniffImageFormat(fs.readFileSync(HEIC_FIXTURE))).toBe('heic');
  });

  it.each([
    ['text', Buffer.from('hello, this is not a picture')],
    ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['AVIF', Buffer.from('\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf', 'latin1')],
    ['RIFF but not WebP', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1')],
    ['empty', Buffer.alloc(0)],
    ['a truncated signature', Buffer.from([0xff, 0xd8])],
  ])('answers undefined for %s', (_what, bytes) => {
    expect(sniffImageFormat(bytes)).toBeUndefined();
  });
});
