import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BatchItemsBody,
  CreateItemBody,
  ItemIdParams,
  ItemsPageQuery,
  ReorderItemsBody,
  ReplaceItemsBody,
  UpdateItemBody,
} from '../../common/schemas/items.ts';
import { ListIdParams } from '../../common/schemas/lists.ts';
import { actorOf } from '../http/authenticate.ts';
import { claimKeysWithTheWrite } from '../http/idempotency.ts';
import { createdIfChanged, noContent, ok } from '../http/route-answer.ts';
import type { ItemService } from './items.service.ts';

/**
 * The item calls of spec section 7. Static segments win over parameters in Fastify's router, so
 * `/items/batch`, `/items/replace` and `/items/order` are never taken for an item id. Adds answer 201 when they
 * changed the list, 200 when every name was already on it. Each write's handler returns the value
 * its service made inside the write, and its `answer` makes the reply of it (route-answer.ts), so
 * an Idempotency-Key's answer commits with the change.
 */
export function itemsRoutes(items: ItemService): FastifyPluginAsyncZod {
  return async (app) => {
    claimKeysWithTheWrite(app);
    app.get('/lists/:id/items', { schema: { params: ListIdParams, querystring: ItemsPageQuery } }, async (request) => {
      return items.list(actorOf(request), request.params.id, request.query);
    });
    app.post(
      '/lists/:id/items/batch',
      { schema: { params: ListIdParams, body: BatchItemsBody }, config: { answer: createdIfChanged } },
      async (request) => items.addBatch(actorOf(request), request.params.id, request.body.items),
    );
    app.post(
      '/lists/:id/items',
      { schema: { params: ListIdParams, body: CreateItemBody }, config: { answer: createdIfChanged } },
      async (request) => items.addOne(actorOf(request), request.params.id, request.body),
    );
    app.post(
      '/lists/:id/items/replace',
      { schema: { params: ListIdParams, body: ReplaceItemsBody }, config: { answer: createdIfChanged } },
      async (request) => items.replace(actorOf(request), request.params.id, request.body.remove, request.body.items),
    );
    app.put(
      '/lists/:id/items/order',
      { schema: { params: ListIdParams, body: ReorderItemsBody }, config: { answer: ok } },
      async (request) => items.reorder(actorOf(request), request.params.id, request.body.ids),
    );
    app.put(
      '/lists/:id/items/:itemId',
      { schema: { params: ItemIdParams, body: UpdateItemBody }, config: { answer: ok } },
      async (request) => items.update(actorOf(request), request.params.id, request.params.itemId, request.body),
    );
    app.delete(
      '/lists/:id/items/:itemId',
      { schema: { params: ItemIdParams }, config: { answer: noContent } },
      async (request) => items.remove(actorOf(request), request.params.id, request.params.itemId),
    );
  };
}
