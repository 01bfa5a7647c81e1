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
  /**
   * A pending invitation's link `{PUBLIC_URL}/invitation#{token}` while it can still be used, on a
   * server that cannot send mail (decision 047); absent otherwise.
   */
  invitation_link: z.string().optional(),
});
export type ShareView = z.infer<typeof ShareView>;

/** `can_send_mail`: false when the server writes its mail to the log (no SMTP_URL): invitations then come with a link. */
/** A list's share link, for its owner; `joinable`: whoever opens it gets in (a public list, or link sharing allowed). */
export const ShareLinkView = z.object({ url: z.string(), joinable: z.boolean() });
export type ShareLinkView = z.infer<typeof ShareLinkView>;

export const SharesResponse = z.object({ shares: z.array(ShareView), can_send_mail: z.boolean() });
export type SharesResponse = z.infer<typeof SharesResponse>;

export const ShareResponse = z.object({ share: ShareView });
export type ShareResponse = z.infer<typeof ShareResponse>;

/**
 * What a visitor with a share link may learn before signing in (GET /lists/{id}/invitation). Never an
 * e-mail address: `sharedBy` is the owner's first name or a neutral "A Listo user".
 */
export const InvitationView = z.object({
  listId: z.string(),
  listName: z.string(),
  sharedBy: z.string(),
  isPublic: z.boolean(),
});
export type InvitationView = z.infer<typeof InvitationView>;

/** One invitation waiting for the signed-in account's address, as its dashboard shows it. */
export const WaitingInvitation = z.object({
  listId: z.string(),
  listName: z.string(),
  /** The inviter's first name; with their address once the account has proven its own. */
  sharedBy: z.string(),
  permission: SharePermission,
  created_at: z.string(),
});
export type WaitingInvitation = z.infer<typeof WaitingInvitation>;

export const InvitationsResponse = z.object({
  invitations: z.array(WaitingInvitation),
  /** Whether a confirmation link can reach the account's address (false: the server has no mail). */
  can_send_mail: z.boolean(),
});
export type InvitationsResponse = z.infer<typeof InvitationsResponse>;

/** The token of an invitation link (the part after `#`); the server keeps only its digest. */
export const InvitationLinkBody = z.strictObject({ token: z.string().min(1).max(100) });
export type InvitationLinkBody = z.infer<typeof InvitationLinkBody>;

/** What an invitation link's page may show before its holder signs in. */
export const InvitationLinkView = z.object({
  listId: z.string(),
  listName: z.string(),
  sharedBy: z.string(),
  /** Null once the invitation was withdrawn. */
  permission: SharePermission.nullable(),
  /** `open`: it admits whoever signs in with it; otherwise why it no longer does. */
  state: z.enum(['open', 'expired', 'used', 'revoked']),
});
export type InvitationLinkView = z.infer<typeof InvitationLinkView>;
