/**
 * Names that hold the word "and" and are one thing: "mac and cheese" is a dish, "half and half" a
 * cream, "Tom and Jerry" a cartoon. The item-input parser (common/item-input.ts) splits a line on
 * "and", except inside one of these, or inside a name the user kept whole before (their history,
 * the items on the list: docs/decisions/041-names-kept-whole.md). "milk and eggs" is not here, so
 * it still splits; nor are pairs that are mostly bought as two things ("salt and pepper", "bread
 * and butter"): only the product that carries their name ("bread and butter pickles").
 *
 * Only the English "and" splits a line, so this holds the names written with it: dishes, flavours,
 * products, brands and titles, as shops in the assistant's countries sell them too ("Fish and
 * Chips", "Ben and Jerry's"). A name matches anywhere in an item ("2 boxes mac and cheese",
 * "Tom and Jerry DVD"), in any case, with or without a final plural "s" or possessive "'s" of a word.
 * One name a line; blank lines and `#` headings are for the reader.
 */
const COMPOUND_NAMES = `
# Dishes
mac and cheese
macaroni and cheese
fish and chips
bangers and mash
pie and mash
surf and turf
bubble and squeak
steak and kidney pie
steak and ale pie
chicken and mushroom pie
chicken and leek pie
chicken and dumplings
chicken and waffles
biscuits and gravy
shrimp and grits
spaghetti and meatballs
liver and onions
corned beef and cabbage
pork and beans
franks and beans
ham and cheese sandwich
ham and cheese croissant
egg and cress sandwich
cheese and pickle sandwich
cheese and onion pasty
peanut butter and jelly
pb and j
bread and butter pudding
sweet and sour sauce
sweet and sour chicken
sweet and sour pork
hot and sour soup
salt and pepper squid

# Products and flavours
half and half
bread and butter pickles
salt and vinegar chips
salt and vinegar crisps
salt and pepper chips
salt and pepper crisps
salt and pepper shakers
salt and pepper grinder
salt and pepper mill
sour cream and onion chips
sour cream and onion crisps
cheese and onion chips
cheese and onion crisps
cookies and cream
strawberries and cream
peaches and cream
rum and raisin
fruit and nut
black and white cookies
dustpan and brush
dust pan and brush
mop and bucket
bucket and spade
cup and saucer
arts and crafts
odds and ends
bits and pieces

# Brands
ben and jerry's
head and shoulders
arm and hammer
black and decker
marks and spencer
fortnum and mason
procter and gamble
johnson and johnson
lea and perrins
tate and lyle
green and black's
huntley and palmers
crabtree and evelyn
dolce and gabbana
bath and body works
barnes and noble
bausch and lomb

# Films, books, music, games and toys
tom and jerry
beauty and the beast
pride and prejudice
romeo and juliet
war and peace
crime and punishment
sense and sensibility
hansel and gretel
jack and the beanstalk
harry potter and the
wallace and gromit
lilo and stitch
rick and morty
law and order
frog and toad
bert and ernie
ben and holly
thomas and friends
simon and garfunkel
mumford and sons
snakes and ladders
chutes and ladders
dungeons and dragons
`;

/** The separator word these names hold. */
const AND = 'and';

/**
 * A word as names compare: lower case, without accents, typographic apostrophes made plain,
 * without punctuation at its ends, a possessive "'s" and a final plural "s" folded away as
 * `itemNameKey` folds the last word of a name ("pickles" = "pickle", "Jerry's" = "jerry").
 */
export function wordKey(word: string): string {
  const plain = word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .replace(/'s$/, '');
  return plain.length > 3 && plain.endsWith('s') && !/(?:ss|us|is)$/.test(plain) ? plain.slice(0, -1) : plain;
}

/** A name's words (keys), and where in it one of its "and"s stands. */
interface Placed {
  words: readonly string[];
  at: number;
}

/** Names by the words on either side of one of their "and"s: "mac|cheese" to "mac and cheese". */
export type NameIndex = ReadonlyMap<string, readonly Placed[]>;

const aroundKey = (before: string, after: string) => `${before}|${after}`;

/** Whether a text holds the word "and" (so may be a name kept whole). */
export const holdsAnd = (text: string): boolean => /(?:^|[\s,])and(?:$|[\s,])/i.test(text);

/** The index of the names that hold an "and" between two words; others are left out. */
export function nameIndex(names: Iterable<string>): NameIndex {
  const index = new Map<string, Placed[]>();
  for (const name of names) {
    if (!holdsAnd(name)) continue;
    const words = name.split(/[\s,]+/).map(wordKey).filter(Boolean);
    words.forEach((word, at) => {
      if (word !== AND || at === 0 || at === words.length - 1) return;
      const key = aroundKey(words[at - 1]!, words[at + 1]!);
      index.set(key, [...(index.get(key) ?? []), { words, at }]);
    });
  }
  return index;
}

/** The built-in names, one a line. */
export const BUILT_IN_NAME_LIST: readonly string[] = COMPOUND_NAMES.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));

let builtIn: NameIndex | undefined;

/** The built-in names, indexed on first use. */
export function builtInNames(): NameIndex {
  return (builtIn ??= nameIndex(BUILT_IN_NAME_LIST));
}

/**
 * The span (first and last word, inclusive) of a name of `index` that the "and" at `words[at]`
 * belongs to, or undefined. `words` are keys (`wordKey`) of the words of one stretch of text with
 * no other separator than "and" inside, so a name never reaches across a comma.
 */
export function nameAround(words: readonly string[], at: number, index: NameIndex): [number, number] | undefined {
  for (const name of index.get(aroundKey(words[at - 1] ?? '', words[at + 1] ?? '')) ?? []) {
    const start = at - name.at;
    if (start >= 0 && name.words.every((word, offset) => words[start + offset] === word)) return [start, start + name.words.length - 1];
  }
  return undefined;
}
