export { storeOf, loadStoreOrder, useLearnedStoreOrder, resetStoreOrderAction, setStoreAction } from './store-order.ts';
