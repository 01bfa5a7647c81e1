export { readPushState, turnPushOff, turnPushOn, type PushState, offerPushAfterShare, showWaitingPushOffer } from './push.ts';
export { ListMuteSwitch } from './ListMuteSwitch.tsx';
export { goingShoppingAction, isSharedWithOthers, setListMutedAction, useListMuted } from './list-notifications.ts';
