import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateListBody,
  CustomPromptsBody,
  ListIdParams,
  ListResponse,
  ListsResponse,
  PublicListResponse,
  RenameListBody,
  VisibilityBody,
} from '../../common/schemas/lists.ts';
import { callerOf } from '../http/authenticate.ts';
import type { ListService } from './lists.service.ts';

/**
 * The list calls. Response schemas are allow-lists: a field not in the schema never leaves,
 * whatever a presenter returns.
 */
export function listsRoutes(lists: ListService): FastifyPluginAsyncZod {
  return async (app) => {
    const params = ListIdParams;

    app.get('/lists', { schema: { response: { 200: ListsResponse } } }, async (request) => ({
      lists: await lists.listsOf(callerOf(request).user.id),
    }));

    app.post(
      '/lists',
      { schema: { body: CreateListBody, response: { 201: ListResponse } } },
      async (request, reply) =>
        reply.status(201).send({ list: await lists.create(callerOf(request).user.id, request.body.name) }),
    );

    app.put(
      '/lists/:id',
      { schema: { params, body: RenameListBody, response: { 200: ListResponse } } },
      async (request) => ({ list: await lists.rename(request.params.id, callerOf(request).user.id, request.body.name) }),
    );

    app.delete('/lists/:id', { schema: { params } }, async (request, reply) => {
      await lists.remove(request.params.id, callerOf(request).user.id);
      return reply.status(204).send();
    });

    app.put(
      '/lists/:id/visibility',
      { schema: { params, body: VisibilityBody, response: { 200: ListResponse } } },
      async (request) => ({
        list: await lists.setVisibility(request.params.id, callerOf(request).user.id, request.body),
      }),
    );

    app.put(
      '/lists/:id/custom-prompts',
      { schema: { params, body: CustomPromptsBody, response: { 200: ListResponse } } },
      async (request) => ({
        list: await lists.setCustomPrompts(request.params.id, callerOf(request).user.id, request.body),
      }),
    );

    app.get(
      '/lists/public/:id',
      { config: { public: true }, schema: { params, response: { 200: PublicListResponse } } },
      async (request) => lists.publicList(request.params.id),
    );
  };
}
