import type { Kysely } from 'kysely';
import { AI_MESSAGES } from '../../common/ai.ts';
import type { UserView } from '../../common/schemas/auth.ts';
import type { Actor } from '../access/actor.ts';
import type { DB } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { ChangeFeed } from '../realtime/index.ts';
import { presentUser } from '../users/user.presenter.ts';
import * as queries from './admin.queries.ts';

/**
 * What the server's administrators may do (docs/decisions/013): the accounts whose e-mail address
 * is in ADMIN_EMAILS and proven (a link mailed to it was opened), so that registering an admin's
 * address before they do grants nothing.
 */
export type AdminService = ReturnType<typeof createAdminService>;

export function createAdminService(deps: { db: Kysely<DB>; now: () => Date; changes: ChangeFeed; adminEmails: readonly string[] }) {
  const admins = new Set(deps.adminEmails.map((email) => email.toLowerCase()));

  return {
    /**
     * Turns AI features on or off for a user (by id or e-mail address). The change reaches the
     * user's devices on the `user` live topic, so the AI-enabled banner shows at once.
     */
    async setAiAccess(actor: Actor, idOrEmail: string, canUseAi: boolean): Promise<UserView> {
      if (!actor.user.email_verified || !admins.has(actor.user.email)) throw forbidden(AI_MESSAGES.adminOnly);
      return deps.changes.write([], async (trx, record) => {
        const row = await queries.findUserByIdOrEmail(trx, idOrEmail);
        if (!row) throw notFound(AI_MESSAGES.userNotFound);
        const updatedAt = deps.now().toISOString();
        await queries.setCanUseAi(trx, row.id, canUseAi, updatedAt);
        await record({ entity: 'user', userId: row.id });
        return presentUser({ ...row, can_use_ai: canUseAi, updated_at: updatedAt });
      });
    },
  };
}
