import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UndoParams, UndoResponse } from '../../common/schemas/undo.ts';
import { actorOf } from '../http/authenticate.ts';
import { claimKeysWithTheWrite } from '../http/idempotency.ts';
import { ok } from '../http/route-answer.ts';
import type { UndoService } from './undo.service.ts';

/** POST /lists/{id}/undo/{undoId} (docs/api.md, "Undo"). */
export function undoRoutes(undo: UndoService): FastifyPluginAsyncZod {
  return async (app) => {
    claimKeysWithTheWrite(app);
    app.post(
      '/lists/:id/undo/:undoId',
      { schema: { params: UndoParams, response: { 200: UndoResponse } }, config: { answer: ok } },
      async (request) => undo.undo(actorOf(request), request.params.id, request.params.undoId),
    );
  };
}
