import { AI_PROVIDERS, ITEM_BATCH_MAX } from './constants.ts';
import { IMAGE_BODY_LIMIT_BYTES, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from './images.ts';
import { quotedNames, shortName } from './short-name.ts';

/**
 * Constants and messages of the AI features (docs/api.md, "AI"):
 * sorting, translation, properties, custom prompts and photo-to-items. Shared by the server and the
 * web app, so both name the same sort kinds, departments and errors.
 */

/** AI sort kinds; `smart` is the default. The sort call's `prompt` names one. */
export const AI_SORT_KINDS = ['smart', 'department', 'category', 'priority'] as const;
export type AiSortKind = (typeof AI_SORT_KINDS)[number];
export const DEFAULT_AI_SORT_KIND: AiSortKind = 'smart';

/** The value a client sends as `provider`, and the model tier it picks on the server. */
export type AiProviderValue = (typeof AI_PROVIDERS)[number]['value'];
export type AiTier = 'standard' | 'expensive';
export const AI_TIER_OF: Record<AiProviderValue, AiTier> = {
  'gemini-1.5-flash': 'standard',
  'gemini-2.5-flash': 'expensive',
};
export const DEFAULT_AI_PROVIDER: AiProviderValue = AI_PROVIDERS[0].value;

/**
 * Departments in the order a shopper walks a typical store: fresh food at the entrance, then the
 * aisles of dry goods, non-food, and the cold cases last so that chilled and frozen food spends
 * the least time in the cart. Every provider answers one of these (the cloud models are given the
 * list as an enum), so one order serves them all; `Other` is last.
 */
export const AI_DEPARTMENTS = [
  'Produce',
  'Bakery',
  'Deli',
  'Meat & Seafood',
  'Canned & Jarred',
  'Pasta, Rice & Grains',
  'Baking & Spices',
  'Condiments & Sauces',
  'Breakfast & Cereal',
  'Snacks & Sweets',
  'Beverages',
  'Household',
  'Personal Care',
  'Baby',
  'Pet',
  'Dairy & Eggs',
  'Frozen',
  'Other',
] as const;
export type AiDepartment = (typeof AI_DEPARTMENTS)[number];
export const OTHER_DEPARTMENT: AiDepartment = 'Other';

/** Priorities, most urgent first (the `priority` property). */
export const AI_PRIORITIES = ['high', 'medium', 'low'] as const;
export type AiPriority = (typeof AI_PRIORITIES)[number];

/** The item properties an AI sort fills (and `add_properties` fills by default). */
export const AI_ENRICHMENT_KEYS = ['department', 'category', 'priority'] as const;
export type AiEnrichmentKey = (typeof AI_ENRICHMENT_KEYS)[number];

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** "French" for "fr"; undefined for a code that names no language. */
export function languageName(code: string): string | undefined {
  try {
    return languageNames.of(code);
  } catch {
    // DisplayNames throws on what is not even shaped like a language tag ("", "x!"): no language either.
    return undefined;
  }
}

/** A translation is stored as the property `name_{language}`. */
export const translationKey = (language: string) => `name_${language}`;

/**
 * A photo's decoded bytes and pixels: the bounds of an image attached to an item, so a
 * photo that one call takes, the other takes too.
 */
export const AI_PHOTO_MAX_BYTES = IMAGE_MAX_BYTES;
export const AI_PHOTO_MAX_PIXELS = IMAGE_MAX_PIXELS;
/** The photo call's own body limit, an image upload's; every other call keeps the app's 1 MiB. */
export const AI_PHOTO_BODY_LIMIT_BYTES = IMAGE_BODY_LIMIT_BYTES;
/**
 * The most a model's answer may hold on the wire. The largest that Listo asks for, properties for
 * 100 items of up to ITEM_PROPERTIES_MAX_BYTES each, is about 1 MB, escaped twice in JSON.
 */
export const AI_ANSWER_MAX_BYTES = 8 * 1024 * 1024;
/** The Retry-After of `ai_busy`: its message asks to try again in a minute. */
export const AI_BUSY_RETRY_AFTER_S = 60;
/**
 * The built-in assistant reads one photo at a time (one OCR worker per process), in turns between
 * users, so that one user's burst delays another's photo by one photo at most (decision 044). A
 * photo waits this long for its turn at most: then it is refused (503), not read minutes later.
 */
export const AI_PHOTO_TURN_WAIT_MAX_MS = 60_000;
/** Photos of one user waiting for the built-in assistant, the one being read not counted; one more is refused (429). */
export const AI_PHOTOS_WAITING_MAX = 5;
/** Items read from one photo: what one batch call can add. */
export const AI_PHOTO_ITEMS_MAX = ITEM_BATCH_MAX;

/** Properties asked for by name in `add_properties`: a handful, with names that are property keys. */
export const AI_PROPERTY_NAMES_MAX = 10;
export const AI_PROPERTY_NAME_PATTERN = /^[a-z][a-z0-9_]{0,49}$/;

const MB = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** What the offline assistant can do with a custom prompt (server/ai/offline/prompt-intents.ts). */
export const OFFLINE_PROMPT_SKILLS = 'understands prompts about departments, aisles, categories, priorities and translations';

/** Every message of the AI calls, defined once. */
export const AI_MESSAGES = {
  /** 501: no model configured and no offline path for the feature (docs/api.md, "AI"). */
  notConfigured: 'No AI model is configured on this server',
  notAllowed: 'AI features are not enabled for your account. Ask the administrator of this Listo server to turn them on.',
  rateLimited: 'Too many AI requests. Please wait a minute and try again.',
  badOutput: 'The AI model gave an answer that could not be used. Please try again.',
  failed: 'The AI model could not be reached. Please try again later.',
  refused: "The AI model refused this server's credentials. Ask the administrator of this Listo server to check its AI settings.",
  busy: 'The AI model is busy right now. Please try again in a minute.',
  timeout: 'The AI model took too long to answer. Please try again.',
  /** 503: the built-in assistant's turns (AI_PHOTO_TURN_WAIT_MAX_MS). */
  photoTurnExpired: `Photos of other people are being read right now, and yours waited ${AI_PHOTO_TURN_WAIT_MAX_MS / 1000} seconds for its turn. Please try again in a minute.`,
  /** 429: AI_PHOTOS_WAITING_MAX. */
  photosWaiting: `${AI_PHOTOS_WAITING_MAX} of your photos are waiting to be read already. Please wait for them before sending another.`,
  invalidSortKind: `Sort kind must be one of ${AI_SORT_KINDS.join(', ')}`,
  invalidProvider: `Provider must be one of ${AI_PROVIDERS.map((provider) => provider.value).join(', ')}`,
  invalidAction: 'Action must be add_properties or translate',
  invalidLanguage: 'Language must be a two-letter language code such as fr or de',
  invalidPropertyName: 'Property names are lower-case words with underscores, such as category or due_date',
  tooManyPropertyNames: `Ask for at most ${AI_PROPERTY_NAMES_MAX} properties at once`,
  photoRequired: 'Send a photo (photoData) as a data URL or as base64',
  photoNotBase64: 'The photo must be a data URL or base64',
  photoTooLarge: `A photo must be at most ${MB(AI_PHOTO_MAX_BYTES)} MB`,
  photoTooManyPixels: `A photo can have at most ${AI_PHOTO_MAX_PIXELS / 1_000_000} megapixels`,
  photoNotImage: 'The photo is not an image Listo can read (JPEG, PNG, WebP, GIF, TIFF or AVIF)',
  photoUnreadable: 'The photo could not be read: it may be damaged or incomplete',
  propertiesTooLarge: 'The properties the AI model answered would make an item too large; nothing was changed',
  renamedMeanwhile: 'The item was renamed while the AI model worked on it. Nothing was changed; please try again.',
  /** 501 for a language the offline assistant does not speak, when no model is configured. */
  offlineLanguage: (language: string) =>
    `No AI model is configured on this server, and the built-in assistant cannot translate into ${language}`,
  /** 422: the offline dictionary does not know the item. */
  offlineUnknownItem: (name: string, language: string) =>
    `The built-in assistant does not know how to say "${shortName(name)}" in ${language}`,
  /** 501 for custom prompts or a property the offline assistant cannot run (each one of them, when it runs none). */
  offlinePrompt: (...prompts: string[]) =>
    `No AI model is configured on this server, and the built-in assistant cannot run ${quotedNames(prompts)}: it ${OFFLINE_PROMPT_SKILLS}`,
} as const;
