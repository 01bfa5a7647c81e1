import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants.ts';
import { SERVER_MESSAGES } from '../messages.ts';
import { PathId } from './api.ts';
import { Email } from './auth.ts';

/** Payloads of the share, invitation and join calls, shared by Fastify validation and the web client. */

export const SharePermission = z.enum(['view', 'edit', 'admin'], { error: SERVER_MESSAGES.invalidPermission });
export type SharePermission = z.infer<typeof SharePermission>;

export const ShareStatus = z.enum(['pending', 'accepted']);
export type ShareStatus = z.infer<typeof ShareStatus>;

/**
 * `userId` is a member's user id, or the e-mail address of a pending invitation (which has no user
 * yet). Either is stored in lower case, so either is taken in any case.
 */
export const ShareParams = z.object({
  id: PathId,
  userId: z
    .string()
    .min(1)
    .max(EMAIL_MAX_LENGTH)
    .transform((value) => value.toLowerCase()),
});
export type ShareParams = z.infer<typeof ShareParams>;

export const InviteBody = z.strictObject({ email: Email, permission: SharePermission });
export type InviteBody = z.infer<typeof InviteBody>;

export const UpdateShareBody = z.strictObject({ permission: SharePermission });
export type UpdateShareBody = z.infer<typeof UpdateShareBody>;

/** One member or pending invitation, as owners and admins see it. */
export const ShareView = z.object({
  list_id: z.string(),
  /** Null while the invitation waits for the address to register. */
  user_id: z.string().nullable(),
  email: z.string(),
  permission: SharePermission,
  status: ShareStatus,
  /** E-mail address of whoever shared; null when that account no longer exists. */
  shared_by: z.string().nullable(),
  created_at: z.string(),
});
export type ShareView = z.infer<typeof ShareView>;

export const SharesResponse = z.object({ shares: z.array(ShareView) });
export type SharesResponse = z.infer<typeof SharesResponse>;

export const ShareResponse = z.object({ share: ShareView });
export type ShareResponse = z.infer<typeof ShareResponse>;

/**
 * What a visitor with a share link may learn before signing in (spec: Invitation). Never an
 * e-mail address: `sharedBy` is the owner's first name or a neutral "A Listo user".
 */
export const InvitationView = z.object({
  listId: z.string(),
  listName: z.string(),
  sharedBy: z.string(),
  isPublic: z.boolean(),
});
export type InvitationView = z.infer<typeof InvitationView>;
