import type { ListCan } from '../../common/schemas/lists.ts';
import type { SharePermission } from '../db/schema.ts';
import type { Scope } from './actor.ts';

/**
 * The permission matrix (docs/api.md, "Lists"), in one place. A caller's role on a list decides
 * every action; services ask `can`, and `access.ts` turns a refusal into 404 or 403. The client
 * never decides: it shows what `capabilitiesOf` sent it with each list.
 */

export type ListRole = 'owner' | SharePermission | 'public-editable' | 'public' | 'none';

export type ListAction =
  /** Read the list and its items, subscribe to them. */
  | 'read'
  /** Add, check, rename and delete items; images and AI on items. */
  | 'edit-items'
  /** Rename the list, change visibility, custom prompts, AI provider. */
  | 'manage-list'
  /** See, change and remove shares (an admin not the owner's). */
  | 'manage-shares'
  /** Remove one's own share: a member who is not the owner takes the list off their dashboard. */
  | 'leave-list'
  | 'delete-list';

const MATRIX: Record<ListAction, ReadonlySet<ListRole>> = {
  read: new Set(['owner', 'admin', 'edit', 'view', 'public-editable', 'public']),
  'edit-items': new Set(['owner', 'admin', 'edit', 'public-editable']),
  'manage-list': new Set(['owner', 'admin']),
  'manage-shares': new Set(['owner', 'admin']),
  'leave-list': new Set(['admin', 'edit', 'view']),
  'delete-list': new Set(['owner']),
};

/** The scope an action needs besides the role: an OAuth client may hold less than its user. */
export const ACTION_SCOPE: Record<ListAction, Scope> = {
  read: 'lists:read',
  'edit-items': 'items:write',
  'manage-list': 'lists:manage',
  'manage-shares': 'lists:manage',
  'leave-list': 'lists:manage',
  'delete-list': 'lists:manage',
};

export function can(role: ListRole, action: ListAction): boolean {
  return MATRIX[action].has(role);
}

/** Whether the role allows the action and the caller's credentials carry its scope. */
export function allows(role: ListRole, scopes: ReadonlySet<Scope>, action: ListAction): boolean {
  return can(role, action) && scopes.has(ACTION_SCOPE[action]);
}

/** What the caller may do with a list, as the client is told (and shows nothing else). */
export function capabilitiesOf(role: ListRole, scopes: ReadonlySet<Scope>): ListCan {
  return {
    editItems: allows(role, scopes, 'edit-items'),
    manageList: allows(role, scopes, 'manage-list'),
    manageShares: allows(role, scopes, 'manage-shares'),
    deleteList: allows(role, scopes, 'delete-list'),
    leaveList: allows(role, scopes, 'leave-list'),
  };
}

/** Roles of someone who belongs to the list (as opposed to a reader of a public list). */
export function isMember(role: ListRole): boolean {
  return role === 'owner' || role === 'admin' || role === 'edit' || role === 'view';
}

export interface ListAccessFacts {
  ownerId: string;
  visibility: 'private' | 'public';
  publicEditable: boolean;
  /** The caller's accepted share, if any. */
  sharePermission: SharePermission | undefined;
}

/** The caller's role on a list; `userId` is undefined for a visitor who is not signed in. */
export function roleOf(facts: ListAccessFacts, userId: string | undefined): ListRole {
  if (userId && facts.ownerId === userId) return 'owner';
  if (userId && facts.sharePermission) return facts.sharePermission;
  if (facts.visibility === 'public') return facts.publicEditable && userId ? 'public-editable' : 'public';
  return 'none';
}
