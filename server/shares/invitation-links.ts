import crypto from 'node:crypto';
import { INVITATION_LINK_PATH } from '../../common/constants.ts';

/**
 * An invitation link's token is derived from its row's id with the server secret (decision 047):
 * the database keeps only the token's digest, as for every other token, and the owner can still
 * copy the same link again from the members list. A copy of the database alone yields no link.
 */
export function invitationLinkToken(secret: string, linkId: string): string {
  return crypto.createHmac('sha256', secret).update(`invitation-link:${linkId}`).digest('base64url');
}

/** `{PUBLIC_URL}/invitation#{token}`: after `#`, the token never reaches a server's or proxy's log. */
export function invitationLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${INVITATION_LINK_PATH}#${token}`;
}
