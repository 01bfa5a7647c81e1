import type { Kysely } from 'kysely';
import { MESSAGES } from '../../common/messages.ts';
import type { DB, ListRow } from '../db/schema.ts';
import { toBool } from '../db/values.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { findListWithShare } from './access.queries.ts';
import { can, roleOf, type ListAction, type ListRole } from './permissions.ts';

export interface ListAccess {
  list: ListRow;
  role: ListRole;
}

export type Access = ReturnType<typeof createAccess>;

/** The one gate every list, item, share and AI service passes through. */
export function createAccess(db: Kysely<DB>) {
  return {
    /** The caller's role on a list, or undefined when the list does not exist. */
    async load(listId: string, userId: string | undefined): Promise<ListAccess | undefined> {
      const row = await findListWithShare(db, listId, userId);
      if (!row) return undefined;
      const { share_permission, ...list } = row;
      const role = roleOf(
        {
          ownerId: list.owner_id,
          visibility: list.visibility,
          publicEditable: toBool(list.public_editable),
          sharePermission: share_permission ?? undefined,
        },
        userId,
      );
      return { list, role };
    },

    /**
     * Loads a list for an action: 404 when the caller may not even see it (an unknown id and a
     * private list of someone else look the same), 403 when they may see it but not do this.
     */
    async authorize(listId: string, userId: string | undefined, action: ListAction): Promise<ListAccess> {
      const access = await this.load(listId, userId);
      if (!access || !can(access.role, 'read')) throw notFound(MESSAGES.listNotFound);
      if (!can(access.role, action)) throw forbidden(MESSAGES.listForbidden);
      return access;
    },
  };
}
