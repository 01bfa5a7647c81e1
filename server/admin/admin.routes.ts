import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NoBody } from '../../common/schemas/api.ts';
import {
  AdminContactsResponse,
  AdminServerResponse,
  AdminUserParams,
  AdminUserResponse,
  AdminUsersQuery,
  AdminUsersResponse,
  DeleteUserBody,
  SetAiAccessBody,
  SetDisabledBody,
} from '../../common/schemas/admin.ts';
import { actorOf } from '../http/authenticate.ts';
import type { AdminService } from './admin.service.ts';

/** Calls for the server's administrators (ADMIN_EMAILS), and who they are (docs/api.md "Administration"). */
export function adminRoutes(admin: AdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/admin/contacts', { schema: { response: { 200: AdminContactsResponse } } }, async (request) =>
      admin.contacts(actorOf(request)),
    );
    app.get('/admin/server', { schema: { response: { 200: AdminServerResponse } } }, async (request) =>
      admin.serverFacts(actorOf(request)),
    );
    app.get('/admin/users', { schema: { querystring: AdminUsersQuery, response: { 200: AdminUsersResponse } } }, async (request) =>
      admin.listUsers(actorOf(request), request.query),
    );
    app.put(
      '/admin/users/:id/ai',
      { schema: { params: AdminUserParams, body: SetAiAccessBody, response: { 200: AdminUserResponse } } },
      async (request) => ({ user: await admin.setAiAccess(actorOf(request), request.params.id, request.body.can_use_ai) }),
    );
    app.put(
      '/admin/users/:id/disabled',
      { schema: { params: AdminUserParams, body: SetDisabledBody, response: { 200: AdminUserResponse } } },
      async (request) => ({ user: await admin.setDisabled(actorOf(request), request.params.id, request.body.disabled) }),
    );
    app.post(
      '/admin/users/:id/confirm-email',
      { schema: { params: AdminUserParams, response: { 200: AdminUserResponse } } },
      async (request) => ({ user: await admin.confirmAddress(actorOf(request), request.params.id) }),
    );
    app.delete(
      '/admin/users/:id',
      { schema: { params: AdminUserParams, body: DeleteUserBody, response: { 204: NoBody } } },
      async (request, reply) => {
        await admin.deleteUser(actorOf(request), request.params.id, request.body.email);
        return reply.status(204).send();
      },
    );
  };
}
