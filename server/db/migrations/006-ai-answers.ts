import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Answers of cloud AI models, so the same question is never paid twice: per model, kind
 * of question, language and normalised item name (`itemNameKey`). No user and no list: the answer
 * to "which department sells milk?" is the same for everyone. (Number 006: 005 is the images
 * feature's.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { json, timestamp } = columnTypes(db);
  await db.schema
    .createTable('ai_answers')
    // e.g. `gemini:gemini-flash-latest`, `openai:llama3.2`.
    .addColumn('model', 'text', (c) => c.notNull())
    // `classify`, `translate`, or `prompt:<sha-256 of the prompt>`.
    .addColumn('question', 'text', (c) => c.notNull())
    // The language asked for (`fr`), `en` for classification, '' where none applies.
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('answer', json, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_answers_pk', ['model', 'question', 'language', 'name_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_answers').execute();
}
