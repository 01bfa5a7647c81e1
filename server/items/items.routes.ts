import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BatchItemsBody,
  CreateItemBody,
  ItemIdParams,
  type ItemsResponse,
  ListIdParams,
  ReorderItemsBody,
  UpdateItemBody,
} from '../../common/schemas/items.ts';
import { callerOf } from '../http/authenticate.ts';
import type { ItemService } from './items.service.ts';

/**
 * The item calls of spec section 7. Static segments win over parameters in Fastify's router, so
 * `/items/batch` and `/items/order` are never taken for an item id.
 */
export function itemsRoutes(items: ItemService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/lists/:id/items', { schema: { params: ListIdParams } }, async (request) => {
      return { items: await items.list(request.params.id, callerOf(request).user.id) } satisfies ItemsResponse;
    });

    app.post('/lists/:id/items/batch', { schema: { params: ListIdParams, body: BatchItemsBody } }, async (request, reply) => {
      const contents = request.body.items.map((item) => item.content);
      return reply.status(201).send(await items.addBatch(request.params.id, callerOf(request).user.id, contents));
    });

    app.post('/lists/:id/items', { schema: { params: ListIdParams, body: CreateItemBody } }, async (request, reply) => {
      return reply.status(201).send(await items.addOne(request.params.id, callerOf(request).user.id, request.body.content));
    });

    app.put('/lists/:id/items/order', { schema: { params: ListIdParams, body: ReorderItemsBody } }, async (request) => {
      return { items: await items.reorder(request.params.id, callerOf(request).user.id, request.body.ids) } satisfies ItemsResponse;
    });

    app.put('/lists/:id/items/:itemId', { schema: { params: ItemIdParams, body: UpdateItemBody } }, async (request) => {
      const { id, itemId } = request.params;
      return items.update(id, itemId, callerOf(request).user.id, request.body);
    });

    app.delete('/lists/:id/items/:itemId', { schema: { params: ItemIdParams } }, async (request, reply) => {
      await items.remove(request.params.id, request.params.itemId, callerOf(request).user.id);
      return reply.status(204).send();
    });
  };
}
