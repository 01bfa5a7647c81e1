import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NoBody } from '../../common/schemas/api.ts';
import {
  BatchItemsBody,
  BatchItemsResponse,
  CreateItemBody,
  CreateItemResponse,
  ItemIdParams,
  ItemsPageQuery,
  ItemsResponse,
  ItemView,
  ReorderItemsBody,
  ReplaceItemsBody,
  ReplaceItemsResponse,
  UpdateItemBody,
} from '../../common/schemas/items.ts';
import { ListIdParams } from '../../common/schemas/lists.ts';
import { ClearCompletedBody, ClearPropertiesBody, ClearResponse, UndoQuery } from '../../common/schemas/undo.ts';
import { actorOf, serveApps } from '../http/authenticate.ts';
import { claimKeysWithTheWrite } from '../http/idempotency.ts';
import { createdIfChanged, forTheAnswer, noContent, ok } from '../http/route-answer.ts';
import type { ClearService } from './clear.service.ts';
import type { ItemService } from './items.service.ts';

/**
 * The item calls of docs/api.md, "Items". Static segments win over parameters in Fastify's router, so
 * `/items/batch`, `/items/replace`, `/items/clear-*` and `/items/order` are never taken for an item id. Adds answer 201 when they
 * changed the list, 200 when every name was already on it. Each write's handler returns the value
 * its service made inside the write, and its `answer` makes the reply of it (route-answer.ts), so
 * an Idempotency-Key's answer commits with the change.
 */
export function itemsRoutes(items: ItemService, clear: ClearService): FastifyPluginAsyncZod {
  return async (app) => {
    claimKeysWithTheWrite(app);
    serveApps(app);
    app.get('/lists/:id/items', { schema: { params: ListIdParams, querystring: ItemsPageQuery, response: { 200: ItemsResponse } } }, async (request) => {
      return items.list(actorOf(request), request.params.id, request.query);
    });
    app.post(
      '/lists/:id/items/batch',
      { schema: { params: ListIdParams, body: BatchItemsBody, response: { 200: BatchItemsResponse, 201: BatchItemsResponse } }, config: { answer: createdIfChanged } },
      async (request) => forTheAnswer(await items.addBatch(actorOf(request), request.params.id, request.body.items)),
    );
    app.post(
      '/lists/:id/items',
      { schema: { params: ListIdParams, body: CreateItemBody, response: { 200: CreateItemResponse, 201: CreateItemResponse } }, config: { answer: createdIfChanged } },
      async (request) => forTheAnswer(await items.addOne(actorOf(request), request.params.id, request.body)),
    );
    app.post(
      '/lists/:id/items/replace',
      { schema: { params: ListIdParams, body: ReplaceItemsBody, response: { 200: ReplaceItemsResponse, 201: ReplaceItemsResponse } }, config: { answer: createdIfChanged } },
      async (request) => forTheAnswer(await items.replace(actorOf(request), request.params.id, request.body.remove, request.body.items)),
    );
    app.post(
      '/lists/:id/items/clear-completed',
      { schema: { params: ListIdParams, body: ClearCompletedBody, response: { 200: ClearResponse } }, config: { answer: ok } },
      async (request) => clear.clearCompleted(actorOf(request), request.params.id, request.body.ids, request.body.undo_id),
    );
    app.post(
      '/lists/:id/items/clear-properties',
      { schema: { params: ListIdParams, body: ClearPropertiesBody, response: { 200: ClearResponse } }, config: { answer: ok } },
      async (request) => clear.clearProperties(actorOf(request), request.params.id, request.body.keys, request.body.undo_id),
    );
    app.put(
      '/lists/:id/items/order',
      { schema: { params: ListIdParams, body: ReorderItemsBody, response: { 200: ItemsResponse } }, config: { answer: ok } },
      async (request) => items.reorder(actorOf(request), request.params.id, request.body.ids),
    );
    app.put(
      '/lists/:id/items/:itemId',
      { schema: { params: ItemIdParams, body: UpdateItemBody, response: { 200: ItemView } }, config: { answer: ok } },
      async (request) => items.update(actorOf(request), request.params.id, request.params.itemId, request.body),
    );
    app.delete(
      '/lists/:id/items/:itemId',
      { schema: { params: ItemIdParams, querystring: UndoQuery, response: { 204: NoBody } }, config: { answer: noContent } },
      async (request) => items.remove(actorOf(request), request.params.id, request.params.itemId, request.query.undo),
    );
  };
}
