import type { Kysely } from 'kysely';
import { ADMIN_MESSAGES } from '../../common/admin.ts';
import { APP_VERSION } from '../../common/constants.ts';
import { personName } from '../../common/list-activity.ts';
import type {
  AdminContactsResponse,
  AdminServerResponse,
  AdminUsersQuery,
  AdminUsersResponse,
  AdminUserView,
} from '../../common/schemas/admin.ts';
import type { UserView } from '../../common/schemas/auth.ts';
import type { Actor } from '../access/actor.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { DB, UserRow } from '../db/schema.ts';
import { toBool } from '../db/values.ts';
import { badRequest, forbidden, notFound } from '../domain/errors.ts';
import type { ChangeFeed } from '../writes/change-feed.ts';
import * as queries from './admin.queries.ts';

/**
 * What the server's administrators may do (docs/decisions/013 and 051): the accounts whose e-mail
 * address is in ADMIN_EMAILS and proven (a link mailed to it was opened), so that registering an
 * admin's address before they do grants nothing.
 */
export type AdminService = ReturnType<typeof createAdminService>;

export interface AdminDeps {
  db: Kysely<DB>;
  now: () => Date;
  changes: ChangeFeed;
  adminEmails: readonly string[];
  /** The account writes that sign-in and deletion share with Account Settings (server/auth/). */
  accounts: Pick<AuthService, 'setDisabled' | 'confirmAddressOf' | 'removeAccount'>;
  /** The server's facts that are not in the database. */
  facts: Omit<AdminServerResponse, 'version' | 'user_count' | 'storage'> & { storageDriver: 'local' | 's3' };
  /** An identity provider's admin group makes administrators too (docs/decisions/055). */
  isGroupAdmin?: (userId: string) => Promise<boolean>;
}

export function createAdminService(deps: AdminDeps) {
  const admins = new Set(deps.adminEmails.map((email) => email.trim().toLowerCase()));
  const isAdmin = (user: Pick<UserView, 'email' | 'email_verified'>) => user.email_verified && admins.has(user.email);

  /** By a proven address in ADMIN_EMAILS, or by the admin group of the provider it signed in with. */
  const isActorAdmin = async (actor: Actor) => isAdmin(actor.user) || ((await deps.isGroupAdmin?.(actor.user.id)) ?? false);

  async function requireAdmin(actor: Actor): Promise<void> {
    if (!(await isActorAdmin(actor))) throw forbidden(ADMIN_MESSAGES.adminOnly);
  }

  function present(row: queries.UserWithUsage): AdminUserView {
    const user = { email: row.email, email_verified: row.email_verified_at !== null };
    return {
      id: row.id,
      email: row.email,
      first_name: row.first_name,
      can_use_ai: toBool(row.can_use_ai),
      email_verified: user.email_verified,
      disabled: row.disabled_at !== null,
      is_admin: isAdmin(user),
      list_count: Number(row.list_count ?? 0),
      storage_bytes: Number(row.storage_bytes ?? 0),
      created_at: row.created_at,
    };
  }

  /** The target of an action by id or address; 404 when there is none. */
  async function target(actor: Actor, idOrEmail: string): Promise<UserRow> {
    await requireAdmin(actor);
    const row = await queries.findUserByIdOrEmail(deps.db, idOrEmail);
    if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
    return row;
  }

  /** An administrator cannot lock themselves out, nor delete themselves here (Account Settings asks for the password). */
  function notYourself(actor: Actor, row: UserRow): void {
    if (row.id === actor.user.id) throw badRequest(ADMIN_MESSAGES.notYourself, 'own_account');
  }

  async function reread(userId: string): Promise<AdminUserView> {
    const row = await queries.findUserWithUsage(deps.db, userId);
    if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
    return present(row);
  }

  return {
    /** A page of users in address order, with what each holds. */
    async listUsers(actor: Actor, query: AdminUsersQuery): Promise<AdminUsersResponse> {
      await requireAdmin(actor);
      const [rows, usage] = await Promise.all([
        queries.findUsersPage(deps.db, query.after, query.limit),
        queries.serverUsage(deps.db),
      ]);
      const page = rows.slice(0, query.limit);
      return {
        users: page.map(present),
        next_after: rows.length > query.limit ? page[page.length - 1]!.email : null,
        total: usage.users,
      };
    },

    async serverFacts(actor: Actor): Promise<AdminServerResponse> {
      await requireAdmin(actor);
      const usage = await queries.serverUsage(deps.db);
      const { storageDriver, ...facts } = deps.facts;
      return { version: APP_VERSION, ...facts, storage: { driver: storageDriver, bytes_used: usage.bytes }, user_count: usage.users };
    },

    /** Who can turn AI on, for any signed-in user: the administrators in office, by name. */
    async contacts(actor: Actor): Promise<AdminContactsResponse> {
      const rows = await queries.findAdministrators(deps.db, [...admins]);
      return {
        administrators: rows.map((row) => ({ name: personName(row.first_name, row.email), email: row.email })),
        is_admin: await isActorAdmin(actor),
      };
    },

    /**
     * Turns AI features on or off for a user (by id or e-mail address). The change reaches the
     * user's devices on the `user` live topic, so the AI-enabled banner shows at once.
     */
    async setAiAccess(actor: Actor, idOrEmail: string, canUseAi: boolean): Promise<AdminUserView> {
      const row = await target(actor, idOrEmail);
      await deps.changes.write([], async (trx, record) => {
        await queries.setCanUseAi(trx, row.id, canUseAi, deps.now().toISOString());
        await record({ entity: 'user', userId: row.id });
      });
      return reread(row.id);
    },

    /** Confirms the user's address as its owner opening the link would: invitations to it become shares. */
    async confirmAddress(actor: Actor, idOrEmail: string): Promise<AdminUserView> {
      const row = await target(actor, idOrEmail);
      await deps.accounts.confirmAddressOf(row.id);
      return reread(row.id);
    },

    /** Disables an account (signed out everywhere at once, cannot sign in) or enables it again. */
    async setDisabled(actor: Actor, idOrEmail: string, disabled: boolean): Promise<AdminUserView> {
      const row = await target(actor, idOrEmail);
      notYourself(actor, row);
      await deps.accounts.setDisabled(row.id, disabled);
      return reread(row.id);
    },

    /** Deletes an account as its owner could; `email` must name it. */
    async deleteUser(actor: Actor, idOrEmail: string, email: string): Promise<void> {
      const row = await target(actor, idOrEmail);
      if (email.trim().toLowerCase() !== row.email) throw badRequest(ADMIN_MESSAGES.deleteEmailMismatch);
      notYourself(actor, row);
      await deps.accounts.removeAccount(row);
    },
  };
}
