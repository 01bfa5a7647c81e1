import type { Kysely, Transaction } from 'kysely';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import type { DB, ListRow } from '../db/schema.ts';
import { toBool } from '../db/values.ts';
import { forbidden, notFound } from '../domain/errors.ts';
import { findListWithShare } from './access.queries.ts';
import { SESSION_SCOPES, type Actor, type Scope } from './actor.ts';
import { ACTION_SCOPE, can, roleOf, type ListAction, type ListRole } from './permissions.ts';

/**
 * The one gate every list, item, share and AI service passes through. A write calls `authorize`
 * with its transaction, after the change feed has locked the list: a share revoked a moment
 * before is seen, never a stale "yes" taken before the lock.
 */

type Db = Kysely<DB> | Transaction<DB>;

export interface ListAccess {
  list: ListRow;
  role: ListRole;
  /** The scopes the caller's credentials carry (all of them for a visitor's read). */
  scopes: ReadonlySet<Scope>;
}

/** The caller's role on a list, or undefined when the list does not exist. */
export async function loadAccess(db: Db, listId: string, actor: Actor | undefined): Promise<ListAccess | undefined> {
  const row = await findListWithShare(db, listId, actor?.user.id);
  if (!row) return undefined;
  const { share_permission, ...list } = row;
  const role = roleOf(
    {
      ownerId: list.owner_id,
      visibility: list.visibility,
      publicEditable: toBool(list.public_editable),
      sharePermission: share_permission ?? undefined,
    },
    actor?.user.id,
  );
  return { list, role, scopes: actor?.scopes ?? SESSION_SCOPES };
}

/**
 * Loads a list for an action: 404 when the caller may not even see it (an unknown id and a
 * private list of someone else look the same), 403 when they may see it but not do this, or when
 * their credentials (an OAuth client's scopes) do not reach that far.
 */
export async function authorize(db: Db, actor: Actor | undefined, listId: string, action: ListAction): Promise<ListAccess> {
  const access = await loadAccess(db, listId, actor);
  if (!access || !can(access.role, 'read') || !access.scopes.has(ACTION_SCOPE.read)) throw notFound(MESSAGES.listNotFound);
  if (!can(access.role, action)) throw forbidden(MESSAGES.listForbidden);
  if (!access.scopes.has(ACTION_SCOPE[action])) throw forbidden(SERVER_MESSAGES.scopeMissing);
  return access;
}

/** For calls about the caller's account rather than a list: 403 unless the credentials allow it. */
export function requireScope(actor: Actor, scope: Scope): void {
  if (!actor.scopes.has(scope)) throw forbidden(SERVER_MESSAGES.scopeMissing);
}
