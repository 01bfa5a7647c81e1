/**
 * A recipe's ingredients, as pasted from a recipe page, made into shopping items: each ingredient
 * line becomes one line the item parser reads ("2 onions", "1 cup flour"), without how the recipe
 * prepares it ("finely chopped", "sifted", "to taste", "(optional)"); "salt and pepper to taste" is
 * two items. The built-in assistant for recipes: pure and deterministic, so it needs no AI model.
 */

/** A bullet, a box or a step number before the ingredient. */
const LEAD = /^(?:[-*+•◦▪·]|\d{1,2}[.)](?=\s)|\[[ xX]?\])\s*/;
/** A heading of the ingredients ("Ingredients:", "For the sauce:"). */
const HEADING = /:\s*$/;
/** Fractions as one character, and what they read as. */
const FRACTIONS: Record<string, string> = { '¼': '1/4', '½': '1/2', '¾': '3/4', '⅓': '1/3', '⅔': '2/3', '⅛': '1/8' };
/** Spelled-out kitchen units, as the item parser knows them. */
const UNIT_SPELLINGS: [RegExp, string][] = [
  [/\b(?:tablespoons?|tbsps?|tbs)\b\.?/i, 'tbsp'],
  [/\b(?:teaspoons?|tsps?)\b\.?/i, 'tsp'],
];
/** What a recipe says about using the ingredient, not buying it: from there to the line's end. */
const USE = /\b(?:to taste|as needed|if needed|for (?:serving|garnish|garnishing|frying|greasing|dusting|the [a-z]+)|or more|or to taste|plus more\b.*|divided|optional)\b.*$/i;
/** How it is prepared or how big it is: words dropped wherever they stand. */
const PREPARATION =
  /\b(?:finely|roughly|coarsely|thinly|freshly|lightly|very|chopped|diced|minced|sliced|grated|shredded|crushed|peeled|cubed|halved|quartered|trimmed|rinsed|drained|softened|melted|sifted|beaten|whisked|packed|heaping|level|large|medium|small|fresh|room[- ]temperature|cold|warm)\b/gi;
/**
 * A part of what is bought, not an amount to buy ("3 cloves garlic", "a pinch of salt", "2 sprigs
 * thyme"): the shop sells the whole, so the line keeps only the name ("garlic").
 */
const PORTION = /^(?:[\d./\s-]+|an?\s+)(?:cloves?|sprigs?|pinch(?:es)?|dash(?:es)?|leaf|leaves|slices?|stalks?|knobs?|splash(?:es)?|drops?)\s+(?:of\s+)?/i;
/** A whole counted by another word ("2 heads of lettuce"): the count stays, the word goes ("2 lettuce"). */
const WHOLE = /^([\d./\s-]+)(?:heads?|bulbs?|loaf|loaves)\s+(?:of\s+)?/i;
/** Between the amount and the name: "of" ("2 cups of flour"). */
const OF = /^((?:[\d./\s-]+)(?:[a-z]+\s+)?)of\s+/i;

/** One pasted line's ingredients (none for a heading or a blank line). */
function ingredientsOf(raw: string): string[] {
  let line = raw.trim().replace(LEAD, '');
  if (line === '' || HEADING.test(line) || !/\p{L}/u.test(line)) return [];
  line = line.replace(/(\d)?([¼½¾⅓⅔⅛])/g, (_, whole: string | undefined, fraction: string) => `${whole ? `${whole} ` : ''}${FRACTIONS[fraction]}`);
  // What follows a comma, and asides in brackets, say how to prepare it ("2 onions, finely chopped").
  line = line.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ').split(/[,;]/)[0]!;
  const seasoning = USE.test(line);
  line = line.replace(USE, '');
  for (const [spelled, unit] of UNIT_SPELLINGS) line = line.replace(spelled, unit);
  line = line.replace(PREPARATION, ' ').replace(/\s+/g, ' ').trim().replace(PORTION, '').replace(WHOLE, '$1').replace(OF, '$1');
  if (!/\p{L}/u.test(line)) return [];
  // "salt and pepper to taste": two things to buy. Elsewhere "and" is the item parser's (a name that holds it stays whole).
  return seasoning ? line.split(/\s+(?:and|&)\s+/i).map((part) => part.trim()).filter(Boolean) : [line];
}

/** Each ingredient of the pasted text as a line of a list, in the recipe's order. */
export function recipeIngredientLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/).flatMap(ingredientsOf);
}
