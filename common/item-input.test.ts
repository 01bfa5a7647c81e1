import { describe, expect, it } from 'vitest';
import { editableName, ITEM_UNITS, itemNameKey, itemPieces, measureOf, parseItem, parseItemInput, readAmount, type ParsedItem } from './item-input.ts';

/** Shorthand for an expected item: `item('milk', '2 bottles')`, or `item('eggs')` without qty. */
function item(content: string, qty?: string): ParsedItem {
  return qty === undefined ? { content, properties: {} } : { content, properties: { qty } };
}

describe('parseItemInput: splitting', () => {
  it('splits "2 bottles milk, eggs and bread" into three items, the qty on the first', () => {
    // toStrictEqual: an item without qty has no `qty: undefined` key either.
    expect(parseItemInput('2 bottles milk, eggs and bread')).toStrictEqual([
      item('milk', '2 bottles'),
      item('eggs'),
      item('bread'),
    ]);
  });

  it.each<[string, ParsedItem[]]>([
    ['milk', [item('milk')]],
    ['milk, eggs', [item('milk'), item('eggs')]],
    ['milk,eggs,bread', [item('milk'), item('eggs'), item('bread')]],
    ['milk and eggs', [item('milk'), item('eggs')]],
    ['milk, eggs, and bread', [item('milk'), item('eggs'), item('bread')]], // Oxford comma
    ['milk, eggs and bread and butter', [item('milk'), item('eggs'), item('bread'), item('butter')]],
    ['milk,and eggs', [item('milk'), item('eggs')]],
    ['milk and, eggs', [item('milk'), item('eggs')]],
    ['apples   and   pears', [item('apples'), item('pears')]],
    ['apples\tand\tpears', [item('apples'), item('pears')]],
  ])('splits %j', (input, expected) => {
    expect(parseItemInput(input)).toStrictEqual(expected);
  });

  it.each<[string, ParsedItem[]]>([
    ['Milk AND eggs', [item('Milk'), item('eggs')]],
    ['Milk And eggs', [item('Milk'), item('eggs')]],
    ['milk aNd eggs', [item('milk'), item('eggs')]],
  ])('treats "and" case-insensitively: %j', (input, expected) => {
    expect(parseItemInput(input)).toStrictEqual(expected);
  });

  it.each([
    'sandwich',
    'candy',
    'Band-aids',
    'Andes mints',
    'Anderson farm honey',
    'hand soap',
    'brandy',
    'black and-white cookies',
    'M&Ms',
    'salt & pepper', // "&" is not "and": only commas and " and " split
    'Ben & Jerry\'s',
  ])('does not split %j', (input) => {
    expect(parseItemInput(input)).toStrictEqual([item(input)]);
  });

  it('splits "salt and pepper" and "bread and butter": pairs mostly bought as two things', () => {
    expect(parseItemInput('salt and pepper')).toStrictEqual([item('salt'), item('pepper')]);
    expect(parseItemInput('bread and butter')).toStrictEqual([item('bread'), item('butter')]);
  });

  it.each<[string, ParsedItem[]]>([
    ['1,5 l milk', [item('milk', '1,5 l')]],
    ['0,5 l cream, sugar', [item('cream', '0,5 l'), item('sugar')]],
    ['2.5 lb beef', [item('beef', '2.5 lb')]],
    ['2.5 lb beef, 1,5 l milk and eggs', [item('beef', '2.5 lb'), item('milk', '1,5 l'), item('eggs')]],
    ['1,000 sheets printer paper', [item('sheets printer paper', '1,000')]],
    ['1 and 1/2 cups flour', [item('flour', '1 1/2 cups')]],
    ['1 AND 1/2 cups flour', [item('flour', '1 1/2 cups')]],
    ['1 and 1/2 cups flour and 2 cups sugar', [item('flour', '1 1/2 cups'), item('sugar', '2 cups')]],
    ['eggs, 2 and 1/2 cups milk', [item('eggs'), item('milk', '2 1/2 cups')]],
    ['1 and ½ cups flour', [item('flour', '1 ½ cups')]],
  ])('keeps numbers whole: %j', (input, expected) => {
    expect(parseItemInput(input)).toStrictEqual(expected);
  });

  it('splits a comma that has a space after it, even between digits', () => {
    // Only "digit,digit" is a decimal comma; "1, 5 l milk" is the item "1" and 5 l of milk.
    expect(parseItemInput('1, 5 l milk')).toStrictEqual([item('1'), item('milk', '5 l')]);
    expect(parseItemInput('2 eggs,3 apples')).toStrictEqual([item('eggs', '2'), item('apples', '3')]);
  });

  it('splits "and" between two whole numbers (only a fraction after it makes a mixed number)', () => {
    expect(parseItemInput('2 and 3 apples')).toStrictEqual([item('2'), item('apples', '3')]);
    expect(parseItemInput('2 apples and 1/2 lemon')).toStrictEqual([item('apples', '2'), item('lemon', '1/2')]);
  });

  it('splits on line breaks, so a pasted list works', () => {
    expect(parseItemInput('milk\neggs\r\n2 cans beans\n\nbread')).toStrictEqual([
      item('milk'),
      item('eggs'),
      item('beans', '2 cans'),
      item('bread'),
    ]);
  });

  it.each<[string, ParsedItem[]]>([
    ['', []],
    ['   ', []],
    ['\t\n ', []],
    [',', []],
    [',,, ,', []],
    ['and', []],
    [' and , AND ', []],
    [', milk', [item('milk')]],
    ['milk,', [item('milk')]],
    [',, milk ,, eggs ,,', [item('milk'), item('eggs')]],
    ['and milk', [item('milk')]],
    ['milk and', [item('milk')]],
    ['  milk  ', [item('milk')]],
  ])('drops blank pieces: %j', (input, expected) => {
    expect(parseItemInput(input)).toStrictEqual(expected);
  });

  it('collapses repeated and unusual whitespace inside names', () => {
    expect(parseItemInput('  peanut   butter ,  whole\u00a0wheat\tbread ')).toStrictEqual([
      item('peanut butter'),
      item('whole wheat bread'),
    ]);
  });

  it('keeps Unicode names intact', () => {
    expect(parseItemInput('Äpfel, crème fraîche und Brötchen, 牛乳, 🥚 and 2 🥑')).toStrictEqual([
      item('Äpfel'),
      item('crème fraîche und Brötchen'), // only the English "and" splits
      item('牛乳'),
      item('🥚'),
      item('🥑', '2'),
    ]);
  });

  it('handles very long input in order', () => {
    const names = Array.from({ length: 5000 }, (_, i) => `item number ${i}`);
    const items = parseItemInput(names.join(', '));
    expect(items.map((i) => i.content)).toEqual(names);
  });

  it.each([
    '1'.repeat(100_000),
    ','.repeat(100_000),
    ' and'.repeat(25_000),
    '1 and '.repeat(20_000),
    '1,'.repeat(50_000),
    ' '.repeat(100_000) + 'x',
  ])('finishes on pathological input (#%#)', (input) => {
    // Catastrophic backtracking would hang here until the runner's test timeout.
    expect(Array.isArray(parseItemInput(input))).toBe(true);
  });
});

describe('parseItem: quantity', () => {
  it.each<[string, ParsedItem]>([
    // Bare numbers
    ['2 lemons', item('lemons', '2')],
    ['12 eggs', item('eggs', '12')],
    ['1 loaf bread', item('loaf bread', '1')],
    ['007 bond DVDs', item('bond DVDs', '007')],
    // The add bar's English units, singular and plural, any case
    ['2 bottles milk', item('milk', '2 bottles')],
    ['1 bottle wine', item('wine', '1 bottle')],
    ['3 bags chips', item('chips', '3 bags')],
    ['1 bag ice', item('ice', '1 bag')],
    ['2 pounds ground beef', item('ground beef', '2 pounds')],
    ['1 pound butter', item('butter', '1 pound')],
    ['2 lb chicken', item('chicken', '2 lb')],
    ['3 lbs potatoes', item('potatoes', '3 lbs')],
    ['1 gallon milk', item('milk', '1 gallon')],
    ['2 gallons water', item('water', '2 gallons')],
    ['1 can tuna', item('tuna', '1 can')],
    ['4 cans tomatoes', item('tomatoes', '4 cans')],
    ['1 box cereal', item('cereal', '1 box')],
    ['2 boxes pasta', item('pasta', '2 boxes')],
    ['1 pack gum', item('gum', '1 pack')],
    ['6 packs yogurt', item('yogurt', '6 packs')],
    ['1 piece ginger', item('ginger', '1 piece')],
    ['8 pieces chicken', item('chicken', '8 pieces')],
    ['1 cup rice', item('rice', '1 cup')],
    ['2 cups flour', item('flour', '2 cups')],
    ['1 ounce saffron', item('saffron', '1 ounce')],
    ['16 ounces cheese', item('cheese', '16 ounces')],
    ['8 oz cream cheese', item('cream cheese', '8 oz')],
    ['1 liter juice', item('juice', '1 liter')],
    ['2 liters soda', item('soda', '2 liters')],
    ['1 litre milk', item('milk', '1 litre')],
    ['2 litres cola', item('cola', '2 litres')],
    ['1 l milk', item('milk', '1 l')],
    ['2 Bottles Milk', item('Milk', '2 bottles')], // unit lower-cased, name as typed
    ['2 LBS Beef', item('Beef', '2 lbs')],
    ['3 L Water', item('Water', '3 l')],
    // Glued units, abbreviation dots, "of"
    ['2l milk', item('milk', '2 l')],
    ['2.5lb beef', item('beef', '2.5 lb')],
    ['1,5l milk', item('milk', '1,5 l')],
    ['12 oz. cheddar', item('cheddar', '12 oz')],
    ['5 lbs. flour', item('flour', '5 lbs')],
    ['2 cans of beans', item('beans', '2 cans')],
    ['2 Cans Of Beans', item('Beans', '2 cans')],
    ['24 pack of water', item('water', '24 pack')],
    ['1 cup of coffee', item('coffee', '1 cup')],
    ['2 of everything', item('of everything', '2')], // "of" is only dropped after a unit
    // Decimals and fractions
    ['1,5 l milk', item('milk', '1,5 l')],
    ['0.75 l wine', item('wine', '0.75 l')],
    ['1/2 cup sugar', item('sugar', '1/2 cup')],
    ['3/4 lb ham', item('ham', '3/4 lb')],
    ['1 1/2 cups flour', item('flour', '1 1/2 cups')],
    ['1 and 1/2 cups flour', item('flour', '1 1/2 cups')],
    ['2  1/2   lbs  beef', item('beef', '2 1/2 lbs')],
    ['½ cup sugar', item('sugar', '½ cup')],
    ['1½ cups flour', item('flour', '1½ cups')],
    ['1 ½ cups flour', item('flour', '1 ½ cups')],
    ['¾ lb turkey', item('turkey', '¾ lb')],
    ['⅓ cup oil', item('oil', '⅓ cup')],
    // "x" means "times": dropped, the qty is the number
    ['2x milk', item('milk', '2')],
    ['2X milk', item('milk', '2')],
    ['2 x milk', item('milk', '2')],
    ['3 × yogurt', item('yogurt', '3')],
  ])('%j', (input, expected) => {
    expect(parseItem(input)).toStrictEqual(expected);
  });

  it.each<[string, ParsedItem]>([
    // Words that merely start with a unit's letters keep them
    ['2 lemons', item('lemons', '2')],
    ['2 limes', item('limes', '2')],
    ['1 loaf bread', item('loaf bread', '1')],
    ['2 canned tomatoes', item('canned tomatoes', '2')],
    ['3 candles', item('candles', '3')],
    ['2 cupcakes', item('cupcakes', '2')],
    ['4 bagels', item('bagels', '4')],
    ['6 boxers', item('boxers', '6')],
    ['2 packets yeast', item('packets yeast', '2')],
    ['1 lbsx', item('lbsx', '1')],
    ['2 ozark apples', item('ozark apples', '2')],
    ['2 X-Large shirts', item('X-Large shirts', '2')],
    ['2 xylophones', item('xylophones', '2')],
    ['2lemons', item('2lemons')],
  ])('does not eat a unit out of a longer word: %j', (input, expected) => {
    expect(parseItem(input)).toStrictEqual(expected);
  });

  it.each<[string, ParsedItem]>([
    // A number glued to something that is not a unit is part of the name
    ['7up', item('7up')],
    ['2% milk', item('2% milk')],
    ['100% orange juice', item('100% orange juice')],
    ['3D glasses', item('3D glasses')],
    ['1st aid kit', item('1st aid kit')],
    ['2-3 apples', item('2-3 apples')],
    // A number that carries on past a space is one number, not a qty and a name
    ['10 000 nails', item('10 000 nails')],
    ['1 000', item('1 000')],
    ['2 - 3 apples', item('2 - 3 apples')],
    ['2 – 3 apples', item('2 – 3 apples')],
    ['2 -3 apples', item('2 -3 apples')],
    ['2 100g bars', item('100g bars', '2')],
    ['3 1000-piece puzzles', item('1000-piece puzzles', '3')],
    ['2 -ish apples', item('-ish apples', '2')],
    ['6-pack beer', item('6-pack beer')],
    ['.5 l milk', item('.5 l milk')],
    ['-2 eggs', item('-2 eggs')],
    // Numbers elsewhere than at the start stay in the name
    ['eggs 12', item('eggs 12')],
    ['eggs (12)', item('eggs (12)')],
    ['milk 2 l', item('milk 2 l')],
    ['AA batteries x4', item('AA batteries x4')],
    ['a dozen eggs', item('a dozen eggs')], // number words are not numbers
    ['one can of beans', item('one can of beans')],
  ])('leaves the name alone: %j', (input, expected) => {
    expect(parseItem(input)).toStrictEqual(expected);
  });

  it.each<[string, ParsedItem]>([
    // Nothing to count: a number alone is the item itself
    ['42', item('42')],
    ['1,5', item('1,5')],
    ['1/2', item('1/2')],
    ['½', item('½')],
    ['1 1/2', item('1 1/2')],
    ['1 and 1/2', item('1 1/2')], // the mixed number is still normalised
    ['  42  ', item('42')],
    // A unit needs a name after it to be a unit; otherwise it is the thing counted, like "4 lemons"
    ['3 lbs', item('lbs', '3')],
    ['4 cans', item('cans', '4')],
    ['2 boxes', item('boxes', '2')],
    ['2 l', item('l', '2')],
    ['2 cans of', item('cans of', '2')],
    ['2 x', item('x', '2')],
  ])('needs a name to make a qty: %j', (input, expected) => {
    expect(parseItem(input)).toStrictEqual(expected);
  });

  it('reads an ambiguous brand with a leading number as a quantity', () => {
    // "3 Musketeers" and "7 Up" cannot be told from "3 lemons" by the text alone.
    expect(parseItem('3 musketeers bars')).toStrictEqual(item('musketeers bars', '3'));
    expect(parseItem('7 Up')).toStrictEqual(item('Up', '7'));
  });

  it('does not split (that is parseItemInput\'s job)', () => {
    expect(parseItem('2 bottles milk, eggs and bread')).toStrictEqual(item('milk, eggs and bread', '2 bottles'));
  });

  it('gives content "" for a blank piece', () => {
    expect(parseItem('')).toStrictEqual(item(''));
    expect(parseItem(' \t ')).toStrictEqual(item(''));
  });

  it('is stable: parsing the content again finds no further qty', () => {
    for (const input of ['2 bottles milk', '1 and 1/2 cups flour', '½ cup sugar', '2x milk', '42', '7up']) {
      const once = parseItem(input);
      expect(parseItem(once.content).content).toBe(once.content);
    }
  });
});

describe('parseItem: metric and kitchen units, multipacks', () => {
  it.each<[string, ParsedItem]>([
    ['1,5 kg flour', item('flour', '1,5 kg')],
    ['1.5 kg flour', item('flour', '1.5 kg')],
    ['1,5kg flour', item('flour', '1,5 kg')],
    ['500 g flour', item('flour', '500 g')],
    ['500g flour', item('flour', '500 g')],
    ['200 grams butter', item('butter', '200 grams')],
    ['3 kilos potatoes', item('potatoes', '3 kilos')],
    ['250 mg caffeine tablets', item('caffeine tablets', '250 mg')],
    ['330 ml cola', item('cola', '330 ml')],
    ['33 cl beer', item('beer', '33 cl')],
    ['2 dl cream', item('cream', '2 dl')],
    ['2 l water', item('water', '2 l')],
    ['2 tbsp honey', item('honey', '2 tbsp')],
    ['1 tsp salt', item('salt', '1 tsp')],
    ['½ tsp cinnamon', item('cinnamon', '½ tsp')],
    ['2 dozen eggs', item('eggs', '2 dozen')],
    ['6 pcs bread rolls', item('bread rolls', '6 pcs')],
    ['1 pc ginger', item('ginger', '1 pc')],
    ['2 jars jam', item('jam', '2 jars')],
    ['1 jar of pickles', item('pickles', '1 jar')],
    ['1 bunch parsley', item('parsley', '1 bunch')],
    ['2 bunches basil', item('basil', '2 bunches')],
    ['1 carton eggs', item('eggs', '1 carton')],
    ['2 KG Flour', item('Flour', '2 kg')],
  ])('%j', (input, expected) => {
    expect(parseItem(input)).toStrictEqual(expected);
  });

  it.each<[string, ParsedItem]>([
    ['6 x 1,5 l water', item('water', '6 x 1,5 l')],
    ['6x1,5l water', item('water', '6 x 1,5 l')],
    ['6 X 330 ML cola', item('cola', '6 x 330 ml')],
    ['4 × 125 g yoghurt', item('yoghurt', '4 x 125 g')],
    ['4x125g yoghurt', item('yoghurt', '4 x 125 g')],
    ['2 x 6 pack beer', item('beer', '2 x 6 pack')],
    ['2 x milk', item('milk', '2')], // "x" without a pack size still only says "times"
    ['2 x 3 apples', item('3 apples', '2')], // a pack size needs a unit
  ])('reads a multipack as one quantity: %j', (input, expected) => {
    expect(parseItem(input)).toStrictEqual(expected);
  });

  it('keeps multipacks and decimal commas whole in a line', () => {
    expect(parseItemInput('6 x 1,5 l water, 1,5 kg flour and 2 dozen eggs')).toStrictEqual([
      item('water', '6 x 1,5 l'),
      item('flour', '1,5 kg'),
      item('eggs', '2 dozen'),
    ]);
  });

  it.each<[string, ParsedItem]>([
    ['7up', item('7up')],
    ['2 gloves', item('gloves', '2')],
    ['2 cloves garlic', item('cloves garlic', '2')],
    ['2 kale', item('kale', '2')],
    ['3 jarlsberg slices', item('jarlsberg slices', '3')],
    ['2 galas', item('galas', '2')],
    ['4 dozens eggs', item('dozens eggs', '4')],
    ['2g', item('2g')],
    ['1,5 kg', item('kg', '1,5')], // a unit needs a name after it, as "3 lbs" does
  ])('does not take a unit out of a name: %j', (input, expected) => {
    expect(parseItem(input)).toStrictEqual(expected);
  });

  it.each<[string, ParsedItem[]]>([
    ['1,5 kg Mehl, 500 g Zucker', [item('Mehl', '1,5 kg'), item('Zucker', '500 g')]],
    ['1,5 kg farine, 2 l lait', [item('farine', '1,5 kg'), item('lait', '2 l')]],
    ['6 x 1,5 l agua, 250 g queso', [item('agua', '6 x 1,5 l'), item('queso', '250 g')]],
    ['250 ml panna, 1 kg farina', [item('panna', '250 ml'), item('farina', '1 kg')]],
    ['1,5 l melk, 500 g kaas', [item('melk', '1,5 l'), item('kaas', '500 g')]],
    ['6 x 1,5 l água, 2 dúzia ovos', [item('água', '6 x 1,5 l'), item('dúzia ovos', '2')]],
    ['2 Flaschen Wasser', [item('Flaschen Wasser', '2')]], // units are the English and metric ones
  ])('reads metric quantities in the assistant\'s languages: %j', (input, expected) => {
    expect(parseItemInput(input)).toStrictEqual(expected);
  });
});

describe('measureOf', () => {
  it.each<[string, string, number]>([
    ['1,5 kg', 'mass', 1500],
    ['500 g', 'mass', 500],
    ['2 kg', 'mass', 2000],
    ['250 mg', 'mass', 0.25],
    ['1 lb', 'mass', 453.59237],
    ['6 x 1,5 l', 'volume', 9000],
    ['330 ml', 'volume', 330],
    ['33 cl', 'volume', 330],
    ['1/2 cup', 'volume', 236.5882365 / 2],
    ['2 dozen', 'count', 24],
    ['24', 'count', 24],
    ['3 pcs', 'count', 3],
    ['2 bottles', 'bottle', 2],
    ['2 x 6 pack', 'pack', 12],
    ['12 oz.', 'mass', 12 * 28.349523125],
  ])('%j is %s %d', (quantity, measure, amount) => {
    const read = measureOf(quantity);
    expect(read?.measure).toBe(measure);
    expect(read?.amount).toBeCloseTo(amount, 6);
  });

  it.each(['2 handfuls', 'some', '', 'kg', '2 stone'])('has no measure in %j', (quantity) => {
    expect(measureOf(quantity)).toBeUndefined();
  });

  it('reads the quantity the parser takes off an item', () => {
    for (const [input, grams] of [['1,5 kg flour', 1500], ['500g flour', 500], ['4 x 125 g yoghurt', 500]] as const) {
      expect(measureOf(parseItem(input).properties.qty!)?.amount).toBe(grams);
    }
  });
});

describe('ITEM_UNITS', () => {
  it('holds every English unit of the add bar with its plural, plus litre(s)', () => {
    for (const unit of ['bag', 'bottle', 'pound', 'lb', 'gallon', 'can', 'box', 'pack', 'piece', 'cup', 'ounce', 'oz', 'liter', 'l']) {
      expect(ITEM_UNITS).toContain(unit);
    }
    for (const plural of ['bags', 'bottles', 'pounds', 'lbs', 'gallons', 'cans', 'boxes', 'packs', 'pieces', 'cups', 'ounces', 'liters', 'litre', 'litres']) {
      expect(ITEM_UNITS).toContain(plural);
    }
    for (const unit of ['g', 'kg', 'mg', 'ml', 'cl', 'dl', 'l', 'tbsp', 'tsp', 'dozen', 'pcs', 'jar', 'bunch', 'carton']) {
      expect(ITEM_UNITS).toContain(unit);
    }
  });

  it('is lower-case, without duplicates, and every unit is recognised by the parser', () => {
    expect(new Set(ITEM_UNITS).size).toBe(ITEM_UNITS.length);
    for (const unit of ITEM_UNITS) {
      expect(unit).toBe(unit.toLowerCase());
      expect(parseItem(`2 ${unit} thing`)).toStrictEqual(item('thing', `2 ${unit}`));
      expect(parseItem(`2 ${unit.toUpperCase()} thing`)).toStrictEqual(item('thing', `2 ${unit}`));
    }
  });
});

describe('itemNameKey', () => {
  it.each([
    ['milk', 'milk'],
    ['Milk', 'milk'],
    ['  MILK  ', 'milk'],
    ['2 bottles Milk', 'milk'],
    ['1,5 l milk', 'milk'],
    ['peanut    butter', 'peanut butter'],
    ['Peanut\u00a0Butter', 'peanut butter'],
    // Invisible formatting pasted inside a name (a soft hyphen, a zero-width space, a direction mark).
    ['mi\u00adlk', 'milk'],
    ['pea\u200bnut butter', 'peanut butter'],
    ['\u202bmilk\u202c', 'milk'],
    // The joiners stay: they change how a word is drawn.
    ['\u0645\u06cc\u200c\u062e\u0648\u0627\u0645', '\u0645\u06cc\u200c\u062e\u0648\u0627\u0645'],
    ['\u{1F468}\u200d\u{1F373}', '\u{1F468}\u200d\u{1F373}'],
    ['7up', '7up'],
    ['42', '42'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(itemNameKey(input)).toBe(expected);
  });

  it('folds a trailing plural "s" of the last word', () => {
    expect(itemNameKey('eggs')).toBe(itemNameKey('egg'));
    expect(itemNameKey('12 eggs')).toBe(itemNameKey('egg'));
    expect(itemNameKey('Green Beans')).toBe('green bean');
    expect(itemNameKey('bananas')).toBe('banana');
    expect(itemNameKey('peas')).toBe('pea');
    expect(itemNameKey('cookies')).toBe(itemNameKey('cookie'));
  });

  it.each(['glass', 'swiss', 'hummus', 'asparagus', 'couscous', 'tennis', 'gas', 'yes', 'bus', "reese's", 'ben & jerry\u2019s'])(
    'does not fold %j',
    (word) => {
      expect(itemNameKey(word)).toBe(word);
    },
  );

  it('does not fold words inside the name, only the last one', () => {
    expect(itemNameKey('brussels sprouts')).toBe('brussels sprout');
    expect(itemNameKey('eggs benedict')).toBe('eggs benedict');
  });

  it('leaves -ies plurals apart (a missed match is harmless)', () => {
    expect(itemNameKey('berries')).toBe('berrie');
    expect(itemNameKey('berry')).toBe('berry');
  });

  it('matches composed and decomposed accents', () => {
    expect(itemNameKey('Cre\u0300me frai\u0302che')).toBe(itemNameKey('Crème fraîche'));
  });
});

describe('readAmount', () => {
  it.each<[string, number, string]>([
    ['2 bottles', 2, 'bottles'],
    ['12', 12, ''],
    ['1.5 pounds', 1.5, 'pounds'],
    ['1,5 l', 1.5, 'l'],
    ['1/2 cup', 0.5, 'cup'],
    ['1 1/2 cups', 1.5, 'cups'],
    ['1 and 1/2 cups', 1.5, 'cups'],
    ['1½ cups', 1.5, 'cups'],
    ['1 ½', 1.5, ''],
    ['¾', 0.75, ''],
    ['⅛ tsp', 0.125, 'tsp'],
    ['  3   bags ', 3, 'bags'],
  ])('reads %j as %d and %j', (text, amount, rest) => {
    expect(readAmount(text)).toEqual({ amount, rest });
  });

  it('reads the same number as the quantity the parser takes off an item', () => {
    for (const input of ['2 bottles milk', '1,5 l milk', '1 1/2 cups flour', '½ lb butter']) {
      const qty = parseItem(input).properties.qty!;
      expect(readAmount(qty)?.amount).toBe(readAmount(input)?.amount);
    }
  });

  it.each(['gallon', 'a few', '', '1/0 cups'])('has no amount in %j', (text) => {
    expect(readAmount(text)).toBeUndefined();
  });
});

describe('itemPieces', () => {
  it('answers each item of a line as typed, each of which parses as parseItemInput reads it', () => {
    const line = '2 bottles milk, eggs and 1 and 1/2 cups flour, , and';
    expect(itemPieces(line)).toEqual(['2 bottles milk', 'eggs', '1 1/2 cups flour']);
    expect(itemPieces(line).map(parseItem)).toEqual(parseItemInput(line));
  });
});

describe('editableName', () => {
  it('is the quantity and the name as typed, when they read back the same', () => {
    expect(editableName({ content: 'milk', properties: { qty: '2 bottles', department: 'Dairy' } })).toBe('2 bottles milk');
    expect(editableName({ content: '7up', properties: { quantity: 2 } })).toBe('2 7up');
    expect(editableName({ content: 'flour', properties: { qty: '1 1/2 cups' } })).toBe('1 1/2 cups flour');
    expect(editableName({ content: 'flour', properties: { qty: '1,5 kg' } })).toBe('1,5 kg flour');
    expect(editableName({ content: 'water', properties: { qty: '6 x 1,5 l' } })).toBe('6 x 1,5 l water');
    expect(editableName({ content: '"7 Up"', properties: { qty: '2' } })).toBe('2 "7 Up"');
    expect(editableName({ content: 'eggs', properties: {} })).toBe('eggs');
  });

  it('is the name alone when the quantity would read back otherwise', () => {
    expect(editableName({ content: 'flour', properties: { qty: '2 stone' } })).toBe('flour');
    expect(editableName({ content: 'rice', properties: { qty: 'a handful' } })).toBe('rice');
    expect(editableName({ content: 'rice', properties: { qty: { amount: 2 } } })).toBe('rice');
  });
});
