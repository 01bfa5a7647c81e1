/**
 * What a reader cannot see at the ends of a name: white space, control characters, and the format
 * characters that take no space (soft hyphen, zero-width space and joiners, direction marks,
 * embeddings and isolates, word joiner, byte order mark). Not the emoji tag characters, which end
 * a flag such as Scotland's. A name made only of these would show as a blank card or row.
 */
const UNSEEN = '[\\s\\p{Cc}\\u00AD\\u061C\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF]';
const UNSEEN_AT_ENDS = new RegExp(`^${UNSEEN}+|${UNSEEN}+$`, 'gu');

/**
 * A character that shows: not white space, a mark (an accent or a variation selector alone), a
 * control or format character (the tags of a flag alone), nor one of the letters and symbols
 * drawn blank (the Hangul fillers, the blank braille pattern).
 */
const SEEN = /[^\s\p{M}\p{C}\u115F\u1160\u3164\uFFA0\u2800]/u;

/**
 * The format characters that change nothing a reader sees inside a word: soft hyphen, zero-width
 * space, direction marks, embeddings and isolates, word joiner, byte order mark. Not the joiners
 * (U+200C, U+200D), which change how Persian and Indic words are drawn and build emoji sequences.
 */
const INVISIBLE_FORMATTING = /[\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/gu;

/** The text without its invisible formatting: "mi\u00ADlk" (a soft hyphen pasted) reads "milk". */
export function withoutInvisibleFormatting(text: string): string {
  return text.replace(INVISIBLE_FORMATTING, '');
}

/**
 * Control characters inside a name (a BEL, an ESC, a line break in a one-line name) draw nothing or
 * break the line: a space stands for each.
 */
const CONTROLS = /\p{Cc}/gu;
/**
 * The direction embeddings and overrides (U+202A to U+202E) are dropped: an override makes
 * "\u202Egpj.exe" show as "exe.jpg", and no name needs one. The isolates and marks stay: right-to-left
 * writing uses them.
 */
const OVERRIDES = /[\u202A-\u202E]/gu;

/**
 * A name as people type it, without what cannot be seen at its ends, controls and direction
 * overrides: empty when nothing can be seen.
 */
export function trimUnseen(text: string): string {
  const trimmed = text.replace(OVERRIDES, '').replace(CONTROLS, ' ').replace(UNSEEN_AT_ENDS, '');
  return SEEN.test(trimmed) ? trimmed : '';
}
