import type { FastifyInstance } from 'fastify';
import { queryParamRepeated } from '../../common/messages.ts';
import { badRequest } from '../domain/errors.ts';

/**
 * A parameter given twice (`?limit=1&limit=2`) reaches the route as an array, which its schema
 * then describes as a number that is "NaN" or a string that is an array. Every query parameter
 * of the API is one value, so a repeated one is refused by its name before validation. Only
 * routes that declare a query schema are checked: the live socket reads its own and answers
 * on the socket (realtime.routes.ts).
 */
export function registerSingleQueryValues(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.routeOptions.schema?.querystring) return done();
    const repeated = Object.entries(request.query as Record<string, unknown>).find(([, value]) => Array.isArray(value));
    if (repeated) return done(badRequest(queryParamRepeated(repeated[0])));
    done();
  });
}
