export { storeOf, loadStoreOrder, useLearnedStoreOrder, useStoreOrderFollowing, resetStoreOrderAction, setStoreAction } from './store-order.ts';
