import { AI_MESSAGES, AI_PHOTO_TURN_WAIT_MAX_MS, AI_PHOTOS_WAITING_MAX, languageName, translationKey } from '../../../common/ai.ts';
import type { AiProvider, PropertyValues } from '../ai-provider.ts';
import { aiErrors } from '../ai-errors.ts';
import { photoForOcr } from '../photo.ts';
import { classifyName } from './classify.ts';
import { createFairTurns, type TurnLimits } from './fair-turns.ts';
import { LEXICON_LANGUAGES } from './grocery-terms.ts';
import { createLexicon, type Lexicon, type LexiconLanguage } from './lexicon.ts';
import { createOcr, type Ocr } from './ocr.ts';
import { entriesFromLines } from './photo-lines.ts';
import { readPromptIntents } from './prompt-intents.ts';

/**
 * The built-in assistant, which needs no key and no network (docs/decisions/012): the curated
 * grocery lexicon for departments, categories, priorities and translations in seven European
 * languages, and tesseract.js for photos of printed lists. Tiers make no difference offline.
 * What it cannot do (a language it does not speak, a free-form prompt) is a 501 that says so.
 */

const isLexiconLanguage = (code: string): code is LexiconLanguage => (LEXICON_LANGUAGES as readonly string[]).includes(code);

/** The lexicon's first name for the entry in `language`, capitalised like the name it translates. */
function translateName(lexicon: Lexicon, name: string, language: LexiconLanguage): string | undefined {
  const translated = lexicon.find(name)?.names[language][0];
  if (translated === undefined) return undefined;
  return /^\p{Lu}/u.test(name.trim()) ? translated[0]!.toUpperCase() + translated.slice(1) : translated;
}

/** Whether a custom prompt asks for something the assistant can answer (prompt-intents.ts). */
function understands(prompt: string): boolean {
  const { keys, languages } = readPromptIntents(prompt);
  return keys.length > 0 || languages.length > 0;
}

export function createOfflineProvider(options: { lexicon?: Lexicon; ocr?: Ocr; photoTurns?: Partial<TurnLimits> } = {}): AiProvider {
  // Built on first use (about 0.1 s), so a server that never sorts never pays for it.
  let lexicon = options.lexicon;
  const theLexicon = () => (lexicon ??= createLexicon());
  const ocr = options.ocr ?? createOcr();
  // One photo at a time (one worker, its memory flat), in turns between users (decision 044).
  const photoTurns = createFairTurns(
    { maxWaitMs: AI_PHOTO_TURN_WAIT_MAX_MS, maxWaitingPerOwner: AI_PHOTOS_WAITING_MAX, ...options.photoTurns },
    { full: aiErrors.photosWaiting, expired: aiErrors.photoTurnExpired },
  );

  return {
    kind: 'offline',
    cacheModel: () => undefined,

    async classify(names) {
      return names.map((name) => classifyName(theLexicon(), name));
    },

    async translate(names, language) {
      if (!isLexiconLanguage(language)) throw aiErrors.notConfigured(AI_MESSAGES.offlineLanguage(languageName(language) ?? language));
      return names.map((name) => translateName(theLexicon(), name, language));
    },

    runsPrompt: understands,

    async runPrompt(prompt, names) {
      if (!understands(prompt)) throw aiErrors.notConfigured(AI_MESSAGES.offlinePrompt(prompt));
      const { keys, languages } = readPromptIntents(prompt);
      return names.map((name): PropertyValues => {
        const classification = classifyName(theLexicon(), name);
        const values: PropertyValues = Object.fromEntries(keys.map((key) => [key, classification[key]]));
        for (const language of languages) {
          const translated = translateName(theLexicon(), name, language);
          if (translated !== undefined) values[translationKey(language)] = translated;
        }
        return values;
      });
    },

    async readPhoto(photo, _tier, userId) {
      // Preparing the photo is part of its turn: one decoded photo in memory at a time.
      return photoTurns.run(userId, async () => entriesFromLines(await ocr.read(await photoForOcr(photo))));
    },

    close: () => ocr.close(),
  };
}
