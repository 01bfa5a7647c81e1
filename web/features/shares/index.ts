export { ShareLinkField } from './ShareLinkField.tsx';
export { useWaitingInvitations } from './useWaitingInvitations.ts';
export { WaitingInvitations } from './WaitingInvitations.tsx';
export { changePermissionAction, removeAccessAction } from './share-actions.ts';
export { leaveListAction } from './leave-list.ts';
export { ShareListModal } from './lazy-dialogs.ts';
