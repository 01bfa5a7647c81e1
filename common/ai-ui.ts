import { OFFLINE_PROMPT_SKILLS } from './ai.ts';
import { nameSeries, quotedNames, shortName } from './short-name.ts';

/**
 * The web side of the AI features: the languages the item menu offers and the words of the AI
 * controls. The messages shared with the rest of the app (custom prompts, photo analysis, temporary
 * list) are in messages.ts; the server's in ai.ts.
 */

/**
 * Languages offered by "Translate": the main European languages, which the built-in assistant
 * speaks too (docs/api.md, "AI"), so every choice works on a server without a cloud model. In the
 * order of their English names, as the menu shows them.
 */
export const TRANSLATION_LANGUAGES = ['nl', 'en', 'fr', 'de', 'it', 'pt', 'es'] as const;

/** Names a photo's outcome lists before it counts the rest ("… and 3 more"): a toast is a few lines. */
const PHOTO_NAMES_SHOWN = 5;

export const AI_TEXT = {
  moreActions: (content: string) => `More actions for ${content}`,
  translateInto: 'Translate into',
  translateTo: (language: string) => `Translate into ${language}`,
  addProperties: 'Add properties',
  runCustomPrompts: 'Run custom prompts',
  /** Beside the custom prompts' success, the list's prompts the built-in assistant skipped (`skippedPrompts`). */
  promptsSkipped: (prompts: readonly string[]) => `Skipped ${quotedNames(prompts)}: the built-in assistant ${OFFLINE_PROMPT_SKILLS}.`,
  /** List Settings on a server whose AI is the built-in assistant, which runs some prompts only. */
  offlinePromptsHint: `This server runs prompts with its built-in assistant, which ${OFFLINE_PROMPT_SKILLS}.`,
  runningCustomPrompts: 'Running custom prompts…',
  sorting: 'Sorting with AI…',
  translating: (content: string, language: string) => `Translating "${shortName(content)}" into ${language}…`,
  addingProperties: (content: string) => `Adding properties to "${shortName(content)}"…`,
  analyzingPhoto: 'Reading the items in the photo…',
  photoButton: 'Add items from a photo',
  photoDescription: 'Photograph a shopping list, or choose a photo of one: its items are added to this list.',
  photoNoItems: 'No items were found in this photo. Try again with the whole list in the picture, flat and well lit.',
  photoItemsFound: (count: number) => (count === 1 ? 'Found 1 item: adding it to the list.' : `Found ${count} items: adding them to the list.`),
  /** What a photo's items did to the list, once added: new ones, checked ones put back, ones already on it. */
  photoItemsAdded: ({ added, putBack, already }: { added: readonly string[]; putBack: readonly string[]; already: readonly string[] }) =>
    [
      added.length > 0 && `Added ${added.length === 1 ? '1 item' : `${added.length} items`} from the photo: ${nameSeries(added.map(shortName), PHOTO_NAMES_SHOWN)}.`,
      putBack.length > 0 && `Back on the list: ${nameSeries(putBack.map(shortName), PHOTO_NAMES_SHOWN)}.`,
      already.length > 0 && `Already on the list: ${nameSeries(already.map(shortName), PHOTO_NAMES_SHOWN)}.`,
    ]
      .filter(Boolean)
      .join(' '),
  sortFailed: 'Failed to sort with AI: ',
  translateFailed: 'Failed to translate item: ',
  propertiesFailed: 'Failed to add properties: ',
  tempListNoAi: 'Please wait for the list to be created before using AI features.',
  unreachable: 'The server could not be reached. Please check your connection and try again.',
  /** The photo dialog's button after a failure that may pass: the same photo is read again. */
  readPhotoAgain: 'Try again',
} as const;
