import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NoBody } from '../../common/schemas/api.ts';
import { ListIdParams } from '../../common/schemas/lists.ts';
import { StoreOrderQuery, StoreOrderResponse } from '../../common/schemas/store-order.ts';
import { actorOf } from '../http/authenticate.ts';
import { claimKeysWithTheWrite } from '../http/idempotency.ts';
import { noContent } from '../http/route-answer.ts';
import type { StoreOrderService } from './store-order.service.ts';

/** The learned store order of a list (docs/api.md, "Store order"). */
export function storeOrderRoutes(storeOrder: StoreOrderService): FastifyPluginAsyncZod {
  return async (app) => {
    claimKeysWithTheWrite(app);
    const schema = { params: ListIdParams, querystring: StoreOrderQuery };
    app.get('/lists/:id/store-order', { schema: { ...schema, response: { 200: StoreOrderResponse } } }, async (request) =>
      storeOrder.read(actorOf(request), request.params.id, request.query.store),
    );
    app.delete('/lists/:id/store-order', { schema: { ...schema, response: { 204: NoBody } }, config: { answer: noContent } }, async (request) =>
      storeOrder.reset(actorOf(request), request.params.id, request.query.store),
    );
  };
}
