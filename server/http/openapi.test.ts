import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE_PATH } from '../../common/constants.ts';
import { MCP_PATH } from '../../common/mcp.ts';
import { HealthView } from '../../common/schemas/api.ts';
import { startTestApp, useTestApp } from '../test/test-app.ts';
import { isApiRoute, undeclaredSchemas } from './answer-contract.ts';
import { OPENAPI_PATH } from './openapi.ts';

/**
 * The API's contract is its route schemas (docs/decisions/064): the document made of them is valid
 * OpenAPI 3.1 and covers every route, and every route declares what it answers. That real answers
 * keep to it is checked by every server test (the test app checks each answer:
 * server/http/answer-contract.ts); the last test here proves that check bites.
 */

const routes: RouteOptions[] = [];
const t = useTestApp({ onRoute: (route) => void routes.push(route) });

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
let document: { openapi: string; paths: Record<string, Record<string, Operation>> };

const apiRoutes = () => routes.filter((route) => isApiRoute(route.url) && route.method !== 'HEAD');
const methodsOf = (route: RouteOptions) => [route.method].flat().map((method) => method.toLowerCase());
/** A route's path as the document writes it: below the base, `{id}` for `:id`, `{*}` for the wildcard. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

beforeAll(async () => {
  const answer = await t.request({ method: 'GET', path: OPENAPI_PATH });
  expect(answer.status).toBe(200);
  document = answer.body;
});

it('names the MCP endpoint beside the API, with its transport and credentials', () => {
  expect(Object.keys(document.paths[MCP_PATH] ?? {})).toEqual(expect.arrayContaining(['post', 'get', 'delete']));
  expect(document.paths[MCP_PATH]!.post!.responses['401']!.content!['application/json']!.schema!.$ref).toBe('#/components/schemas/ApiError');
});

it('serves an OpenAPI 3.1 document that a validator of the specification accepts', async () => {
  expect(document.openapi).toBe('3.1.0');
  const result = await new Validator().validate(document);
  expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
  expect(result.valid).toBe(true);
});

it('has every route declare a response schema for its successes, the error envelope, and its path parameters', () => {
  expect(apiRoutes().length).toBeGreaterThan(0);
  const gaps = apiRoutes().flatMap(undeclaredSchemas);
  expect(gaps, `Routes that do not declare their schemas (common/schemas/):\n${gaps.join('\n')}`).toEqual([]);
});

it('documents every route, with its 4XX and 5XX answers as one shared error component', () => {
  const missing = apiRoutes().flatMap((route) =>
    methodsOf(route).flatMap((method) => {
      const operation = document.paths[documentPath(route.url)]?.[method];
      if (!operation) return [`${method.toUpperCase()} ${route.url} is not in the document`];
      return ['4XX', '5XX'].flatMap((status) => {
        const ref = operation.responses[status]?.content?.['application/json']?.schema?.$ref;
        return ref?.startsWith('#/components/schemas/') ? [] : [`${method.toUpperCase()} ${route.url} has no ${status} answer that names an error component`];
      });
    }),
  );
  expect(missing, missing.join('\n')).toEqual([]);
  expect(JSON.stringify(document).match(/#\/components\/schemas\/ApiError"/g)?.length).toBeGreaterThan(100);
});

it('fails the test of a route that answers a shape its schema does not document, naming the route and the field', async () => {
  // The health route's documented answer is made to lie: a field of another name, of another type,
  // or none.
  const lies = [
    { documented: z.object({ state: z.string() }), breach: /GET \/api\/v1\/health answered 200 outside its schema\.response: state: / },
    { documented: z.object({ status: z.number() }), breach: /GET \/api\/v1\/health answered 200 outside its schema\.response: status: / },
    { documented: z.object({}), breach: /GET \/api\/v1\/health answered 200 with fields its schema\.response does not name: \.status/ },
  ];
  for (const { documented, breach } of lies) {
    const lying = await startTestApp({
      onRoute: (route) => {
        if (route.url === `${API_BASE_PATH}/health`) route.schema = { ...route.schema, response: { ...(route.schema?.response as object), 200: documented } };
      },
    });
    try {
      await expect(lying.request({ method: 'GET', path: '/health' })).rejects.toThrow(breach);
    } finally {
      await lying.app.close();
      await lying.database.close();
    }
  }
});

it('fails the test of a route that answers a status its schema does not document', async () => {
  const lying = await startTestApp({
    onRoute: (route) => {
      if (route.url === `${API_BASE_PATH}/health`) route.schema = { ...route.schema, response: { 201: HealthView } };
    },
  });
  try {
    await expect(lying.request({ method: 'GET', path: '/health' })).rejects.toThrow(/GET \/api\/v1\/health answered 200, a status its schema\.response does not document/);
  } finally {
    await lying.app.close();
    await lying.database.close();
  }
});

it('fails the file whose test met a breach without the request helper, when its app closes', async () => {
  const lying = await startTestApp({
    onRoute: (route) => {
      if (route.url === `${API_BASE_PATH}/health`) route.schema = { ...route.schema, response: { ...(route.schema?.response as object), 200: z.object({}) } };
    },
  });
  try {
    await lying.app.inject({ method: 'GET', url: `${API_BASE_PATH}/health` });
    await expect(lying.app.close()).rejects.toThrow(/GET \/api\/v1\/health answered 200 with fields its schema\.response does not name: \.status/);
  } finally {
    await lying.database.close();
  }
});
