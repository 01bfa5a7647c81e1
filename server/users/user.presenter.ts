import type { UserView } from '../../common/schemas/auth.ts';
import type { UserRow } from '../db/schema.ts';
import { toBool } from '../db/values.ts';

/** The one shape in which a user leaves the server. */
export function presentUser(row: UserRow): UserView {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    can_use_ai: toBool(row.can_use_ai),
    email_verified: row.email_verified_at !== null,
  };
}
