import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AI_DEPARTMENTS, AI_PRIORITIES, type AiTier } from '../../common/ai.ts';
import { itemNameKey } from '../../common/item-input.ts';
import type { DB } from '../db/schema.ts';
import type { AiProvider, Classification, PropertyValues } from './ai-provider.ts';
import { readAnswers, storeAnswers, type AnswerKey } from './ai.queries.ts';

/**
 * The provider's answers by normalised item name (`itemNameKey`: "2 Eggs" and "egg" are one
 * question), through the cache of migration 006: what a cloud model answered once for a name,
 * question and language is read back, never asked (or paid for) again. Offline answers are not
 * stored: computing them again costs less than reading them.
 */

const StoredClassification: z.ZodType<Classification> = z.object({
  department: z.enum(AI_DEPARTMENTS),
  category: z.string(),
  priority: z.enum(AI_PRIORITIES),
});
const StoredText = z.string();
const StoredValues: z.ZodType<PropertyValues> = z.record(z.string(), z.string());

export type Answers = ReturnType<typeof createAnswers>;

export function createAnswers(deps: { db: Kysely<DB>; now: () => Date; provider: AiProvider }) {
  const { db, provider } = deps;

  /**
   * One answer per distinct name key: the cached ones (unless `fresh`), the rest asked of the
   * provider in one go and stored. A name the provider has no answer for (undefined) is left out.
   */
  async function byName<T>(
    question: Omit<AnswerKey, 'model'>,
    tier: AiTier,
    names: readonly string[],
    stored: z.ZodType<T>,
    ask: (names: string[]) => Promise<(T | undefined)[]>,
    fresh = false,
  ): Promise<Map<string, T>> {
    const nameOf = new Map<string, string>();
    for (const name of names) {
      const key = itemNameKey(name);
      if (key !== '' && !nameOf.has(key)) nameOf.set(key, name);
    }
    const model = provider.cacheModel(tier);
    const found = new Map<string, T>();
    if (model !== undefined && !fresh) {
      for (const [key, answer] of await readAnswers(db, { model, ...question }, [...nameOf.keys()])) {
        // An answer stored by an older version in another shape is simply asked again.
        const parsed = stored.safeParse(answer);
        if (parsed.success) found.set(key, parsed.data);
      }
    }
    const missing = [...nameOf.keys()].filter((key) => !found.has(key));
    if (missing.length === 0) return found;
    const answers = await ask(missing.map((key) => nameOf.get(key)!));
    const fetched = new Map<string, T>();
    missing.forEach((key, index) => {
      const answer = answers[index];
      if (answer !== undefined) fetched.set(key, answer);
    });
    if (model !== undefined && fetched.size > 0) await storeAnswers(db, { model, ...question }, fetched, deps.now().toISOString());
    for (const [key, answer] of fetched) found.set(key, answer);
    return found;
  }

  return {
    /** Department, category and priority by name key; `fresh` asks again whatever is cached (reprocess). */
    classifications: (names: readonly string[], tier: AiTier, fresh = false) =>
      byName({ question: 'classify', language: 'en' }, tier, names, StoredClassification, (asked) => provider.classify(asked, tier), fresh),

    /** Each name in `language`, by name key; names the provider cannot translate are missing. */
    translations: (names: readonly string[], language: string, tier: AiTier) =>
      byName({ question: 'translate', language }, tier, names, StoredText, (asked) => provider.translate(asked, language, tier)),

    /** What a custom prompt sets on each name, by name key (the cache knows the prompt by its hash). */
    promptValues: (prompt: string, names: readonly string[], tier: AiTier) =>
      byName(
        { question: `prompt:${crypto.createHash('sha256').update(prompt).digest('base64url')}`, language: '' },
        tier,
        names,
        StoredValues,
        (asked) => provider.runPrompt(prompt, asked, tier),
      ),
  };
}
