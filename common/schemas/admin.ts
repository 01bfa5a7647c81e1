import { z } from 'zod';
import { ADMIN_MESSAGES, ADMIN_USERS_PAGE_DEFAULT, ADMIN_USERS_PAGE_MAX } from '../admin.ts';
import { EMAIL_MAX_LENGTH } from '../constants.ts';

/** Payloads of the administrators' calls (docs/api.md "Administration"). */

/** `{id}`: the user's id or e-mail address, in any case. */
export const AdminUserParams = z.object({ id: z.string().min(1).max(EMAIL_MAX_LENGTH) });

export const SetAiAccessBody = z.strictObject(
  { can_use_ai: z.boolean({ error: ADMIN_MESSAGES.canUseAiRequired }) },
  { error: (issue) => (issue.code === 'invalid_type' ? ADMIN_MESSAGES.canUseAiRequired : undefined) },
);
export type SetAiAccessBody = z.infer<typeof SetAiAccessBody>;

export const SetDisabledBody = z.strictObject(
  { disabled: z.boolean({ error: ADMIN_MESSAGES.disabledRequired }) },
  { error: (issue) => (issue.code === 'invalid_type' ? ADMIN_MESSAGES.disabledRequired : undefined) },
);
export type SetDisabledBody = z.infer<typeof SetDisabledBody>;

/** DELETE /admin/users/{id}: the address again, so a slip of id deletes nothing. */
export const DeleteUserBody = z.strictObject(
  { email: z.string({ error: ADMIN_MESSAGES.deleteEmailMismatch }).max(EMAIL_MAX_LENGTH, { error: ADMIN_MESSAGES.deleteEmailMismatch }) },
  { error: (issue) => (issue.code === 'invalid_type' ? ADMIN_MESSAGES.deleteEmailMismatch : undefined) },
);
export type DeleteUserBody = z.infer<typeof DeleteUserBody>;

/** GET /admin/users: a page in address order, after the last address of the page before. */
export const AdminUsersQuery = z.strictObject({
  after: z.string({ error: ADMIN_MESSAGES.badCursor }).max(EMAIL_MAX_LENGTH, { error: ADMIN_MESSAGES.badCursor }).optional(),
  limit: z.coerce
    .number({ error: ADMIN_MESSAGES.badLimit })
    .int({ error: ADMIN_MESSAGES.badLimit })
    .min(1, { error: ADMIN_MESSAGES.badLimit })
    .max(ADMIN_USERS_PAGE_MAX, { error: ADMIN_MESSAGES.badLimit })
    .default(ADMIN_USERS_PAGE_DEFAULT),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/** A user as the administrators' page shows them. */
export const AdminUserView = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  can_use_ai: z.boolean(),
  email_verified: z.boolean(),
  disabled: z.boolean(),
  /** Whether the account is one of this server's administrators (ADMIN_EMAILS and proven). */
  is_admin: z.boolean(),
  /** Lists the account owns. */
  list_count: z.number(),
  /** Bytes of the photos it uploaded that are on items. */
  storage_bytes: z.number(),
  created_at: z.string(),
});
export type AdminUserView = z.infer<typeof AdminUserView>;

export const AdminUserResponse = z.object({ user: AdminUserView });
export type AdminUserResponse = z.infer<typeof AdminUserResponse>;

export const AdminUsersResponse = z.object({
  users: z.array(AdminUserView),
  /** The `after` of the next page; null on the last one. */
  next_after: z.string().nullable(),
  /** Every account on the server. */
  total: z.number(),
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

/** GET /admin/server: the server's facts. */
export const AdminServerResponse = z.object({
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  /** Where photos live, and the bytes of all photos on items. */
  storage: z.object({ driver: z.enum(['local', 's3']), bytes_used: z.number() }),
  mail_configured: z.boolean(),
  ai_provider: z.enum(['gemini', 'openai', 'offline', 'none']),
  user_count: z.number(),
});
export type AdminServerResponse = z.infer<typeof AdminServerResponse>;

/** GET /admin/contacts: who can turn AI on (any signed-in user may ask). */
export const AdminContactsResponse = z.object({
  administrators: z.array(z.object({ name: z.string(), email: z.string() })),
  /** Whether the caller is one of them (the link to the page shows only then). */
  is_admin: z.boolean(),
});
export type AdminContactsResponse = z.infer<typeof AdminContactsResponse>;
