import type { ShareView } from '../../common/schemas/shares.ts';
import type { ShareWithSharerRow } from './shares.queries.ts';

/** The one shape in which a share leaves the server (to owners and admins only). */
export function presentShare(row: ShareWithSharerRow): ShareView {
  return {
    list_id: row.list_id,
    user_id: row.user_id,
    email: row.email,
    permission: row.permission,
    status: row.status,
    shared_by: row.shared_by_email,
    created_at: row.created_at,
  };
}
