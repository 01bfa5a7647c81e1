import type { SharePermission } from '../db/schema.ts';

/**
 * The permission matrix of the design brief, in one place. A caller's role on a list decides
 * every action; services ask `can`, and `access.ts` turns a refusal into 404 or 403.
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
  | 'delete-list';

const MATRIX: Record<ListAction, ReadonlySet<ListRole>> = {
  read: new Set(['owner', 'admin', 'edit', 'view', 'public-editable', 'public']),
  'edit-items': new Set(['owner', 'admin', 'edit', 'public-editable']),
  'manage-list': new Set(['owner', 'admin']),
  'manage-shares': new Set(['owner', 'admin']),
  'delete-list': new Set(['owner']),
};

export function can(role: ListRole, action: ListAction): boolean {
  return MATRIX[action].has(role);
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
