import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { fromJson, toJson } from '../db/values.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL of the AI feature: the cache of model answers (migration 006). Items are read and written through items.queries.ts. */

/** Keys per look-up: well under both dialects' limits on bound parameters. */
const CHUNK = 500;

export interface AnswerKey {
  model: string;
  question: string;
  language: string;
}

/** The stored answers of these name keys, by name key. */
export async function readAnswers(db: Db, key: AnswerKey, nameKeys: readonly string[]): Promise<Map<string, unknown>> {
  const answers = new Map<string, unknown>();
  for (let start = 0; start < nameKeys.length; start += CHUNK) {
    const rows = await db
      .selectFrom('ai_answers')
      .select(['name_key', 'answer'])
      .where('model', '=', key.model)
      .where('question', '=', key.question)
      .where('language', '=', key.language)
      .where('name_key', 'in', nameKeys.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) answers.set(row.name_key, fromJson(row.answer).value);
  }
  return answers;
}

/** Stores answers by name key, replacing older answers to the same question (a re-run asks afresh). */
export async function storeAnswers(db: Db, key: AnswerKey, answers: ReadonlyMap<string, unknown>, now: string): Promise<void> {
  // Wrapped in an object: PostgreSQL hands a JSON string back parsed, SQLite as text, and only an
  // object reads back the same from both (db/values.ts).
  const rows = [...answers].map(([nameKey, value]) => ({ ...key, name_key: nameKey, answer: toJson({ value }), created_at: now }));
  for (let start = 0; start < rows.length; start += CHUNK / 5) {
    await db
      .insertInto('ai_answers')
      .values(rows.slice(start, start + CHUNK / 5))
      .onConflict((conflict) =>
        conflict
          .columns(['model', 'question', 'language', 'name_key'])
          .doUpdateSet((eb) => ({ answer: eb.ref('excluded.answer'), created_at: eb.ref('excluded.created_at') })),
      )
      .execute();
  }
}
