import type { ListView } from '../../common/schemas/lists.ts';
import type { Scope } from '../access/actor.ts';
import { capabilitiesOf, type ListRole } from '../access/permissions.ts';
import type { ListRow } from '../db/schema.ts';
import { presentList, type ListContext } from './list.presenter.ts';
import type { MemberListRow, OwnerShareRow, SummaryColumns } from './lists.queries.ts';

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

/** What a caller's context is made of: the owner's accepted shares, or a member's own share. */
export interface Standing {
  ownerShares: readonly Pick<OwnerShareRow, 'user_id' | 'email' | 'permission'>[];
  membership: Pick<MemberListRow, 'share_permission' | 'shared_at' | 'shared_by_id' | 'shared_by_email'> | undefined;
}

/**
 * A list as a caller of `role` sees it: shares for the owner, shareInfo for a member, neither for a
 * reader of a public list, and `can` for all. The one rule of GET /lists/{id} and the live topics.
 */
export function viewAs(
  list: ListRow & SummaryColumns,
  access: { role: ListRole; scopes: ReadonlySet<Scope> },
  userId: string,
  standing: Standing,
): ListView {
  const { role, scopes } = access;
  const context =
    role === 'owner'
      ? ownerContext(standing.ownerShares)
      : standing.membership
        ? memberContext(standing.membership, userId)
        : READER_CONTEXT;
  return presentList(list, context, capabilitiesOf(role, scopes), userId);
}
