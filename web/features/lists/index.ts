export { fetchInvitation, listRequests, fetchPublicList } from './lists-api.ts';
export { dropList, upsertList, loadLists, setVisibilityAction } from './list-actions.ts';
export { ItemList } from './list/ItemList.tsx';
export { ListGone } from './list/ListGone.tsx';
export { useItemImageDialog } from './list/useItemImageDialog.tsx';
export { followAccountLists } from './live-lists.ts';
export { default as listScreenStyles } from './list/ListScreen.module.css';
