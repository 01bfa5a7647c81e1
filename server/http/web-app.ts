import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { errorBody } from './error-handler.ts';

export const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../dist/web');

/** Hashed assets never change under their name; everything else is revalidated (the service worker too). */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app, and index.html for every other GET that wants a page, so that deep
 * links (/join/…, /lists/…) load the app. Files go out precompressed (the build writes .br and .gz
 * beside each) when the browser accepts it. Unknown API paths and everything else get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir = WEB_DIST_DIR): Promise<void> {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      preCompressed: true,
      // Vite puts a content hash in every asset name, so those can be cached for good.
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // HEAD as GET (RFC 9110 9.3.2); the API's paths, its base among them, are never the page.
    const path = request.url.split('?')[0]!;
    const inApi = path === API_BASE_PATH || path.startsWith(`${API_BASE_PATH}/`);
    const wantsPage =
      hasBuild && (request.method === 'GET' || request.method === 'HEAD') && !inApi && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return reply.sendFile('index.html');
    return reply.status(404).send(errorBody('not_found', SERVER_MESSAGES.notFound));
  });
}
