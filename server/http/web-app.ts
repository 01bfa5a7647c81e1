import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { errorBody } from './error-handler.ts';

export const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../dist/web');

/**
 * Serves the built web app, and index.html for every other GET that wants a page, so that deep
 * links (/join/…, /lists/…) load the app. Unknown API paths and everything else get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir = WEB_DIST_DIR): Promise<void> {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      // Vite puts a content hash in every asset name, so those can be cached for good.
      setHeaders: (reply, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      hasBuild && request.method === 'GET' && !request.url.startsWith(`${API_BASE_PATH}/`) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(errorBody('not_found', SERVER_MESSAGES.notFound));
  });
}
