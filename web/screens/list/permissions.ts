import type { ClientList } from '../../state/app-state.ts';

/** What the caller may do on a list (the server's permission matrix decides; this only hides controls). */
export function canEditItems(list: ClientList): boolean {
  const permission = list.shareInfo?.permission;
  return list.isOwner || permission === 'edit' || permission === 'admin' || (list.visibility === 'public' && list.public_editable);
}

/** Rename, visibility, prompts and sharing: the owner or an admin. */
export function canManage(list: ClientList): boolean {
  return list.isOwner || list.shareInfo?.permission === 'admin';
}
