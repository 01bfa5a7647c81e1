import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminUserParams, AdminUserResponse, SetAiAccessBody } from '../../common/schemas/ai.ts';
import { actorOf } from '../http/authenticate.ts';
import type { AdminService } from './admin.service.ts';

/** Calls for the server's administrators (ADMIN_EMAILS). */
export function adminRoutes(admin: AdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/admin/users/:id/ai',
      { schema: { params: AdminUserParams, body: SetAiAccessBody, response: { 200: AdminUserResponse } } },
      async (request) => ({ user: await admin.setAiAccess(actorOf(request), request.params.id, request.body.can_use_ai) }),
    );
  };
}
