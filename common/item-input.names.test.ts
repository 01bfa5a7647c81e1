import { describe, expect, it } from 'vitest';
import { BUILT_IN_NAME_LIST } from './compound-names.ts';
import { itemPieces, keptNames, parseItem, parseItemInput, splitItemInput, type ParsedItem } from './item-input.ts';

/** Names kept whole (common/compound-names.ts, decision 041) and quotes; the rest of the parser: item-input.test.ts. */

function item(content: string, qty?: string): ParsedItem {
  return qty === undefined ? { content, properties: {} } : { content, properties: { qty } };
}

describe('parseItemInput: built-in names stay whole', () => {
  it.each<[string, ParsedItem[]]>([
    ['mac and cheese', [item('mac and cheese')]],
    ['Mac AND Cheese', [item('Mac AND Cheese')]],
    ['bread and butter pickles', [item('bread and butter pickles')]],
    ['bread and butter pickle', [item('bread and butter pickle')]],
    ['half and half', [item('half and half')]],
    ['Tom and Jerry DVD', [item('Tom and Jerry DVD')]],
    ['2 boxes mac and cheese', [item('mac and cheese', '2 boxes')]],
    ['1 l half and half', [item('half and half', '1 l')]],
    ["Ben and Jerry's cookie dough", [item("Ben and Jerry's cookie dough")]],
    ['ben and jerry’s', [item('ben and jerry’s')]],
    ["Harry Potter and the Philosopher's Stone", [item("Harry Potter and the Philosopher's Stone")]],
    ['Fish and Chips', [item('Fish and Chips')]],
  ])('%j', (input, expected) => {
    expect(parseItemInput(input)).toStrictEqual(expected);
  });

  it.each<[string, ParsedItem[]]>([
    ['milk and eggs', [item('milk'), item('eggs')]],
    ['mac and cheese and milk', [item('mac and cheese'), item('milk')]],
    ['milk, mac and cheese, eggs and bread', [item('milk'), item('mac and cheese'), item('eggs'), item('bread')]],
    ['chips and salsa', [item('chips'), item('salsa')]],
    ['bread and butter and pickles', [item('bread'), item('butter'), item('pickles')]],
  ])('still splits what is no name: %j', (input, expected) => {
    expect(parseItemInput(input)).toStrictEqual(expected);
  });

  it('does not reach across a comma: "mac, and cheese" is two items', () => {
    expect(parseItemInput('mac, and cheese')).toStrictEqual([item('mac'), item('cheese')]);
    expect(parseItemInput('mac and, cheese')).toStrictEqual([item('mac'), item('cheese')]);
    expect(parseItemInput('tom\nand jerry')).toStrictEqual([item('tom'), item('jerry')]);
  });

  it('keeps every built-in name whole, alone and inside a line', () => {
    for (const name of BUILT_IN_NAME_LIST) {
      expect(itemPieces(name)).toEqual([name]);
      expect(itemPieces(`milk, 2 ${name} and eggs`)).toEqual(['milk', `2 ${name}`, 'eggs']);
    }
  });

  it.each<[string, ParsedItem[]]>([
    ['Salz und Pfeffer, Milch', [item('Salz und Pfeffer'), item('Milch')]],
    ['pain et beurre, lait', [item('pain et beurre'), item('lait')]],
    ['sale e pepe, latte', [item('sale e pepe'), item('latte')]],
    ['arroz y frijoles, leche', [item('arroz y frijoles'), item('leche')]],
    ['brood en kaas, melk', [item('brood en kaas'), item('melk')]],
    ['arroz e feijão, leite', [item('arroz e feijão'), item('leite')]],
    ['Fish and Chips, Milch', [item('Fish and Chips'), item('Milch')]],
  ])('in the assistant\'s languages only commas and the English "and" split: %j', (input, expected) => {
    expect(parseItemInput(input)).toStrictEqual(expected);
  });
});

describe('parseItemInput: quotes', () => {
  it.each<[string, ParsedItem[]]>([
    ['"chips and salsa"', [item('chips and salsa')]],
    ['"chips and salsa", milk and eggs', [item('chips and salsa'), item('milk'), item('eggs')]],
    ['2 "chips and salsa"', [item('chips and salsa', '2')]],
    ['“Salt, pepper and herbs” mix', [item('“Salt, pepper and herbs” mix')]],
    ['„Brot, Butter und Käse“, Milch', [item('Brot, Butter und Käse'), item('Milch')]],
    ['« pain, beurre et lait », œufs', [item('pain, beurre et lait'), item('œufs')]],
    ['»Kaffee, Milch«', [item('Kaffee, Milch')]],
    ['"arroz, frijoles" y leche', [item('"arroz, frijoles" y leche')]],
    ['“Tom and Jerry” DVD and popcorn', [item('“Tom and Jerry” DVD'), item('popcorn')]],
    ['"7 Up"', [item('"7 Up"')]], // without its quotes it would read as 7 "Up"
    ['"3 Musketeers" bars', [item('"3 Musketeers" bars')]],
    ['""', []],
    ['" ", milk', [item('milk')]],
  ])('never splits inside quotes: %j', (input, expected) => {
    expect(parseItemInput(input)).toStrictEqual(expected);
  });

  it.each<[string, ParsedItem[]]>([
    ['"milk and eggs', [item('"milk'), item('eggs')]], // a mark with no partner quotes nothing
    ['1/2" pipe, 3/4" pipe', [item('1/2" pipe'), item('3/4" pipe')]], // inch marks
    ['"milk\nand eggs"', [item('"milk'), item('eggs"')]], // quotes end with the line
  ])('splits where quotes do not pair: %j', (input, expected) => {
    expect(parseItemInput(input)).toStrictEqual(expected);
  });

  it('reads a quoted piece the same on the server as on the web (the piece keeps its quotes)', () => {
    const pieces = itemPieces('"chips and salsa", milk');
    expect(pieces).toEqual(['"chips and salsa"', 'milk']);
    expect(pieces.flatMap((piece) => parseItemInput(piece))).toStrictEqual(pieces.map(parseItem));
  });
});

describe('parseItemInput: names the user kept whole', () => {
  const kept = keptNames(['chips and salsa', 'milk', 'Tom and Jerry Blu-ray box']);

  it('keeps them whole, anywhere in a line, and splits the rest', () => {
    expect(parseItemInput('chips and salsa', kept)).toStrictEqual([item('chips and salsa')]);
    expect(parseItemInput('2 bags Chips And Salsa and milk', kept)).toStrictEqual([item('Chips And Salsa', '2 bags'), item('milk')]);
    expect(parseItemInput('milk and eggs', kept)).toStrictEqual([item('milk'), item('eggs')]);
    expect(parseItemInput('chips and salsa')).toStrictEqual([item('chips'), item('salsa')]);
  });

  it('takes the built-in names too', () => {
    expect(parseItemInput('mac and cheese and chips and salsa', kept)).toStrictEqual([item('mac and cheese'), item('chips and salsa')]);
  });
});

describe('splitItemInput', () => {
  it('tells where an "and" split a stretch of text, as typed', () => {
    expect(splitItemInput('2 bags chips and salsa, milk and eggs, bread')).toEqual({
      pieces: ['2 bags chips', 'salsa', 'milk', 'eggs', 'bread'],
      splitOnAnd: [
        { first: 0, last: 1, text: '2 bags chips and salsa' },
        { first: 2, last: 3, text: 'milk and eggs' },
      ],
    });
  });

  it('takes every piece of a stretch, and leaves out what a comma split', () => {
    expect(splitItemInput('bread and butter and jam').splitOnAnd).toEqual([{ first: 0, last: 2, text: 'bread and butter and jam' }]);
    expect(splitItemInput('mac and cheese and milk').splitOnAnd).toEqual([{ first: 0, last: 1, text: 'mac and cheese and milk' }]);
    expect(splitItemInput('milk, eggs').splitOnAnd).toEqual([]);
    expect(splitItemInput('milk and, eggs').splitOnAnd).toEqual([]);
    expect(splitItemInput('milk and and eggs').splitOnAnd).toEqual([{ first: 0, last: 1, text: 'milk and and eggs' }]);
    expect(splitItemInput('and milk and').splitOnAnd).toEqual([]);
    expect(splitItemInput('mac and cheese').splitOnAnd).toEqual([]);
    expect(splitItemInput('1 and 1/2 cups flour and sugar').splitOnAnd).toEqual([{ first: 0, last: 1, text: '1 1/2 cups flour and sugar' }]);
  });

  it('answers stretches that read back as one item when typed again, kept whole', () => {
    const { splitOnAnd } = splitItemInput('2 bags chips and salsa');
    expect(parseItemInput(splitOnAnd[0]!.text, keptNames(['chips and salsa']))).toStrictEqual([item('chips and salsa', '2 bags')]);
  });

  it.each([' and'.repeat(25_000), 'mac and cheese and '.repeat(5_000), '"'.repeat(50_000), ' "a'.repeat(30_000), '"a and b" '.repeat(10_000)])(
    'finishes on pathological input (#%#)',
    (input) => {
      expect(Array.isArray(splitItemInput(input, keptNames(['a and b'])).pieces)).toBe(true);
    },
  );
});
