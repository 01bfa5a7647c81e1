import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ListIdParams, ListResponse } from '../../common/schemas/lists.ts';
import {
  InvitationView,
  InviteBody,
  ShareParams,
  ShareResponse,
  SharesResponse,
  UpdateShareBody,
} from '../../common/schemas/shares.ts';
import { actorOf } from '../http/authenticate.ts';
import type { ShareService } from './shares.service.ts';

/** Invitations send mail to any address: a per-user limit keeps an account from becoming a spam relay. */
function inviteRateLimit(app: FastifyInstance, perMinute: number): preHandlerAsyncHookHandler[] {
  if (perMinute === 0) return [];
  return [
    app.rateLimit({
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `invite:user:${request.actor?.user.id ?? request.ip}`,
    }) as preHandlerAsyncHookHandler,
  ];
}

/** Shares, invitations by e-mail, the share link's join call and its public invitation. */
export function sharesRoutes(shares: ShareService, options: { inviteLimitPerMinute: number }): FastifyPluginAsyncZod {
  return async (app) => {
    const params = ListIdParams;
    app.get(
      '/lists/:id/shares',
      { schema: { params, response: { 200: SharesResponse } } },
      async (request) => ({ shares: await shares.sharesOf(actorOf(request), request.params.id) }),
    );
    app.post(
      '/lists/:id/shares',
      {
        preHandler: inviteRateLimit(app, options.inviteLimitPerMinute),
        schema: { params, body: InviteBody, response: { 200: ShareResponse, 201: ShareResponse } },
      },
      async (request, reply) => {
        const { share, created } = await shares.invite(actorOf(request), request.params.id, request.body);
        return reply.status(created ? 201 : 200).send({ share });
      },
    );
    app.put(
      '/lists/:id/shares/:userId',
      { schema: { params: ShareParams, body: UpdateShareBody, response: { 200: ShareResponse } } },
      async (request) => {
        const { id, userId } = request.params;
        return { share: await shares.setPermission(actorOf(request), id, userId, request.body.permission) };
      },
    );
    app.delete('/lists/:id/shares/:userId', { schema: { params: ShareParams } }, async (request, reply) => {
      await shares.remove(actorOf(request), request.params.id, request.params.userId);
      return reply.status(204).send();
    });
    app.post('/lists/:id/join', { schema: { params, response: { 200: ListResponse } } }, async (request) => ({
      list: await shares.join(actorOf(request), request.params.id),
    }));
    app.get(
      '/lists/:id/invitation',
      { config: { public: true }, schema: { params, response: { 200: InvitationView } } },
      async (request) => shares.invitation(request.params.id),
    );
  };
}
