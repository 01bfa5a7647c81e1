import { AI_DEPARTMENTS, AI_PRIORITIES, type AiDepartment, type AiPriority } from '../../../common/ai.ts';
import { itemNameKey, parseItem } from '../../../common/item-input.ts';
import { GROCERY_TERMS, LEXICON_LANGUAGES } from './grocery-terms.ts';

/**
 * The grocery lexicon (grocery-terms.ts) as an index: any of its names, in any of its languages,
 * to its entry. Lookups forgive case, accents, plurals, one typo in a long word, words that do not
 * change what a thing is ("organic", "frais") and, for classification only, extra words around a
 * known name ("boneless chicken breast", "jus de pamplemousse", "Roggenbrötchen").
 */

export type LexiconLanguage = (typeof LEXICON_LANGUAGES)[number];

export interface LexiconEntry {
  department: AiDepartment;
  category: string;
  priority: AiPriority;
  /** Names per language; the first is the one a translation writes. */
  names: Record<LexiconLanguage, string[]>;
}

/** How a name was found: a frozen or canned marker ("frozen peas", "Dosenbohnen") moves the thing to that aisle. */
export interface LexiconMatch {
  entry: LexiconEntry | undefined;
  frozen: boolean;
  canned: boolean;
}

/** Lower case, no accents or ligatures, typographic apostrophes made plain, spaces collapsed, no quantity. */
export function normalizeName(text: string): string {
  return parseItem(text)
    .content.toLowerCase()
    .replace(/[’`´]/g, "'")
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}%' -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[-' ]+|[-' ]+$/g, '');
}

/** The name's key with a final plural "s" folded away, as property memory folds it ("apples" = "apple"). */
const folded = (name: string) => itemNameKey(name);

/** Words that describe a thing without changing what it is, in the lexicon's languages. */
const MODIFIERS = new Set(
  [
    // English
    'organic', 'fresh', 'large', 'small', 'big', 'ripe', 'whole', 'sliced', 'diced', 'chopped', 'shredded', 'grated',
    'boneless', 'skinless', 'lean', 'extra', 'low-fat', 'lowfat', 'fat-free', 'nonfat', 'non-fat', 'reduced-fat', 'light',
    'lite', 'unsalted', 'salted', 'sweetened', 'unsweetened', 'plain', 'natural', 'raw', 'baby', 'red', 'green', 'yellow',
    'white', 'mini', 'jumbo', 'seedless', 'gluten-free', 'vegan', 'free-range', 'cage-free', 'wild', 'local', 'some',
    'more', 'a', 'an', 'the', 'pack', 'bag', 'box', 'bunch', 'bottle', 'jar', 'carton', 'loaf', 'dozen', 'family', 'size',
    'brand', 'cheap', 'good', 'nice', 'new', 'spicy', 'mild', 'medium', 'sweet', 'dark', 'fine', 'thick', 'thin',
    // German
    'bio', 'frisch', 'frische', 'frischer', 'frisches', 'gross', 'grosse', 'grosser', 'klein', 'kleine', 'rot', 'rote',
    'roter', 'grun', 'grune', 'gelb', 'gelbe', 'fettarm', 'fettarme', 'packung', 'tute', 'flasche', 'glas',
    // French
    'frais', 'fraiche', 'fraiches', 'gros', 'grosses', 'petit', 'petite', 'petits', 'petites', 'rouge', 'rouges',
    'vert', 'verte', 'verts', 'vertes', 'jaune', 'jaunes', 'entier', 'entiere', 'la', 'le', 'les',
    'paquet', 'sachet', 'bouteille', 'boite',
    // Spanish, Italian, Portuguese
    'fresco', 'fresca', 'frescos', 'frescas', 'freschi', 'fresche', 'ecologico', 'biologico', 'grande', 'grandes',
    'pequeno', 'pequena', 'piccolo', 'piccola', 'rojo', 'roja', 'rojos', 'rojas', 'rosso', 'rossa', 'rossi', 'rosse',
    'vermelho', 'vermelha', 'verde', 'verdes', 'verdi', 'amarillo', 'giallo', 'gialli', 'amarelo', 'paquete', 'pacco',
    'pacote', 'botella', 'bottiglia', 'garrafa',
    // Dutch
    'verse', 'vers', 'biologisch', 'biologische', 'groot', 'grote', 'kleine', 'rode', 'groene', 'gele', 'zak', 'pak',
    'fles',
  ].map(normalizeName),
);

/** Words that put a thing in the freezer or in a can, whole words or (German, Dutch) the front of a compound. */
const FROZEN_WORDS = new Set(['frozen', 'tiefgekuhlt', 'tiefgekuhlte', 'tk', 'surgele', 'surgelee', 'surgeles', 'surgelees', 'congelado', 'congelada', 'congelados', 'congeladas', 'surgelato', 'surgelata', 'surgelati', 'surgelate', 'diepvries']);
const FROZEN_PREFIXES = ['tiefkuhl', 'tk-', 'diepvries'];
const CANNED_WORDS = new Set(['canned', 'tinned', 'dosen', 'enlatado', 'enlatados', 'enlatada', 'enlatadas', 'blik']);
const CANNED_PHRASES = /\b(?:en conserve|en boite|en lata|en conserva|in scatola|in blik|em lata|em conserva)\b/;
const CANNED_PREFIXES = ['dosen'];
/** Words after which a Romance-language name qualifies its head: "jus de pamplemousse" is juice. */
const CONNECTORS = new Set(['de', 'di', 'du', 'des', 'del', 'della', 'dei', 'da', 'do', 'dos', 'das', 'au', 'aux', 'al', 'alla', 'con', 'com']);
/** Compound heads shorter than this are not split off a German or Dutch word (too many false hits). */
const COMPOUND_HEAD_MIN = 4;
/** Typos are forgiven only in names at least this long: "rice" must not become "ice". */
const FUZZY_MIN_LENGTH = 5;
/**
 * A typo in the last word of a longer name needs a longer word: "hoisin sauce" must not be taken
 * for sage ("sauge" in French).
 */
const FUZZY_PART_MIN_LENGTH = 7;

/** Damerau-Levenshtein distance, capped: answers max + 1 as soon as it is exceeded. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

function deletions(word: string): string[] {
  return Array.from({ length: word.length }, (_, index) => word.slice(0, index) + word.slice(index + 1));
}

interface Indexed {
  entry: LexiconEntry;
  language: LexiconLanguage;
}

function parsePriority(text: string): { name: string; priority: AiPriority | undefined } {
  const match = /^(.*?)\s*!(\w+)\s*$/.exec(text);
  if (!match) return { name: text.trim(), priority: undefined };
  const priority = match[2] as AiPriority;
  if (!AI_PRIORITIES.includes(priority)) throw new Error(`unknown priority in the grocery terms: ${text}`);
  return { name: match[1]!.trim(), priority };
}

/** Parses the grocery terms; throws on a malformed line, so a bad edit fails every test at once. */
export function parseGroceryTerms(source: string): LexiconEntry[] {
  const entries: LexiconEntry[] = [];
  let department: AiDepartment | undefined;
  let category: { name: string; priority: AiPriority } | undefined;
  for (const line of source.split('\n').map((text) => text.trim())) {
    if (line === '') continue;
    if (line.startsWith('## ')) {
      const { name, priority } = parsePriority(line.slice(3));
      category = { name, priority: priority ?? 'medium' };
    } else if (line.startsWith('# ')) {
      const name = line.slice(2).trim();
      if (!(AI_DEPARTMENTS as readonly string[]).includes(name)) throw new Error(`unknown department in the grocery terms: ${name}`);
      department = name as AiDepartment;
      category = undefined;
    } else {
      const cells = line.split('|').map((cell) => cell.trim());
      if (!department || !category || cells.length !== LEXICON_LANGUAGES.length || cells.some((cell) => cell === '')) {
        throw new Error(`malformed line in the grocery terms: ${line}`);
      }
      const { name: english, priority } = parsePriority(cells[0]!);
      cells[0] = english;
      const names = Object.fromEntries(
        LEXICON_LANGUAGES.map((language, index) => [language, cells[index]!.split('/').map((name) => name.trim())]),
      ) as Record<LexiconLanguage, string[]>;
      entries.push({ department, category: category.name, priority: priority ?? category.priority, names });
    }
  }
  return entries;
}

export interface Lexicon {
  entries: readonly LexiconEntry[];
  /** The entry a whole name stands for (exact, plural-folded, or with one typo), for translation. */
  find(name: string): LexiconEntry | undefined;
  /** The entry a name is about, also looking past extra words; with the frozen and canned markers. */
  match(name: string): LexiconMatch;
}

export function createLexicon(entries: readonly LexiconEntry[] = parseGroceryTerms(GROCERY_TERMS)): Lexicon {
  // Forms as written (normalised), then plural-folded: "pepper" (the spice) and "peppers" (the
  // vegetable) are different entries as written, and fold to the same key.
  const exact = new Map<string, Indexed[]>();
  const plural = new Map<string, Indexed[]>();
  const typos = new Map<string, Set<string>>();
  const add = (index: Map<string, Indexed[]>, key: string, value: Indexed) => {
    const list = index.get(key) ?? [];
    if (!list.some((known) => known.entry === value.entry)) list.push(value);
    index.set(key, list);
  };
  // English first: where two languages spell a name alike, the English meaning wins.
  for (const language of LEXICON_LANGUAGES) {
    for (const entry of entries) {
      for (const name of entry.names[language]) {
        const form = normalizeName(name);
        add(exact, form, { entry, language });
        add(plural, folded(form), { entry, language });
        if (form.length < FUZZY_MIN_LENGTH) continue;
        for (const key of [form, ...deletions(form)]) typos.set(key, (typos.get(key) ?? new Set()).add(form));
      }
    }
  }

  const direct = (form: string): Indexed | undefined => exact.get(form)?.[0] ?? plural.get(folded(form))?.[0];

  /** One typo (a letter missing, extra, wrong or two swapped) in a name of at least five letters. */
  function nearest(form: string): Indexed | undefined {
    if (form.length < FUZZY_MIN_LENGTH) return undefined;
    const candidates = new Set<string>();
    for (const key of [form, ...deletions(form)]) for (const known of typos.get(key) ?? []) candidates.add(known);
    const close = [...candidates].filter((known) => editDistance(form, known, 1) <= 1);
    return close.length > 0 ? exact.get(close[0]!)![0] : undefined;
  }

  const whole = (form: string) => direct(form) ?? nearest(form);

  /** The front of a German or Dutch compound cut off at a known head: "roggenbrotchen" -> "brotchen". */
  function compoundHead(word: string): Indexed | undefined {
    for (let start = 3; word.length - start >= COMPOUND_HEAD_MIN; start++) {
      const found = exact.get(word.slice(start)) ?? plural.get(folded(word.slice(start)));
      const head = found?.find((indexed) => indexed.language === 'de' || indexed.language === 'nl');
      if (head) return head;
    }
    return undefined;
  }

  /** A name with extra words: before a Romance connector, then the longest known tail, then the longest known front. */
  function partOf(words: string[]): Indexed | undefined {
    const connector = words.findIndex((word, index) => index > 0 && (CONNECTORS.has(word) || /^[dl]'/.test(word)));
    if (connector > 0) {
      const head = whole(words.slice(0, connector).join(' '));
      if (head) return head;
    }
    for (let start = 1; start < words.length; start++) {
      const tail = direct(words.slice(start).join(' '));
      if (tail) return tail;
    }
    for (let end = words.length - 1; end > 0; end--) {
      const front = direct(words.slice(0, end).join(' '));
      if (front) return front;
    }
    const last = words.at(-1)!;
    return compoundHead(last) ?? (words.length > 1 && last.length >= FUZZY_PART_MIN_LENGTH ? nearest(last) : undefined);
  }

  /** Takes the frozen and canned markers off a name: words, phrases, and compound fronts. */
  function markers(form: string): { rest: string; frozen: boolean; canned: boolean } {
    let frozen = false;
    let canned = CANNED_PHRASES.test(form);
    const words = form.replace(CANNED_PHRASES, ' ').split(' ').filter(Boolean).flatMap((word) => {
      if (FROZEN_WORDS.has(word)) return (frozen = true), [];
      if (CANNED_WORDS.has(word)) return (canned = true), [];
      const frozenPrefix = FROZEN_PREFIXES.find((prefix) => word.startsWith(prefix) && word.length > prefix.length + 2);
      if (frozenPrefix) return (frozen = true), [word.slice(frozenPrefix.length)];
      const cannedPrefix = CANNED_PREFIXES.find((prefix) => word.startsWith(prefix) && word.length > prefix.length + 2);
      if (cannedPrefix) return (canned = true), [word.slice(cannedPrefix.length)];
      return [word];
    });
    return { rest: words.join(' '), frozen, canned };
  }

  return {
    entries,

    find(name) {
      const form = normalizeName(name);
      return form === '' ? undefined : whole(form)?.entry;
    },

    match(name) {
      const form = normalizeName(name);
      const none = { entry: undefined, frozen: false, canned: false };
      if (form === '') return none;
      const known = whole(form);
      if (known) return { ...none, entry: known.entry };
      const { rest, frozen, canned } = markers(form);
      const plain = rest.split(' ').filter((word) => word !== '' && !MODIFIERS.has(word));
      const words = plain.length > 0 ? plain : rest.split(' ').filter(Boolean);
      if (words.length === 0) return { entry: undefined, frozen, canned };
      const entry = whole(words.join(' ')) ?? partOf(words);
      return { entry: entry?.entry, frozen, canned };
    },
  };
}
