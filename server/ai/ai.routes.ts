import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AI_PHOTO_BODY_LIMIT_BYTES } from '../../common/ai.ts';
import { AiInfoResponse, ItemAiBody, PhotoBody, PhotoItemsResponse, ProcessItemsResponse, ProviderBody, SortBody } from '../../common/schemas/ai.ts';
import { ItemIdParams, ItemsResponse, ItemView } from '../../common/schemas/items.ts';
import { ListIdParams } from '../../common/schemas/lists.ts';
import { actorOf } from '../http/authenticate.ts';
import { aiErrors } from './ai-errors.ts';
import type { AiService } from './ai.service.ts';

/**
 * What every AI call passes before it runs: the caller's `can_use_ai` (403), a provider configured
 * (501), and the caller's budget of AI calls a minute (429, with the seconds to wait), in that
 * order. The AI routes run it first thing; the MCP sort tool too.
 */
export function createAiGate(app: FastifyInstance, ai: AiService | undefined, perMinute: number) {
  const counter =
    perMinute === 0
      ? undefined
      : app.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `ai:${actorOf(request).user.id}` });
  return async (request: FastifyRequest): Promise<AiService> => {
    if (!actorOf(request).user.can_use_ai) throw aiErrors.notAllowed();
    if (!ai) throw aiErrors.notConfigured();
    const result = await counter?.(request);
    if (result && !result.isAllowed && result.isExceeded) throw aiErrors.rateLimited(result.ttlInSeconds);
    return ai;
  };
}

/** The gate as the AI routes' preHandler. Validation comes first (Fastify), so a malformed request costs nothing of the budget. */
function aiGate(app: FastifyInstance, ai: AiService | undefined, perMinute: number): preHandlerAsyncHookHandler {
  const gate = createAiGate(app, ai, perMinute);
  return async (request) => {
    await gate(request);
  };
}

export function aiRoutes(ai: AiService | undefined, options: { rateLimitPerMinute: number }): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = aiGate(app, ai, options.rateLimitPerMinute);
    // The gate has refused every call when there is no service.
    const service = () => ai!;

    // What the AI settings offer: any signed-in user may ask, AI access or not; it costs no budget.
    app.get('/ai', { schema: { response: { 200: AiInfoResponse } } }, async () => ai?.info() ?? { provider: 'none' as const, model_choice: false });

    app.post('/lists/:id/sort', { preHandler, schema: { params: ListIdParams, body: SortBody, response: { 200: ItemsResponse } }, config: { delegated: true } }, async (request) => {
      const { provider, prompt, undo_id } = request.body;
      return service().sort(actorOf(request), request.params.id, provider, prompt, undo_id);
    });

    app.post('/lists/:id/items/:itemId/properties', { preHandler, schema: { params: ItemIdParams, body: ItemAiBody, response: { 200: ItemView } } }, async (request) => {
      const { id, itemId } = request.params;
      const body = request.body;
      return body.action === 'translate'
        ? service().translate(actorOf(request), id, itemId, body.provider, body.language)
        : service().addProperties(actorOf(request), id, itemId, body.provider, body.properties);
    });

    app.post('/lists/:id/items/:itemId/reprocess', { preHandler, schema: { params: ItemIdParams, body: ProviderBody, response: { 200: ItemView } } }, async (request) => {
      const { id, itemId } = request.params;
      return service().reprocess(actorOf(request), id, itemId, request.body.provider);
    });

    app.post('/lists/:id/process-items', { preHandler, schema: { params: ListIdParams, body: ProviderBody, response: { 200: ProcessItemsResponse } } }, async (request) => {
      return service().processItems(actorOf(request), request.params.id, request.body.provider);
    });

    // A static segment: never taken for an item id (as /items/batch and /items/order).
    app.post(
      '/lists/:id/items/photo',
      { preHandler, bodyLimit: AI_PHOTO_BODY_LIMIT_BYTES, schema: { params: ListIdParams, body: PhotoBody, response: { 200: PhotoItemsResponse } } },
      async (request) => service().readPhoto(actorOf(request), request.params.id, request.body.provider, request.body.photoData),
    );
  };
}
