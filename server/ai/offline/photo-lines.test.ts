import { describe, expect, it } from 'vitest';
import { cleanLine, entriesFromLines } from './photo-lines.ts';

const lines = (...texts: string[]) => texts.map((text) => ({ text, confidence: 90 }));

describe('cleanLine', () => {
  it.each([
    ['- 2 bottles milk', '2 bottles milk'],
    ['• eggs', 'eggs'],
    ['[ ] bread', 'bread'],
    ['[x] butter', 'butter'],
    ['[1 apples', 'apples'],
    ['[ 1 cheddar cheese', 'cheddar cheese'],
    ['1 Ib ground beef', '1 lb ground beef'],
    ['☐ apples', 'apples'],
    ['1. tomatoes', 'tomatoes'],
    ['12) rice', 'rice'],
    ['* olive oil   $4.99', 'olive oil'],
    ['coffee 3,49 €', 'coffee'],
    ['3 cans beans', '3 cans beans'],
    ['milk.', 'milk'],
  ])('%s -> %s', (line, expected) => {
    expect(cleanLine(line)).toBe(expected);
  });
});

describe('entriesFromLines', () => {
  it('drops the title, headings and noise', () => {
    expect(entriesFromLines(lines('Shopping list', 'Dairy:', '- milk', '~~ ..', 'x', '- eggs'))).toEqual(['milk', 'eggs']);
  });

  it('drops lines OCR is unsure of', () => {
    expect(entriesFromLines([{ text: 'bread', confidence: 95 }, { text: 'lbrrd', confidence: 20 }])).toEqual(['bread']);
  });
});
