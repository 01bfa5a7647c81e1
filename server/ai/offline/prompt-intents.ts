import { AI_ENRICHMENT_KEYS, type AiEnrichmentKey } from '../../../common/ai.ts';
import { LEXICON_LANGUAGES } from './grocery-terms.ts';
import type { LexiconLanguage } from './lexicon.ts';

/**
 * What the offline assistant can make of a custom prompt without a model: the properties it asks
 * for (department, category, priority) and the languages it asks to translate into, read from
 * keywords in the lexicon's languages. A prompt with none of them is beyond it (501).
 */

export interface PromptIntents {
  keys: AiEnrichmentKey[];
  languages: LexiconLanguage[];
}

// Matched on folded text (lower case, no accents), singular and plural: "Add departments" is the
// first prompt many users write. No bare German "Art" (kind): "Mark art supplies" is no category request.
const KEYWORDS: Record<AiEnrichmentKey, RegExp> = {
  department:
    /\b(departments?|aisles?|sections?|store layout|walking order|where .*(?:store|shop|supermarket)|abteilung(?:en)?|gang|gange|rayons?|pasillos?|seccion(?:es)?|repart[oi]|corsi[ae]|afdelingen?|gangpad(?:en)?|corredor(?:es)?|secc?(?:ao|oes))\b/iu,
  category: /\b(categor\w*|kategorie\w*|categorie\w*|food groups?|types? of (?:food|items?)|kinds? of (?:food|items?)|tipos?|soort(?:en)?)\b/iu,
  priority: /\b(priorit\w*|urgen\w*|important\w*|essential\w*|must.?have|wichtig\w*|dringend\w*|importan\w*|belangrijk\w*)\b/iu,
};

const TRANSLATE = /\b(translat\w*|[uü]bersetz\w*|tradu\w*|vertaal\w*|in (?:english|german|french|spanish|italian|dutch|portuguese))\b/iu;

/** Each language's names in every lexicon language ("German", "Deutsch", "allemand", "tedesco"...), folded for matching. */
const LANGUAGE_NAMES: [LexiconLanguage, string[]][] = LEXICON_LANGUAGES.map((code) => [
  code,
  LEXICON_LANGUAGES.map((language) => fold(new Intl.DisplayNames([language], { type: 'language' }).of(code)!)),
]);

function fold(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

export function readPromptIntents(prompt: string): PromptIntents {
  const text = fold(prompt);
  const keys = AI_ENRICHMENT_KEYS.filter((key) => KEYWORDS[key].test(text));
  const mentioned = LANGUAGE_NAMES.filter(([, names]) => names.some((name) => new RegExp(`\\b${name}\\b`, 'u').test(text)));
  const languages = TRANSLATE.test(text) || keys.length === 0 ? mentioned.map(([code]) => code) : [];
  return { keys, languages };
}
