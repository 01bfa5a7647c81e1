import { TRANSFER_MESSAGES } from '../../common/transfer.ts';
import { badRequest } from '../domain/errors.ts';

/**
 * An imported text file's characters. Exports of other apps come in UTF-8, UTF-16 (Excel's
 * "Unicode text", with a byte-order mark or without) or Latin-1/Windows-1252 (older spreadsheet
 * CSVs): each is read as what it is, rather than refused or filled with U+FFFD. Bytes that are
 * none of them (a NUL left after decoding: binary data) are refused, naming the line.
 */
export function decodeText(file: string, bytes: Uint8Array): string {
  const text = new TextDecoder(encodingOf(bytes), { fatal: false }).decode(bytes);
  const nul = text.indexOf('\0');
  if (nul >= 0) throw badRequest(TRANSFER_MESSAGES.notUtf8(file, lineAt(text, nul)));
  return text;
}

function encodingOf(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const unmarked = utf16WithoutMark(bytes);
  if (unmarked) return unmarked;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    // Every byte is a character in Windows-1252, the Latin-1 superset that Windows and browsers mean by "Latin-1".
    return 'windows-1252';
  }
}

/** Text of Latin letters in UTF-16 has a zero in every other byte: odd positions for LE, even for BE. */
function utf16WithoutMark(bytes: Uint8Array): string | undefined {
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096) & ~1);
  if (sample.length < 2) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < sample.length; index += 2) {
    if (sample[index] === 0) evenZeros++;
    if (sample[index + 1] === 0) oddZeros++;
  }
  const pairs = sample.length / 2;
  if (oddZeros > pairs * 0.4 && evenZeros === 0) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros === 0) return 'utf-16be';
  return undefined;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;
