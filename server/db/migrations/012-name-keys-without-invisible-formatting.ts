import type { Kysely } from 'kysely';
import { recomputeNameKeys } from './recompute-name-keys.ts';

/**
 * `itemNameKey` now also drops invisible formatting inside a name (a soft hyphen, a zero-width
 * space, a direction mark: `withoutInvisibleFormatting` in common/unseen-text.ts), so "mi\u00ADlk" with
 * a pasted soft hyphen is a duplicate of "milk".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await recomputeNameKeys(db);
}

/** Nothing to undo, as for migration 011: the code before reads these keys as well. */
export async function down(): Promise<void> {}
