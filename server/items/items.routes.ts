import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BatchItemsBody,
  CreateItemBody,
  ItemIdParams,
  ItemsPageQuery,
  ReorderItemsBody,
  UpdateItemBody,
} from '../../common/schemas/items.ts';
import { ListIdParams } from '../../common/schemas/lists.ts';
import { actorOf } from '../http/authenticate.ts';
import { claimKeysWithTheWrite } from '../http/idempotency.ts';
import type { ItemService } from './items.service.ts';

/**
 * The item calls of spec section 7. Static segments win over parameters in Fastify's router, so
 * `/items/batch` and `/items/order` are never taken for an item id. Adds answer 201 when they
 * changed the list, 200 when every name was already on it.
 */
export function itemsRoutes(items: ItemService): FastifyPluginAsyncZod {
  return async (app) => {
    claimKeysWithTheWrite(app);
    app.get('/lists/:id/items', { schema: { params: ListIdParams, querystring: ItemsPageQuery } }, async (request) => {
      return items.list(actorOf(request), request.params.id, request.query);
    });
    app.post('/lists/:id/items/batch', { schema: { params: ListIdParams, body: BatchItemsBody } }, async (request, reply) => {
      const { body, created } = await items.addBatch(actorOf(request), request.params.id, request.body.items);
      return reply.status(created ? 201 : 200).send(body);
    });
    app.post('/lists/:id/items', { schema: { params: ListIdParams, body: CreateItemBody } }, async (request, reply) => {
      const { body, created } = await items.addOne(actorOf(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(body);
    });
    app.put('/lists/:id/items/order', { schema: { params: ListIdParams, body: ReorderItemsBody } }, async (request) => {
      return items.reorder(actorOf(request), request.params.id, request.body.ids);
    });
    app.put('/lists/:id/items/:itemId', { schema: { params: ItemIdParams, body: UpdateItemBody } }, async (request) => {
      const { id, itemId } = request.params;
      return items.update(actorOf(request), id, itemId, request.body);
    });
    app.delete('/lists/:id/items/:itemId', { schema: { params: ItemIdParams } }, async (request, reply) => {
      await items.remove(actorOf(request), request.params.id, request.params.itemId);
      return reply.status(204).send();
    });
  };
}
