import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AI_PHOTO_BODY_LIMIT_BYTES } from '../../common/ai.ts';
import { AiInfoResponse, ItemAiBody, PhotoBody, ProviderBody, SortBody } from '../../common/schemas/ai.ts';
import { ItemIdParams } from '../../common/schemas/items.ts';
import { ListIdParams } from '../../common/schemas/lists.ts';
import { actorOf } from '../http/authenticate.ts';
import { aiErrors } from './ai-errors.ts';
import type { AiService } from './ai.service.ts';

/**
 * The AI calls of spec section 7. Before any of them runs: the caller's `can_use_ai` (403), a
 * provider configured (501), and the caller's budget of AI calls a minute (429), in that order.
 * Validation comes first (Fastify), so a malformed request costs nothing of the budget.
 */
function aiGate(app: FastifyInstance, ai: AiService | undefined, perMinute: number): preHandlerAsyncHookHandler {
  const counter =
    perMinute === 0
      ? undefined
      : app.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `ai:${actorOf(request).user.id}` });
  return async (request, reply) => {
    if (!actorOf(request).user.can_use_ai) throw aiErrors.notAllowed();
    if (!ai) throw aiErrors.notConfigured();
    const result = await counter?.(request);
    if (result && !result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw aiErrors.rateLimited();
    }
  };
}

export function aiRoutes(ai: AiService | undefined, options: { rateLimitPerMinute: number }): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = aiGate(app, ai, options.rateLimitPerMinute);
    // The gate has refused every call when there is no service.
    const service = () => ai!;

    // What the AI settings offer: any signed-in user may ask, AI access or not; it costs no budget.
    app.get('/ai', { schema: { response: { 200: AiInfoResponse } } }, async () => ai?.info() ?? { provider: 'none' as const, model_choice: false });

    app.post('/lists/:id/sort', { preHandler, schema: { params: ListIdParams, body: SortBody } }, async (request) => {
      const { provider, prompt } = request.body;
      return service().sort(actorOf(request), request.params.id, provider, prompt);
    });

    app.post('/lists/:id/items/:itemId/properties', { preHandler, schema: { params: ItemIdParams, body: ItemAiBody } }, async (request) => {
      const { id, itemId } = request.params;
      const body = request.body;
      return body.action === 'translate'
        ? service().translate(actorOf(request), id, itemId, body.provider, body.language)
        : service().addProperties(actorOf(request), id, itemId, body.provider, body.properties);
    });

    app.post('/lists/:id/items/:itemId/reprocess', { preHandler, schema: { params: ItemIdParams, body: ProviderBody } }, async (request) => {
      const { id, itemId } = request.params;
      return service().reprocess(actorOf(request), id, itemId, request.body.provider);
    });

    app.post('/lists/:id/process-items', { preHandler, schema: { params: ListIdParams, body: ProviderBody } }, async (request) => {
      return service().processItems(actorOf(request), request.params.id, request.body.provider);
    });

    // A static segment: never taken for an item id (as /items/batch and /items/order).
    app.post(
      '/lists/:id/items/photo',
      { preHandler, bodyLimit: AI_PHOTO_BODY_LIMIT_BYTES, schema: { params: ListIdParams, body: PhotoBody } },
      async (request) => service().readPhoto(actorOf(request), request.params.id, request.body.provider, request.body.photoData),
    );
  };
}
