import type { ListContext } from './list.presenter.ts';
import type { MemberListRow, OwnerShareRow } from './lists.queries.ts';

/** How a list's caller stands to it, from the rows the lists queries return. */

export function ownerContext(shares: readonly Pick<OwnerShareRow, 'user_id' | 'email' | 'permission'>[]): ListContext {
  return {
    isOwner: true,
    // Accepted shares always have a user; the filter only convinces the type checker.
    shares: shares.flatMap((s) => (s.user_id ? [{ user_id: s.user_id, email: s.email, permission: s.permission }] : [])),
  };
}

/**
 * A member's context. A member who joined by the share link shared the list with themself: they
 * are told nothing about the owner (their address is not theirs to learn that way).
 */
export function memberContext(
  row: Pick<MemberListRow, 'share_permission' | 'shared_at' | 'shared_by_id' | 'shared_by_email'>,
  userId: string,
): ListContext {
  const sharedBy = row.shared_by_id === userId ? null : row.shared_by_email;
  return { isOwner: false, shareInfo: { permission: row.share_permission, shared_by: sharedBy, shared_at: row.shared_at } };
}

/** A signed-in reader of a public list who is not a member. */
export const READER_CONTEXT: ListContext = { isOwner: false };
