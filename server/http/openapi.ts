import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '../../common/constants.ts';
import { ApiErrorBody, OpenApiDocumentView } from '../../common/schemas/api.ts';
import { isApiRoute } from './answer-contract.ts';

/**
 * The API's reference: `GET /api/v1/openapi.json`, an OpenAPI 3.1 document made from the routes'
 * zod schemas by @fastify/swagger and fastify-type-provider-zod's transforms (docs/decisions/064).
 * docs/api.md says what a schema cannot (semantics, limits, order, the live protocol) and points here.
 */

/** The document's path below the API base. */
export const OPENAPI_PATH = '/openapi.json';

/** Every route's error answers: the one envelope, a component of the document. */
const ERROR_ANSWERS = { '4xx': ApiErrorBody, '5xx': ApiErrorBody };

/** The document's one security scheme: a bearer token. */
export const OPENAPI_BEARER = 'bearer';

/**
 * Registers the document's generator; before any route, so that it sees them all. `paths`: path
 * items of endpoints outside the API's base that the document names too (the MCP server).
 */
export async function registerOpenApi(app: FastifyInstance, paths: Record<string, object> = {}): Promise<void> {
  const fromZodObject = createJsonSchemaTransformObject({});
  const fromZod = createJsonSchemaTransform({ skipList: [] });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Listo API',
        // The API's version, as its base path names it (/api/v1).
        version: API_BASE_PATH.slice(API_BASE_PATH.lastIndexOf('/') + 1),
        description: 'Semantics, limits, ordering, idempotency, the live protocol and the errors by case: docs/api.md.',
      },
      components: {
        securitySchemes: { [OPENAPI_BEARER]: { type: 'http', scheme: 'bearer', description: 'A session token (POST /auth/login), a personal access token (POST /auth/tokens) or an app\'s access token.' } },
      },
      security: [{ [OPENAPI_BEARER]: [] }],
    },
    // Only the API: the web app's files and pages are no part of it.
    transform: (document) => {
      if (!isApiRoute(document.url)) return { schema: { hide: true }, url: document.url };
      // @fastify/websocket hides its routes from documents; the live socket is part of the API.
      const { hide: _, ...shown } = document.schema as { hide?: boolean };
      const { schema, url } = fromZod({ ...document, schema: shown });
      const isPublic = (document.route).config?.public === true;
      return { schema: isPublic ? { ...schema, security: [] } : schema, url };
    },
    transformObject: (input) => {
      const document = fromZodObject(input);
      return { ...document, paths: { ...document.paths, ...paths } };
    },
  });
}

/**
 * Names the error envelope as every route's 4xx and 5xx answer (a route may name its own for one
 * status, as the OAuth token endpoint does). For the routes registered after it in `api`'s scope.
 */
export function documentErrors(api: FastifyInstance): void {
  api.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, response: { ...ERROR_ANSWERS, ...(route.schema?.response as object | undefined) } };
  });
}

/** `GET /openapi.json`: the document, public (it says nothing a client does not need). */
export const openApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(OPENAPI_PATH, { config: { public: true }, schema: { response: { 200: OpenApiDocumentView } } }, async () => ({ ...app.swagger() }));
};
