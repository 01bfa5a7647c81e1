import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NoBody } from '../../common/schemas/api.ts';
import { ItemsPageQuery } from '../../common/schemas/items.ts';
import {
  CreateListBody,
  CustomPromptsBody,
  ListIdParams,
  ListResponse,
  ListsResponse,
  PublicListResponse,
  RenameListBody,
  VisibilityBody,
  type ListView,
} from '../../common/schemas/lists.ts';
import { actorOf, serveApps } from '../http/authenticate.ts';
import { claimKeysWithTheWrite } from '../http/idempotency.ts';
import { createdIfChanged, noContent, ok } from '../http/route-answer.ts';
import type { ListService } from './lists.service.ts';

/**
 * The list calls. Response schemas are allow-lists: a field not in the schema never leaves,
 * whatever a presenter returns. Each write's handler returns the value its service made inside the
 * write, and its `answer` makes the reply of it (route-answer.ts), so an Idempotency-Key's answer
 * commits with the change.
 */
export function listsRoutes(lists: ListService): FastifyPluginAsyncZod {
  return async (app) => {
    claimKeysWithTheWrite(app);
    serveApps(app);
    const params = ListIdParams;
    app.get('/lists', { schema: { response: { 200: ListsResponse } } }, async (request) => ({
      lists: await lists.listsOf(actorOf(request)),
    }));
    app.post(
      '/lists',
      {
        schema: { body: CreateListBody, response: { 200: ListResponse, 201: ListResponse } },
        config: { answer: ({ list, created }: { list: ListView; created: boolean }) => createdIfChanged({ body: { list }, created }) },
      },
      async (request) => lists.create(actorOf(request), request.body),
    );
    app.get('/lists/:id', { schema: { params, response: { 200: ListResponse } } }, async (request) => ({
      list: await lists.get(actorOf(request), request.params.id),
    }));
    app.put(
      '/lists/:id',
      { schema: { params, body: RenameListBody, response: { 200: ListResponse } }, config: { answer: ok } },
      async (request) => lists.rename(actorOf(request), request.params.id, request.body),
    );
    app.delete('/lists/:id', { schema: { params, response: { 204: NoBody } }, config: { answer: noContent } }, async (request) =>
      lists.remove(actorOf(request), request.params.id),
    );
    app.put(
      '/lists/:id/visibility',
      { schema: { params, body: VisibilityBody, response: { 200: ListResponse } }, config: { answer: ok } },
      async (request) => lists.setVisibility(actorOf(request), request.params.id, request.body),
    );
    app.put(
      '/lists/:id/custom-prompts',
      { schema: { params, body: CustomPromptsBody, response: { 200: ListResponse } }, config: { answer: ok } },
      async (request) => lists.setCustomPrompts(actorOf(request), request.params.id, request.body),
    );
    app.get(
      '/lists/public/:id',
      { config: { public: true }, schema: { params, querystring: ItemsPageQuery, response: { 200: PublicListResponse } } },
      async (request) => lists.publicList(request.params.id, request.query),
    );
  };
}
