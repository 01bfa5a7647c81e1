import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGE_BODY_LIMIT_BYTES } from '../../common/images.ts';
import { Redirect } from '../../common/schemas/api.ts';
import { DeleteImageResponse, MediaFile, MediaParams, MediaQuery, UploadImageBody } from '../../common/schemas/images.ts';
import { UndoQuery } from '../../common/schemas/undo.ts';
import { ItemIdParams, ItemView } from '../../common/schemas/items.ts';
import { actorOf } from '../http/authenticate.ts';
import type { ImageService } from './images.service.ts';
import type { MediaService } from './media.ts';
import { MEDIA_PATH } from './media-urls.ts';

/** The image calls (docs/api.md, "Images"), and the signed media URLs that items carry. */
export function imagesRoutes(images: ImageService, media: MediaService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/lists/:id/items/:itemId/image',
      { bodyLimit: IMAGE_BODY_LIMIT_BYTES, schema: { params: ItemIdParams, body: UploadImageBody, response: { 200: ItemView } } },
      async (request) => images.attach(actorOf(request), request.params.id, request.params.itemId, request.body.imageData),
    );
    app.delete(
      '/lists/:id/items/:itemId/image',
      { schema: { params: ItemIdParams, querystring: UndoQuery, response: { 200: DeleteImageResponse } } },
      async (request): Promise<DeleteImageResponse> => {
        await images.remove(actorOf(request), request.params.id, request.params.itemId, request.query.undo);
        return { success: true };
      },
    );
    app.get(
      `${MEDIA_PATH}*`,
      { config: { public: true }, schema: { params: MediaParams, querystring: MediaQuery, response: { 200: MediaFile, 302: Redirect } } },
      async (request, reply) => {
        const answer = await media.resolve(request.params['*'], request.query.exp, request.query.sig);
        // `private`: no shared cache keeps a user's photo; the file never changes under its key.
        reply.header('cache-control', `private, max-age=${answer.maxAgeSeconds}, immutable`);
        if (answer.kind === 'redirect') return reply.redirect(answer.url, 302);
        return reply.type(answer.contentType).header('content-length', answer.size).send(answer.stream);
      },
    );
  };
}
