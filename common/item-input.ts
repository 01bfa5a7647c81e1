/**
 * The item-input parser (product spec section 5, issue 3 "Items"), shared by the web client (for
 * optimistic items) and the server (which is the authority), so both read "2 bottles milk, eggs
 * and bread" the same way. Pure, with no dependency outside common/.
 *
 * What a line becomes:
 * - It is split into items on commas, on the word "and" (any case) and on line breaks (pasted lists).
 *   A comma between two digits is a decimal comma, not a separator ("1,5 l milk"), and
 *   "1 and 1/2" is a mixed number, not two items.
 * - The spec's rule is applied literally: "salt and pepper", "mac and cheese" and even
 *   "half and half" become two items. "and" inside a word ("sandwich", "Band-aids") and "&"
 *   ("M&Ms") never split.
 * - A leading number, with an optional unit from {@link ITEM_UNITS}, becomes `properties.qty`, but
 *   only when a name follows it: "42" stays the item "42", and "3 lbs" becomes qty "3" of "lbs",
 *   exactly like "4 cans" is qty "4" of "cans" (a unit needs a name after it to be a unit).
 * - A number glued to letters is part of the name ("7up", "2% milk", "3D glasses"); a number
 *   followed by a space is a quantity even when it is really a brand ("3 musketeers bars" gives
 *   qty "3"): the text alone cannot tell them apart.
 */

import { trimUnseen, withoutInvisibleFormatting } from './unseen-text.ts';

export interface ParsedItem {
  /** The item's name, trimmed, without the leading quantity. */
  content: string;
  /** `qty` when the input began with a number (and optional unit), e.g. "2 bottles", "1,5 l", "1 1/2 cups". */
  properties: { qty?: string };
}

/**
 * Units a quantity may carry (case-insensitive), from the spec plus the British "litre(s)".
 * "x" ("2x milk") is deliberately not a unit: it only says "times", so it is dropped and the qty
 * is the bare number.
 */
export const ITEM_UNITS: readonly string[] = [
  'bag', 'bags',
  'bottle', 'bottles',
  'pound', 'pounds',
  'lb', 'lbs',
  'gallon', 'gallons',
  'can', 'cans',
  'box', 'boxes',
  'pack', 'packs',
  'piece', 'pieces',
  'cup', 'cups',
  'ounce', 'ounces',
  'oz',
  'liter', 'liters',
  'litre', 'litres',
  'l',
];

const UNICODE_FRACTIONS = '¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞';

/**
 * Separators: a comma unless it has a digit on both sides (the decimal comma of "1,5 l"; so
 * "1,000" stays whole too, and "eggs 12,2 apples" would need a space after the comma), the word
 * "and" standing alone between spaces, commas or the ends of the line, and line breaks.
 * Every lookaround is one character wide, so this stays linear on very long input.
 */
const SEPARATOR = /(?<!\d),|,(?!\d)|(?<![^\s,])and(?![^\s,])|[\r\n]+/i;

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
 * A leading number, longest form first because the first alternative that matches wins:
 * mixed "1 1/2", "1½" or "1 ½"; fraction "1/2"; integer or decimal with "." or ","; lone "½".
 * Input reaching it has single spaces only.
 */
const LEADING_NUMBER = new RegExp(
  `^(?:\\d+ \\d+/\\d+|\\d+ ?[${UNICODE_FRACTIONS}]|\\d+/\\d+|\\d+(?:[.,]\\d+)?|[${UNICODE_FRACTIONS}])`,
);

/**
 * After the number: a unit (space before it optional: "2l", "2.5lb"), an optional "." ("12 oz."),
 * an optional "of" ("2 cans of beans"), then a space and the name. The unit must end at a space,
 * so words that merely start like a unit keep their letters ("2 lemons", "1 loaf bread",
 * "2 canned tomatoes"). The name must not be a lone "of", or "2 cans of" would give "of".
 */
const UNIT_THEN_NAME = new RegExp(
  `^ ?(${[...ITEM_UNITS].sort((a, b) => b.length - a.length).join('|')})\\.?(?: of)? (?!of$)(.+)$`,
  'i',
);

/** "2x milk", "2 x milk", "2 × milk": "x" must end at a space, so "2 x-large shirts" keeps it. */
const TIMES_THEN_NAME = /^ ?[x×] (.+)$/i;

/**
 * After a bare number, a number that carries on: digits grouped by a space ("10 000 nails") or a
 * range ("2 - 3 apples"). Taking the first part as the qty would leave "000 nails" or "- 3
 * apples" as the name, so the whole stays the name, as "2-3 apples" does.
 */
const NUMBER_GOES_ON = /^ (?:\d{3}(?: |$)|[-–—] ?\d)/;

/** Single spaces, and "1 and 1/2" read as the mixed number "1 1/2". */
function normalise(text: string): string {
  return trimUnseen(text.replace(MIXED_NUMBER_WITH_AND, '$1 ').replace(/\s+/g, ' '));
}

/** Splits one line of user input into items (see the module comment). Blank pieces are dropped. */
export function parseItemInput(input: string): ParsedItem[] {
  return itemPieces(input).map(parseItem);
}

/**
 * The text of each item in a line, as typed ("2 bottles milk"), before its quantity is read: what
 * the web client sends as one entry per item, so that the server reads each piece as it did.
 */
export function itemPieces(input: string): string[] {
  return input
    .replace(MIXED_NUMBER_WITH_AND, '$1 ')
    .split(SEPARATOR)
    .map(trimUnseen)
    .filter((piece) => parseItem(piece).content !== '');
}

/** Parses one piece (no splitting) into content and qty; a blank piece gives content "". */
export function parseItem(piece: string): ParsedItem {
  const text = normalise(piece);
  const number = LEADING_NUMBER.exec(text)?.[0];
  if (number === undefined) return { content: text, properties: {} };
  const rest = text.slice(number.length);

  const withUnit = UNIT_THEN_NAME.exec(rest);
  if (withUnit?.[1] !== undefined && withUnit[2] !== undefined) {
    return { content: withUnit[2], properties: { qty: `${number} ${withUnit[1].toLowerCase()}` } };
  }
  const times = TIMES_THEN_NAME.exec(rest);
  if (times?.[1] !== undefined) return { content: times[1], properties: { qty: number } };
  // A bare number is a quantity only when a space separates it from a name: "7up" and "2% milk"
  // are names, and "42" alone has no name to count.
  if (rest.length > 1 && rest.startsWith(' ') && !NUMBER_GOES_ON.test(rest)) return { content: rest.slice(1), properties: { qty: number } };
  return { content: text, properties: {} };
}

/**
 * The text an item's name is edited from: its quantity and name as they would be typed ("2 bottles
 * milk"), so that a rename keeps the quantity unless the user changes it (a rename reads the text
 * again, and `{content, properties: {}}` starts the properties afresh). The name alone when the
 * quantity would not read back the same (an AI's "2 kg": "kg" is no unit here).
 */
export function editableName(item: { content: string; properties: Record<string, unknown> }): string {
  const qty = quantityOf(item.properties);
  if (qty === undefined) return item.content;
  const typed = `${qty} ${item.content}`;
  const back = parseItem(typed);
  return back.content === item.content && back.properties.qty === qty ? typed : item.content;
}

/** An item's quantity (spec section 3: "qty or quantity"), as text. */
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
 * The name under which a user's item properties are remembered (the spec's propertyCache), so
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
