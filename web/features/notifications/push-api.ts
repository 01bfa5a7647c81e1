import { GoingShoppingView, ListNotificationsView, PushStatusView, type PushSubscriptionBody } from '../../../common/schemas/push.ts';
import { api, checkedApi, newIdempotencyKey } from '../../core/net/client.ts';

/** Notifications (docs/api.md, "Notifications"): this device's subscription, a list's mute, the ping. */

export const fetchPushStatus = () => checkedApi(PushStatusView, '/push');

export const saveSubscription = (subscription: PushSubscriptionBody) =>
  api<void>('/push/subscription', { method: 'PUT', body: subscription, idempotencyKey: newIdempotencyKey() });

export const deleteSubscription = () => api<void>('/push/subscription', { method: 'DELETE', idempotencyKey: newIdempotencyKey() });

export const fetchListNotifications = (listId: string) => checkedApi(ListNotificationsView, `/lists/${listId}/notifications`);

export const saveListNotifications = (listId: string, muted: boolean) =>
  checkedApi(ListNotificationsView, `/lists/${listId}/notifications`, { method: 'PUT', body: { muted }, idempotencyKey: newIdempotencyKey() });

export const sendGoingShopping = (listId: string) =>
  checkedApi(GoingShoppingView, `/lists/${listId}/going-shopping`, { method: 'POST', idempotencyKey: newIdempotencyKey() });
