import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { errorBody } from './error-handler.ts';

export const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../dist/web');

/** Hashed assets never change under their name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The icons keep their names across versions: a new one shows within a day, without a request on every page. */
const A_DAY = 'public, max-age=86400';
/** Everything else is revalidated: the page, the manifest and the service worker must follow an upgrade at once. */
const REVALIDATE = 'no-cache';

function cacheControlOf(file: string): string {
  if (file.includes(`${path.sep}assets${path.sep}`)) return IMMUTABLE;
  // Precompressed copies carry .br or .gz after the icon's own extension.
  if (/\.(png|svg|ico)(\.br|\.gz)?$/.test(file)) return A_DAY;
  return REVALIDATE;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods an API path answers (RFC 9110 15.5.6: a 405 names them in `Allow`). */
function allowedMethods(app: FastifyInstance, path: string): string[] {
  return METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
}

/**
 * Serves the built web app, and index.html for every other GET that wants a page, so that deep
 * links (/join/…, /lists/…) load the app. Files go out precompressed (the build writes .br and .gz
 * beside each) when the browser accepts it. An API path called with a method it does not take gets
 * a JSON 405 naming the ones it does; unknown API paths and everything else get a JSON 404.
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
        reply.header('cache-control', cacheControlOf(file));
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
    // 404 and 405 may be cached by default (RFC 9111 4.2.2): an API path found later must not be
    // answered from a cache, as no other API answer is (no-store.ts covers the routes only).
    if (inApi) reply.header('cache-control', 'no-store');
    const allowed = inApi ? allowedMethods(app, path) : [];
    if (allowed.length > 0) {
      return reply.status(405).header('allow', allowed.join(', ')).send(errorBody('method_not_allowed', SERVER_MESSAGES.methodNotAllowed));
    }
    return reply.status(404).send(errorBody('not_found', SERVER_MESSAGES.notFound));
  });
}
