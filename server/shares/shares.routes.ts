import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NoBody } from '../../common/schemas/api.ts';
import { ListIdParams, ListResponse } from '../../common/schemas/lists.ts';
import {
  InvitationLinkBody,
  InvitationLinkView,
  InvitationsResponse,
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
    }),
  ];
}

/** Shares, invitations by e-mail or link, the share link's join call and its public invitation. */
export function sharesRoutes(shares: ShareService, options: { inviteLimitPerMinute: number }): FastifyPluginAsyncZod {
  return async (app) => {
    const params = ListIdParams;
    app.get(
      '/lists/:id/shares',
      { schema: { params, response: { 200: SharesResponse } } },
      async (request) => shares.sharesOf(actorOf(request), request.params.id),
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
    app.delete('/lists/:id/shares/:userId', { schema: { params: ShareParams, response: { 204: NoBody } } }, async (request, reply) => {
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
    app.get('/invitations', { schema: { response: { 200: InvitationsResponse } } }, async (request) =>
      shares.waitingInvitations(actorOf(request)),
    );
    // The token travels in the body, never in a URL that logs keep (decision 047).
    app.post(
      '/invitation-links/view',
      { config: { public: true }, schema: { body: InvitationLinkBody, response: { 200: InvitationLinkView } } },
      async (request) => shares.invitationLink(request.body.token),
    );
    app.post(
      '/invitation-links/accept',
      { schema: { body: InvitationLinkBody, response: { 200: ListResponse } } },
      async (request) => ({ list: await shares.acceptInvitationLink(actorOf(request), request.body.token) }),
    );
  };
}
