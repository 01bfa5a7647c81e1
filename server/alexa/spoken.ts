import { ALEXA_SPEECH, ALEXA_SPEECH_MAX_CHARS, SPOKEN_ECHO_MAX_CHARS } from '../../common/alexa.ts';

/**
 * Names as Alexa hears them against names as they were typed: "my grocery list", "the Groceries"
 * and "groceries" are one list, "eggs" and "Egg" one item; and how much of them fits in an answer.
 * Pure.
 */

/** Words that say nothing about which list or item is meant. */
const FILLER_WORDS = new Set(['the', 'a', 'an', 'my', 'our', 'some']);

/** The singular of an English plural, roughly: "groceries" -> "grocery", "boxes" -> "box", "eggs" -> "egg". */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * The key two names match by: case, punctuation, filler words, a trailing "list" ("shopping
 * list" is the list "Shopping") and plurals do not count.
 */
export function spokenKey(name: string): string {
  const words = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !FILLER_WORDS.has(word));
  if (words.length > 1 && words.at(-1) === 'list') words.pop();
  return words.map(singular).join(' ');
}

/**
 * The first candidate whose name matches `spoken`: the same key, or else one key holding the
 * other as whole words ("grocery" finds "Weekly groceries"). Candidates come in order of preference.
 */
export function findByName<T>(candidates: readonly T[], spoken: string, nameOf: (candidate: T) => string): T | undefined {
  const wanted = spokenKey(spoken);
  if (!wanted) return undefined;
  const keyed = candidates.map((candidate) => ({ candidate, key: spokenKey(nameOf(candidate)) }));
  const holds = (outer: string, inner: string) => ` ${outer} `.includes(` ${inner} `);
  return (
    keyed.find(({ key }) => key === wanted)?.candidate ??
    keyed.find(({ key }) => key && (holds(key, wanted) || holds(wanted, key)))?.candidate
  );
}

/** "milk", "milk and eggs", "milk, eggs and bread"; with `more` left unsaid, "milk, eggs, and 3 more". */
export function joinSpoken(words: readonly string[], more = 0): string {
  if (more > 0) return `${words.join(', ')}, ${ALEXA_SPEECH.andMore(more)}`;
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * What the user said, as the skill says it back: cut to SPOKEN_ECHO_MAX_CHARS, never inside a
 * character written as two UTF-16 units (an emoji), whose half would be no text at all.
 */
export function echoed(spoken: string): string {
  const trimmed = spoken.trim();
  if (trimmed.length <= SPOKEN_ECHO_MAX_CHARS) return trimmed;
  const cut = trimmed.slice(0, SPOKEN_ECHO_MAX_CHARS);
  return (cut.isWellFormed() ? cut : cut.slice(0, -1)).trimEnd();
}

/** What XML 1.0 forbids in text (control characters, U+FFFE, U+FFFF, a lone surrogate): Alexa refuses such SSML. */
const NOT_XML_TEXT = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text as SSML says it: a space for each character XML cannot hold, then escaped once, so that a
 * name typed "AT&amp;T" is said as typed. (ask-sdk's `escapeXmlCharacters` first unescapes what
 * looks escaped, and keeps what XML forbids.)
 */
export function ssmlText(text: string): string {
  return text.replace(NOT_XML_TEXT, ' ').replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);
}

/**
 * The answer `speech` makes of the first of `names` said one after another, as many as fit in
 * ALEXA_SPEECH_MAX_CHARS once escaped for SSML, the rest of `total` counted ("and 3 more"). The
 * first is always said: names and echoes are short enough that one always fits.
 */
export function speechWithin(names: readonly string[], total: number, speech: (series: string) => string): string {
  const saying = (count: number) => speech(joinSpoken(names.slice(0, count), total - count));
  let count = Math.min(1, names.length);
  while (count < names.length && ssmlText(saying(count + 1)).length <= ALEXA_SPEECH_MAX_CHARS) count++;
  return saying(count);
}
