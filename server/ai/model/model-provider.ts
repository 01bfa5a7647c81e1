import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  AI_DEPARTMENTS,
  AI_PHOTO_ITEMS_MAX,
  AI_PRIORITIES,
  AI_PROPERTY_NAME_PATTERN,
  languageName,
  type AiTier,
} from '../../../common/ai.ts';
import { ITEM_CONTENT_MAX_LENGTH } from '../../../common/constants.ts';
import { trimUnseen } from '../../../common/unseen-text.ts';
import type { AiProvider, Classification, PropertyValues } from '../ai-provider.ts';
import { photoForModel } from '../photo.ts';
import type { ChatModel } from './chat-model.ts';
import { askStructured } from './structured.ts';
import { chunked } from '../../../common/chunked.ts';

/**
 * The AI provider over a cloud model (Gemini or OpenAI-compatible): each question is a prompt and
 * a zod schema, asked in chunks of names so that a 5,000-item list never makes one huge request,
 * and answered by index so that every answer lands on its name.
 */

/** Names per request: a prompt and an answer of a few thousand tokens. */
const CHUNK = 100;
/** Requests in flight per question: quicker than one at a time, gentle on a provider's rate limits. */
const CONCURRENCY = 3;
const PROPERTIES_PER_ITEM_MAX = 10;
const VALUE_MAX_LENGTH = 200;
const KEY_MAX_LENGTH = 60;

/**
 * A property key as Listo stores them: "Calories" and "due date" become `calories` and `due_date`;
 * what still is not a key (punctuation, a sentence) is dropped rather than failing the whole run.
 */
function propertyKey(key: string): string | undefined {
  const snake = key.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return AI_PROPERTY_NAME_PATTERN.test(snake) ? snake : undefined;
}

/** The answer's `items` (or another array) must hold every index 0..n-1 exactly once. */
function everyIndexOnce(key: string, count: number, required: boolean) {
  return (value: Record<string, { index: number }[]>, ctx: z.RefinementCtx) => {
    const seen = new Set<number>();
    for (const entry of value[key]!) {
      if (entry.index >= count || seen.has(entry.index)) {
        ctx.addIssue({ code: 'custom', message: `index ${entry.index} is out of range or repeated`, path: [key] });
        return;
      }
      seen.add(entry.index);
    }
    if (required && seen.size !== count) ctx.addIssue({ code: 'custom', message: `answer all ${count} indexes`, path: [key] });
  };
}

/**
 * Text a model answers is as untrusted as what a user types, and is stored and cached for everyone
 * with the same item names: cleaned as names are, without control characters or direction
 * overrides (which can make "gpj.exe" show as "exe.jpg"), and trimmed.
 */
const modelText = () => z.string().overwrite(trimUnseen);

const classifySchema = (count: number) =>
  z
    .object({
      items: z.array(
        z.object({
          index: z.int().min(0),
          department: z.enum(AI_DEPARTMENTS),
          category: modelText().min(1).max(60),
          priority: z.enum(AI_PRIORITIES),
        }),
      ),
    })
    .superRefine(everyIndexOnce('items', count, true));

const translateSchema = (count: number) =>
  z
    .object({ translations: z.array(z.object({ index: z.int().min(0), text: modelText().min(1).max(ITEM_CONTENT_MAX_LENGTH) })) })
    .superRefine(everyIndexOnce('translations', count, true));

const promptSchema = (count: number) =>
  z
    .object({
      items: z.array(
        z.object({
          index: z.int().min(0),
          properties: z
            .array(z.object({ key: z.string().min(1).max(KEY_MAX_LENGTH), value: modelText().max(VALUE_MAX_LENGTH) }))
            .max(PROPERTIES_PER_ITEM_MAX),
        }),
      ),
    })
    .superRefine(everyIndexOnce('items', count, false));

// Cleaned by photoEntries, as the offline reader's names are.
const photoSchema = z.object({ items: z.array(z.string().max(ITEM_CONTENT_MAX_LENGTH)).max(AI_PHOTO_ITEMS_MAX) });

const CLASSIFY_INSTRUCTIONS = [
  'You sort shopping-list items for a walk through a grocery store.',
  'For each item of the input answer its index; the store department it is found in, exactly one of the allowed values (Other when none fits);',
  'a short category in English of one to three words (such as Fruit, Cheese, Cleaning);',
  'and how urgent buying it usually is: high for staples people run out of (milk, bread, eggs, toilet paper, diapers, medicine),',
  'low for treats and extras (snacks, sweets, alcohol), medium otherwise.',
  'Items may be written in any language. Answer every index exactly once.',
].join(' ');

const PROMPT_INSTRUCTIONS = [
  "You help manage a shared checklist. Apply the user's instruction to every item of the input and answer the item properties it calls for,",
  'as key/value pairs: keys are short English snake_case words (such as category, calories, name_fr, aisle), values are short text.',
  'Answer an item only when the instruction gives it properties; answer each index at most once.',
].join(' ');

const PHOTO_INSTRUCTIONS = [
  'Read the list in this photo (a shopping list or a to-do list, printed or handwritten).',
  'Answer each entry as the text a person would type to add it, with its quantity first when the list gives one ("2 bottles milk").',
  'Leave out titles, dates, prices, totals and crossed-out entries. Keep the list\'s own language and order.',
].join(' ');

const numbered = (names: readonly string[]) => JSON.stringify({ items: names.map((name, index) => ({ index, name })) });

/**
 * Runs `ask` over chunks of the names, a few at a time, and puts the answers back in order. One
 * failed chunk fails the whole call, so after it no worker takes another chunk: a failing provider
 * is not asked (nor paid) for answers that would be thrown away.
 */
async function inChunks<T>(names: readonly string[], ask: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const chunks = chunked(names, CHUNK);
  const answers = new Array<T[]>(chunks.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < chunks.length) {
      const index = next++;
      try {
        answers[index] = await ask(chunks[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, chunks.length) }, worker));
  return answers.flat();
}

/** Answers by index, back in the order of the chunk. */
function byIndex<T>(entries: readonly ({ index: number } & T)[], count: number): (T | undefined)[] {
  const answers = new Array<T | undefined>(count).fill(undefined);
  for (const entry of entries) answers[entry.index] = entry;
  return answers;
}

export function createModelProvider(chat: ChatModel, options: { timeoutMs: number; log: FastifyBaseLogger }): AiProvider {
  const ask = <T>(request: Parameters<typeof askStructured<T>>[1]) => askStructured(chat, request, options);

  return {
    kind: chat.kind,
    cacheModel: (tier: AiTier) => `${chat.kind}:${chat.model(tier)}`,
    runsPrompt: () => true,

    classify(names, tier) {
      return inChunks(names, async (chunk): Promise<Classification[]> => {
        const answer = await ask({
          tier,
          name: 'classified_items',
          instructions: CLASSIFY_INSTRUCTIONS,
          input: numbered(chunk),
          schema: classifySchema(chunk.length),
        });
        return byIndex(answer.items, chunk.length).map((item) => ({
          department: item!.department,
          category: item!.category,
          priority: item!.priority,
        }));
      });
    },

    translate(names, language, tier) {
      const target = `${languageName(language) ?? language} (${language})`;
      return inChunks(names, async (chunk) => {
        const answer = await ask({
          tier,
          name: 'translated_items',
          instructions: `Translate shopping-list items into ${target}. Answer each item's index and its name as a shopper would write it on a list in that language, without quantities or explanations; keep brand names. Answer every index exactly once.`,
          input: numbered(chunk),
          schema: translateSchema(chunk.length),
        });
        return byIndex(answer.translations, chunk.length).map((entry) => entry?.text);
      });
    },

    runPrompt(prompt, names, tier) {
      return inChunks(names, async (chunk): Promise<PropertyValues[]> => {
        const answer = await ask({
          tier,
          name: 'item_properties',
          instructions: PROMPT_INSTRUCTIONS,
          input: `Instruction: ${prompt}\n\nItems: ${numbered(chunk)}`,
          schema: promptSchema(chunk.length),
        });
        return byIndex(answer.items, chunk.length).map((item) =>
          Object.fromEntries(
            (item?.properties ?? []).flatMap((pair) => {
              const key = propertyKey(pair.key);
              return key === undefined || pair.value === '' ? [] : [[key, pair.value]];
            }),
          ),
        );
      });
    },

    async readPhoto(photo, tier) {
      const answer = await ask({
        tier,
        name: 'photo_items',
        instructions: PHOTO_INSTRUCTIONS,
        input: 'Read the list in the attached photo.',
        image: await photoForModel(photo),
        schema: photoSchema,
      });
      return answer.items;
    },

    async close() {},
  };
}
