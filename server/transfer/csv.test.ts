import { describe, expect, it } from 'vitest';
import { readCsv } from './csv.ts';

const unclosed = (line: number) => new Error(`unclosed at ${line}`);

describe('readCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks, and the line each record starts on', () => {
    expect(readCsv('a,b\r\n"x, ""y""","two\nlines"\n\nlast,\n', unclosed)).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, "y"', 'two\nlines'] },
      { line: 5, fields: ['last', ''] },
    ]);
  });

  it('names the line of a quote never closed', () => {
    expect(() => readCsv('a\n"b\nc', unclosed)).toThrow('unclosed at 2');
  });
});
