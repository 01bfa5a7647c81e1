import type { VisibilityBody } from './schemas/lists.ts';

/**
 * Who can open a list by its link, as the Share dialog offers it: one choice in plain words over
 * the three stored fields (decision 048, docs/api.md "PUT /lists/{id}/visibility").
 */
export type ListAccess = 'invited' | 'link-view' | 'link-edit';

export const LIST_ACCESS_CHOICES: readonly ListAccess[] = ['invited', 'link-view', 'link-edit'];

/** The stored fields each choice writes. */
export const ACCESS_FIELDS: Record<ListAccess, VisibilityBody> = {
  invited: { visibility: 'private', public_editable: false, allow_link_sharing: false },
  'link-view': { visibility: 'public', public_editable: false, allow_link_sharing: false },
  'link-edit': { visibility: 'public', public_editable: true, allow_link_sharing: false },
};

/**
 * The choice a list's stored fields amount to. A list that people can join by link (public, or
 * private with link sharing, as older versions let owners set) is a link choice, editable or not as
 * its flag says; saving that choice then stores its fields above.
 */
export function accessOf(list: Pick<VisibilityBody, 'visibility' | 'public_editable' | 'allow_link_sharing'>): ListAccess {
  if (list.visibility !== 'public' && !list.allow_link_sharing) return 'invited';
  return list.public_editable ? 'link-edit' : 'link-view';
}
