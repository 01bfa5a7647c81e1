import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_BODY_LIMIT_BYTES } from '../../common/images.ts';
import { UploadImageBody, type DeleteImageResponse } from '../../common/schemas/images.ts';
import { ItemIdParams } from '../../common/schemas/items.ts';
import { actorOf } from '../http/authenticate.ts';
import type { ImageService } from './images.service.ts';
import type { MediaService } from './media.ts';
import { MEDIA_PATH } from './media-urls.ts';

/**
 * Wrong, over-long or missing values are a link that is not valid (403), not a malformed request
 * (400): the signature check reads only values of the right shape, and the URL's own limit bounds them.
 */
const MediaQuery = z.object({ exp: z.string().optional(), sig: z.string().optional() });
const MediaParams = z.object({ '*': z.string() });

/** The image calls of spec section 7, and the signed media URLs that items carry. */
export function imagesRoutes(images: ImageService, media: MediaService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/lists/:id/items/:itemId/image',
      { bodyLimit: IMAGE_BODY_LIMIT_BYTES, schema: { params: ItemIdParams, body: UploadImageBody } },
      async (request) => images.attach(actorOf(request), request.params.id, request.params.itemId, request.body.imageData),
    );
    app.delete('/lists/:id/items/:itemId/image', { schema: { params: ItemIdParams } }, async (request): Promise<DeleteImageResponse> => {
      await images.remove(actorOf(request), request.params.id, request.params.itemId);
      return { success: true };
    });
    app.get(
      `${MEDIA_PATH}*`,
      { config: { public: true }, schema: { params: MediaParams, querystring: MediaQuery } },
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
