import type { Kysely } from 'kysely';
import { recomputeNameKeys } from './recompute-name-keys.ts';

/**
 * `itemNameKey` now also drops what cannot be seen at a name's ends (common/unseen-text.ts: a
 * zero-width space, a direction mark, a control character), so "milk" and "milk" with a pasted
 * zero-width space are the same item for the duplicate rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await recomputeNameKeys(db);
}

/**
 * Nothing to undo: the new keys differ from the old only for such names, and the code before reads
 * them as well. A migration without `down` would stay recorded when migrating below it.
 */
export async function down(): Promise<void> {}
