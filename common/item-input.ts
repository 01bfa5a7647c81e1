/**
 * The item-input parser (docs/api.md, "Items"), shared by the web client (for
 * optimistic items) and the server (which is the authority), so both read "2 bottles milk, eggs
 * and bread" the same way. Pure, with no dependency outside common/.
 *
 * What a line becomes:
 * - It is split into items on commas, on the word "and" (any case) and on line breaks (pasted lists).
 *   A comma between two digits is a decimal comma, not a separator ("1,5 l milk"), and
 *   "1 and 1/2" is a mixed number, not two items.
 * - Names are kept whole: "and" inside a known name does not split ("mac and cheese", "Tom and
 *   Jerry DVD": the built-in names of common/compound-names.ts, and the names a caller passes,
 *   those the user kept whole before), nor does anything inside quotes ('"chips and salsa"',
 *   „Brot, Butter“, « pain et beurre »). "milk and eggs" still splits. "and" inside a word
 *   ("sandwich", "Band-aids") and "&" ("M&Ms") never split; only the English "and" does.
 * - A leading number, with an optional unit from {@link ITEM_UNITS}, becomes `properties.qty`, but
 *   only when a name follows it: "42" stays the item "42", and "3 lbs" becomes qty "3" of "lbs",
 *   exactly like "4 cans" is qty "4" of "cans" (a unit needs a name after it to be a unit). A
 *   multipack is one quantity: "6 x 1,5 l water" is qty "6 x 1,5 l" of "water".
 * - A number glued to letters is part of the name ("7up", "2% milk", "3D glasses"), unless the
 *   letters are a unit ("500g flour"); a number followed by a space is a quantity even when it is
 *   really a brand ("3 musketeers bars" gives qty "3"): the text alone cannot tell them apart, but
 *   quotes can.
 * - A name wholly in quotes is taken as written, its quotes dropped ('"chips and salsa"' is the
 *   item "chips and salsa"), or kept where without them it would read otherwise ('"7 Up"').
 */

import { builtInNames, holdsAnd, nameAround, nameIndex, wordKey, type NameIndex } from './compound-names.ts';
import { UNITS, type Measure } from './units.ts';
import { trimUnseen, withoutInvisibleFormatting } from './unseen-text.ts';

export interface ParsedItem {
  /** The item's name, trimmed, without the leading quantity. */
  content: string;
  /** `qty` when the input began with a number (and optional unit), e.g. "2 bottles", "1,5 kg", "6 x 1,5 l". */
  properties: { qty?: string };
}

/**
 * Units a quantity may carry (case-insensitive): the add bar's English ones and the British
 * "litre(s)", the metric and kitchen units (g, kg, mg, ml, cl, dl, l, tbsp, tsp), counts (dozen,
 * pcs) and containers (jar, bunch, carton): common/units.ts. "x" ("2x milk") is deliberately not a
 * unit: it only says "times", so it is dropped and the qty is the bare number.
 */
export const ITEM_UNITS: readonly string[] = [...UNITS.keys()];

const UNICODE_FRACTIONS = '¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞';

/** The quotation marks of the assistant's languages: "…", “…”, „…“, «…», »…«, and the full-width one. */
const QUOTE_MARKS = '"“”„‟«»＂';
const IS_QUOTE = new RegExp(`[${QUOTE_MARKS}]`);

/**
 * The words and separators of a line: line breaks; words, which may hold a comma between two
 * digits (the decimal comma of "1,5 l", and "1,000"); and the commas that separate (so "eggs
 * 12,2 apples" would need a space after the comma). Every lookaround is one character wide, so
 * this stays linear on very long input.
 */
const TOKEN = /[\r\n]+|(?:(?<=\d),(?=\d)|[^\s,])+|,/g;

/**
 * A pasted list as one line of the add bar, whose input holds no line breaks (the browser turns
 * them into spaces, which made one item of the whole list): its lines joined by ", ", which
 * splits as a line break does.
 */
export const pastedAsOneLine = (pasted: string): string =>
  pasted
    .split(/[\r\n]+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(', ');

/**
 * "1 and 1/2" (or "1 and ½") is a mixed number. It is rewritten to "1 1/2" before splitting so
 * the "and" is not taken for a separator, and so the qty reads the same however it was typed.
 * The whole number must stand alone ("a1 and 1/2" is left alone).
 */
const MIXED_NUMBER_WITH_AND = new RegExp(`(?<![^\\s,])(\\d+)\\s+and\\s+(?=\\d+/\\d+|[${UNICODE_FRACTIONS}])`, 'gi');

/**
 * A number, longest form first because the first alternative that matches wins: mixed "1 1/2",
 * "1½" or "1 ½"; fraction "1/2"; integer or decimal with "." or ","; lone "½". Input reaching it
 * has single spaces only.
 */
const NUMBER = `(?:\\d+ \\d+/\\d+|\\d+ ?[${UNICODE_FRACTIONS}]|\\d+/\\d+|\\d+(?:[.,]\\d+)?|[${UNICODE_FRACTIONS}])`;
const LEADING_NUMBER = new RegExp(`^${NUMBER}`);

/** Any unit, longest first (so "lbs" is not read as "lb" and a stray "s"). */
const UNIT = `(${[...ITEM_UNITS].sort((a, b) => b.length - a.length).join('|')})`;

/**
 * After the number: a unit (space before it optional: "2l", "500g"), an optional "." ("12 oz."),
 * an optional "of" ("2 cans of beans"), then a space and the name. The unit must end at a space,
 * so words that merely start like a unit keep their letters ("2 lemons", "1 loaf bread",
 * "2 canned tomatoes", "2 gloves"). The name must not be a lone "of", or "2 cans of" would give "of".
 */
const UNIT_THEN_NAME = new RegExp(`^ ?${UNIT}\\.?(?: of)? (?!of$)(.+)$`, 'i');

/** A multipack after the number: "6 x 1,5 l water", "4x125g yoghurt", "6 × 330 ml cola". */
const MULTIPACK_THEN_NAME = new RegExp(`^ ?[x×] ?(${NUMBER}) ?${UNIT}\\.?(?: of)? (?!of$)(.+)$`, 'i');

/** A multipack's size after its count, in a quantity alone: the "x 1,5" of "6 x 1,5 l". */
const PACK_SIZE = new RegExp(`^[x×] ?(${NUMBER})(?: |$)`, 'i');

/** "2x milk", "2 x milk", "2 × milk": "x" must end at a space, so "2 x-large shirts" keeps it. */
const TIMES_THEN_NAME = /^ ?[x×] (.+)$/i;

/**
 * After a bare number, a number that carries on: digits grouped by a space ("10 000 nails") or a
 * range ("2 - 3 apples"). Taking the first part as the qty would leave "000 nails" or "- 3
 * apples" as the name, so the whole stays the name, as "2-3 apples" does.
 */
const NUMBER_GOES_ON = /^ (?:\d{3}(?: |$)|[-–—] ?\d)/;

/** A text wholly in quotes, and what they hold (blanks at its ends left out). */
const WRAPPED = new RegExp(`^[${QUOTE_MARKS}] ?([^${QUOTE_MARKS}]*?) ?[${QUOTE_MARKS}]$`);

/** Single spaces, and "1 and 1/2" read as the mixed number "1 1/2". */
function normalise(text: string): string {
  return trimUnseen(text.replace(MIXED_NUMBER_WITH_AND, '$1 ').replace(/\s+/g, ' '));
}

/** Splits one line of user input into items (see the module comment). Blank pieces are dropped. */
export function parseItemInput(input: string, kept?: NameIndex): ParsedItem[] {
  return itemPieces(input, kept).map(parseItem);
}

/**
 * The text of each item in a line, as typed ("2 bottles milk"), before its quantity is read: what
 * the web client sends as one entry per item, so that the server reads each piece as it did.
 * `kept`: names the user kept whole before (`keptNames`), which do not split either.
 */
export function itemPieces(input: string, kept?: NameIndex): string[] {
  return splitItemInput(input, kept).pieces;
}

/** Pieces of a line that were one stretch of text split on "and" only ("chips and salsa"). */
export interface SplitOnAnd {
  /** The first and the last of those pieces (indexes into `pieces`, inclusive). */
  first: number;
  last: number;
  /** The stretch as typed: the one item it makes when kept whole. */
  text: string;
}

export interface SplitInput {
  pieces: string[];
  /** Where an "and" split the text, for the user to keep it as one item. */
  splitOnAnd: SplitOnAnd[];
}

/** The index of the names a user kept whole (their history, the names on a list): those holding "and". */
export function keptNames(names: Iterable<string>): NameIndex {
  return nameIndex(names);
}

interface Token {
  kind: 'word' | 'and' | 'comma' | 'break';
  start: number;
  end: number;
}

/**
 * The stretches of the text between a quotation mark that opens (not after a letter or digit, so
 * the inch mark of 1/2" stays) and the next one that closes (not before a letter or digit) on the
 * same line: [first, last] character index. A mark with no partner quotes nothing.
 */
function quotedStretches(text: string): [number, number][] {
  if (!IS_QUOTE.test(text)) return [];
  const wordChar = (at: number) => at >= 0 && at < text.length && /[\p{L}\p{N}]/u.test(text[at]!);
  // The first closing mark at or after each index, on its line: one pass from the end, so many
  // marks that close nothing cost no more than a few.
  const closer: (number | undefined)[] = [];
  for (let at = text.length - 1; at >= 0; at--) {
    const char = text[at]!;
    closer[at] = /[\r\n]/.test(char) ? undefined : IS_QUOTE.test(char) && !wordChar(at + 1) ? at : closer[at + 1];
  }
  const stretches: [number, number][] = [];
  for (let open = 0; open < text.length; open++) {
    const close = closer[open + 1];
    if (!IS_QUOTE.test(text[open]!) || wordChar(open - 1) || close === undefined) continue;
    stretches.push([open, close]);
    open = close;
  }
  return stretches;
}

/** The line's tokens; inside quotes every token is a word. */
function tokensOf(text: string): Token[] {
  const quoted = quotedStretches(text);
  let next = 0;
  return [...text.matchAll(TOKEN)].map((match): Token => {
    const start = match.index;
    const end = start + match[0].length;
    while (next < quoted.length && quoted[next]![1] < start) next++;
    const inQuotes = next < quoted.length && quoted[next]![0] <= start;
    const word = match[0];
    const first = word[0];
    const kind = inQuotes ? 'word' : first === '\n' || first === '\r' ? 'break' : word === ',' ? 'comma' : word.length === 3 && word.toLowerCase() === 'and' ? 'and' : 'word';
    return { kind, start, end };
  });
}

/**
 * Turns into words the "and"s that belong to a name kept whole, within each stretch between
 * commas and line breaks.
 */
function keepNamesWhole(text: string, tokens: Token[], indexes: readonly NameIndex[]): void {
  let from = 0;
  for (let to = 0; to <= tokens.length; to++) {
    const kind = tokens[to]?.kind;
    if (kind !== undefined && kind !== 'comma' && kind !== 'break') continue;
    const stretch = tokens.slice(from, to);
    if (stretch.some((token) => token.kind === 'and')) {
      const words = stretch.map((token) => (token.kind === 'and' ? 'and' : wordKey(text.slice(token.start, token.end))));
      stretch.forEach((token, at) => {
        if (token.kind !== 'and') return;
        for (const index of indexes) {
          const span = nameAround(words, at, index);
          if (!span) continue;
          for (let inside = span[0]; inside <= span[1]; inside++) stretch[inside]!.kind = 'word';
          return;
        }
      });
    }
    from = to + 1;
  }
}

/** `itemPieces`, with where an "and" split a stretch of text (the add bar offers to keep it whole). */
export function splitItemInput(input: string, kept?: NameIndex): SplitInput {
  const text = input.replace(MIXED_NUMBER_WITH_AND, '$1 ');
  const tokens = tokensOf(text);
  if (holdsAnd(text)) keepNamesWhole(text, tokens, kept ? [builtInNames(), kept] : [builtInNames()]);

  const pieces: { text: string; start: number; end: number; afterAnd: boolean }[] = [];
  let start: number | undefined;
  let end = 0;
  // Whether only "and"s stand between this piece and the one kept before it.
  let onlyAnd = false;
  const close = () => {
    if (start === undefined) return;
    const piece = trimUnseen(text.slice(start, end));
    // Only quotes make a piece blank that has something to see (a quoted nothing: "" or 2 "").
    if (piece !== '' && (!IS_QUOTE.test(piece) || parseItem(piece).content !== '')) {
      pieces.push({ text: piece, start, end, afterAnd: onlyAnd && pieces.length > 0 });
      onlyAnd = true;
    }
    start = undefined;
  };
  for (const token of tokens) {
    if (token.kind === 'word') {
      start ??= token.start;
      end = token.end;
      continue;
    }
    close();
    if (token.kind !== 'and') onlyAnd = false;
  }
  close();

  const splitOnAnd: SplitOnAnd[] = [];
  pieces.forEach((piece, index) => {
    if (!piece.afterAnd) return;
    const run = splitOnAnd.at(-1);
    if (run && run.last === index - 1) run.last = index;
    else splitOnAnd.push({ first: index - 1, last: index, text: '' });
  });
  for (const run of splitOnAnd) run.text = trimUnseen(text.slice(pieces[run.first]!.start, pieces[run.last]!.end));
  return { pieces: pieces.map((piece) => piece.text), splitOnAnd };
}

/** The quantity at the start of a text and the name after it; undefined when there is none. */
function quantityAndName(text: string): { qty: string; name: string } | undefined {
  const number = LEADING_NUMBER.exec(text)?.[0];
  if (number === undefined) return undefined;
  const rest = text.slice(number.length);

  const multipack = MULTIPACK_THEN_NAME.exec(rest);
  if (multipack?.[1] !== undefined && multipack[2] !== undefined && multipack[3] !== undefined) {
    return { qty: `${number} x ${multipack[1]} ${multipack[2].toLowerCase()}`, name: multipack[3] };
  }
  const withUnit = UNIT_THEN_NAME.exec(rest);
  if (withUnit?.[1] !== undefined && withUnit[2] !== undefined) return { qty: `${number} ${withUnit[1].toLowerCase()}`, name: withUnit[2] };
  const times = TIMES_THEN_NAME.exec(rest);
  if (times?.[1] !== undefined) return { qty: number, name: times[1] };
  // A bare number is a quantity only when a space separates it from a name: "7up" and "2% milk"
  // are names, and "42" alone has no name to count.
  if (rest.length > 1 && rest.startsWith(' ') && !NUMBER_GOES_ON.test(rest)) return { qty: number, name: rest.slice(1) };
  return undefined;
}

/**
 * The name a text wholly in quotes stands for: what they hold, or the text with its quotes when
 * what they hold would read otherwise alone ('"7 Up"': 7 of "Up"). Undefined: not in quotes.
 */
function quotedName(text: string): string | undefined {
  const inner = WRAPPED.exec(text)?.[1];
  if (inner === undefined) return undefined;
  return quantityAndName(inner) ? text : inner;
}

/** Parses one piece (no splitting) into content and qty; a blank piece gives content "". */
export function parseItem(piece: string): ParsedItem {
  const text = normalise(piece);
  const literal = quotedName(text);
  if (literal !== undefined) return { content: literal, properties: {} };
  const read = quantityAndName(text);
  if (!read) return { content: text, properties: {} };
  return { content: quotedName(read.name) ?? read.name, properties: { qty: read.qty } };
}

/**
 * The text an item's name is edited from: its quantity and name as they would be typed ("2 bottles
 * milk"), so that a rename keeps the quantity unless the user changes it (a rename reads the text
 * again, and `{content, properties: {}}` starts the properties afresh). The name alone when the
 * quantity would not read back the same (an AI's "a handful").
 */
export function editableName(item: { content: string; properties: Record<string, unknown> }): string {
  const qty = quantityOf(item.properties);
  if (qty === undefined) return item.content;
  const typed = `${qty} ${item.content}`;
  const back = parseItem(typed);
  return back.content === item.content && back.properties.qty === qty ? typed : item.content;
}

/** An item's quantity (`qty` or `quantity`), as text. */
export function quantityOf(properties: Record<string, unknown>): string | undefined {
  const value = properties.qty ?? properties.quantity;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

const UNICODE_FRACTION = new RegExp(`[${UNICODE_FRACTIONS}]`, 'g');

/** The value of a number LEADING_NUMBER matched: "2", "1,5", "1/2", "1 1/2", "1½", "½". */
function valueOf(number: string): number {
  // NFKC spells "½" as "1⁄2" (with U+2044, the fraction slash); a space keeps "1½" a mixed number.
  const plain = number.replace(UNICODE_FRACTION, (fraction) => ` ${fraction.normalize('NFKC').replace('\u2044', '/')}`);
  return plain
    .replace(',', '.')
    .trim()
    .split(/ +/)
    .reduce((sum, part) => {
      const [numerator, denominator] = part.split('/');
      return sum + (denominator === undefined ? Number(numerator) : Number(numerator) / Number(denominator));
    }, 0);
}

/**
 * The number a text starts with, read as the parser reads a quantity ("1,5 l" is 1.5, "1 1/2 cups"
 * and "1½ cups" are 1.5), and the text after it ("l", "cups"); undefined when it starts with no
 * number (or with "1/0"). Sorting by a property uses it to order "1/2 cup" before "1 gallon".
 */
export function readAmount(text: string): { amount: number; rest: string } | undefined {
  const normalised = normalise(text);
  const number = LEADING_NUMBER.exec(normalised)?.[0];
  if (number === undefined) return undefined;
  const amount = valueOf(number);
  return Number.isFinite(amount) ? { amount, rest: normalised.slice(number.length).trim() } : undefined;
}

/**
 * What a quantity measures and how much, in the base unit of that measure (common/units.ts):
 * "1,5 kg" is 1500 (grams) of mass, "6 x 1,5 l" 9000 (ml) of volume, "2 dozen" and "24" are 24
 * counted, "2 bottles" 2 bottles. Undefined when it starts with no number or its unit is not one
 * Listo knows ("2 handfuls"). A sort by quantity uses it to put 500 g before 1 kg.
 */
export function measureOf(quantity: string): { measure: Measure; amount: number } | undefined {
  const read = readAmount(quantity);
  if (!read) return undefined;
  const pack = PACK_SIZE.exec(read.rest);
  const times = pack?.[1] === undefined ? 1 : valueOf(pack[1]);
  const unit = read.rest.slice(pack?.[0].length ?? 0).trim().replace(/\.$/, '').toLowerCase();
  const known = unit === '' ? { measure: 'count' as const, per: 1 } : UNITS.get(unit);
  return known && Number.isFinite(times) ? { measure: known.measure, amount: read.amount * times * known.per } : undefined;
}

/**
 * The name under which a user's item properties are remembered (property memory), so
 * "2 bottles Milk" and "milk" share one entry: qty removed, Unicode NFC, lower-case (not
 * locale-dependent, so client and server agree), whitespace collapsed.
 *
 * A trailing plural "s" of the last word is folded ("eggs" = "egg", "green beans" = "green bean").
 * That is sound because the key is only compared, never shown: a wrong fold ("glasses" ->
 * "glasse") merely misses a match, while a false merge needs two different items that differ by
 * a final "s" only. Not folded: words of three characters or fewer ("gas", "yes"), the endings
 * "ss", "us", "is" ("glass", "hummus", "asparagus", "tennis") and possessives ("Reese's").
 * "-ies"/"-es" plurals are not rewritten ("berries" stays apart from "berry"): a miss is cheap,
 * a rule zoo is not.
 */
export function itemNameKey(content: string): string {
  const words = withoutInvisibleFormatting(parseItem(content).content).normalize('NFC').toLowerCase().split(' ');
  const last = words.at(-1) ?? '';
  if (last.length > 3 && last.endsWith('s') && !/(?:ss|us|is|['’]s)$/.test(last)) {
    words[words.length - 1] = last.slice(0, -1);
  }
  return words.join(' ');
}
