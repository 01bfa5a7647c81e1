import type { Kysely, Transaction } from 'kysely';
import { EMAIL_VERIFICATION_TTL_MS, VERIFY_EMAIL_PATH } from '../../common/constants.ts';
import type { DB } from '../db/schema.ts';
import * as queries from './auth.queries.ts';
import { digestToken, newExpiringToken } from '../tokens.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type EmailVerification = ReturnType<typeof createEmailVerification>;

/**
 * Links that prove an e-mail address: registration sends one, and so does an invitation to an
 * account that has not proven its address yet. An invitation grants its list only to a proven
 * address, so registering someone else's address gets nothing (docs/security.md).
 */
export function createEmailVerification(deps: { secret: string; publicUrl: string; now: () => Date }) {
  const { secret } = deps;
  return {
    /** A new single-use link proving `user.email`, valid for a week. */
    async issueLink(db: Db, user: { id: string; email: string }): Promise<string> {
      const link = newExpiringToken(secret, deps.now(), EMAIL_VERIFICATION_TTL_MS);
      await queries.insertEmailVerification(db, {
        token_hash: link.hash,
        user_id: user.id,
        email: user.email,
        created_at: link.createdAt,
        expires_at: link.expiresAt,
      });
      return `${deps.publicUrl}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(link.token)}`;
    },

    /** Uses up a link's token: the user and address it proves, or undefined (unknown, used, expired). */
    take(db: Db, token: string): Promise<{ user_id: string; email: string } | undefined> {
      return queries.takeEmailVerification(db, digestToken(secret, token), deps.now().toISOString());
    },
  };
}
