import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { ApiErrorBody, HealthView } from '../../common/schemas/api.ts';
import type { Database } from '../db/open.ts';
import { errorBody } from './error-handler.ts';

/**
 * `/health`: the process answers (liveness; says nothing about the deployment to strangers).
 * `/ready`: the process can serve, i.e. its database answers (for a load balancer's checks).
 */
export function healthRoutes(database: Database): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { public: true };
    app.get('/health', { config, schema: { response: { 200: HealthView } } }, async () => ({ status: 'ok' }) satisfies HealthView);
    app.get('/ready', { config, schema: { response: { 200: HealthView, 503: ApiErrorBody } } }, async (request, reply) => {
      try {
        await sql`select 1`.execute(database.db);
        return { status: 'ok' } satisfies HealthView;
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check: the database does not answer');
        return reply.status(503).send(errorBody('not_ready', SERVER_MESSAGES.notReady));
      }
    });
  };
}
