import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NoBody } from '../../common/schemas/api.ts';
import { ListIdParams } from '../../common/schemas/lists.ts';
import {
  GoingShoppingView,
  ListNotificationsBody,
  ListNotificationsView,
  PushStatusView,
  PushSubscriptionBody,
} from '../../common/schemas/push.ts';
import { actorOf } from '../http/authenticate.ts';
import type { PushService } from './push.service.ts';

/** Notifications: this device's subscription, a list's mute, and the "going shopping" ping. */
export function pushRoutes(push: PushService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/push', { schema: { response: { 200: PushStatusView } } }, async (request) => push.status(actorOf(request)));
    app.put('/push/subscription', { schema: { body: PushSubscriptionBody, response: { 204: NoBody } } }, async (request, reply) => {
      await push.subscribe(actorOf(request), request.body);
      return reply.status(204).send();
    });
    app.delete('/push/subscription', { schema: { response: { 204: NoBody } } }, async (request, reply) => {
      await push.unsubscribe(actorOf(request));
      return reply.status(204).send();
    });
    app.get(
      '/lists/:id/notifications',
      { schema: { params: ListIdParams, response: { 200: ListNotificationsView } } },
      async (request) => ({ muted: await push.muted(actorOf(request), request.params.id) }),
    );
    app.put(
      '/lists/:id/notifications',
      { schema: { params: ListIdParams, body: ListNotificationsBody, response: { 200: ListNotificationsView } } },
      async (request) => ({ muted: await push.setMuted(actorOf(request), request.params.id, request.body.muted) }),
    );
    app.post(
      '/lists/:id/going-shopping',
      { schema: { params: ListIdParams, response: { 200: GoingShoppingView } } },
      async (request) => push.goingShopping(actorOf(request), request.params.id),
    );
  };
}
