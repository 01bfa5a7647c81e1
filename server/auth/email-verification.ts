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
 * address, so registering someone else's address gets nothing (docs/security.md). A link proves
 * the address only to the account signed in when it is opened: whoever registered someone else's
 * address knows the password, but the mailbox's owner, who opens the link, does not.
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

    /**
     * Uses up a link's token for the account it was sent for: the address it proves; `other_account`
     * when it is another account's (it stays usable); undefined when unknown, used or expired.
     */
    async take(db: Db, token: string, userId: string): Promise<{ email: string } | 'other_account' | undefined> {
      const [hash, now] = [digestToken(secret, token), deps.now().toISOString()];
      const proof = await queries.takeEmailVerification(db, hash, userId, now);
      if (proof) return proof;
      return (await queries.emailVerificationExists(db, hash, now)) ? 'other_account' : undefined;
    },
  };
}
