import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { API_BASE_PATH } from '../../common/constants.ts';

/**
 * The API's contract is its route schemas (the OpenAPI document, server/http/openapi.ts, is made
 * of them). This module says what a route must declare, and checks a real answer against what its
 * route declares: the test app checks every answer of every server test (docs/decisions/064), so
 * a route cannot answer a shape its document does not describe.
 */

/** A route's response entry: a zod schema for a JSON body (or none), or the content types it sends. */
type DocumentedAnswer = z.ZodType | { description?: string; content: Record<string, { schema: z.ZodType }> };

const isContentTyped = (answer: DocumentedAnswer): answer is Exclude<DocumentedAnswer, z.ZodType> => 'content' in answer;

/** Whether a route is part of the API (the web app's files and pages are not). */
export const isApiRoute = (url: string): boolean => url.startsWith(`${API_BASE_PATH}/`);

/** The status codes Fastify matches a response entry by: the exact one, then its class (`4xx`). */
function documentedAnswer(responses: Record<string, DocumentedAnswer> | undefined, status: number): DocumentedAnswer | undefined {
  return responses?.[String(status)] ?? responses?.[`${String(status)[0]}xx`];
}

/**
 * What a route fails to declare, in words that name it: a response schema for its successes, a
 * schema for its path parameters. Empty when it declares them all.
 */
export function undeclaredSchemas(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>): string[] {
  const name = `${[route.method].flat().join(',')} ${route.url}`;
  const responses = Object.keys((route.schema?.response ?? {}));
  const gaps: string[] = [];
  if (!responses.some((status) => /^[123]/.test(status))) gaps.push(`${name} declares no response schema for its successes (schema.response[200], [201], [204]...)`);
  if (!responses.includes('4xx') || !responses.includes('5xx')) gaps.push(`${name} does not name the error envelope for 4xx and 5xx`);
  if (/[:*]/.test(route.url) && !route.schema?.params) gaps.push(`${name} has path parameters but no schema.params`);
  return gaps;
}

/** The paths of `answer` that `documented` (what the schema kept of it) lacks: fields the schema does not name. */
function undocumentedPaths(answer: unknown, documented: unknown, at = ''): string[] {
  if (Array.isArray(answer) && Array.isArray(documented)) {
    return answer.flatMap((entry, index) => undocumentedPaths(entry, documented[index], `${at}[${index}]`));
  }
  if (answer === null || typeof answer !== 'object' || documented === null || typeof documented !== 'object') return [];
  return Object.entries(answer).flatMap(([key, value]) =>
    key in documented ? undocumentedPaths(value, (documented as Record<string, unknown>)[key], `${at}.${key}`) : [`${at}.${key}`],
  );
}

const issuesOf = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(body)'}: ${issue.message}`).join('; ');

function bodyOf(payload: unknown): { value: unknown } | { notJson: string } {
  if (payload === undefined || payload === null || payload === '') return { value: undefined };
  if (typeof payload !== 'string') return { notJson: 'a stream or bytes' };
  try {
    return { value: JSON.parse(payload) as unknown };
  } catch {
    return { notJson: 'text that is not JSON' };
  }
}

/** How `value` breaks `schema`, if it does: outside it, or with fields it does not name. */
function shapeBreach(schema: z.ZodType, value: unknown, name: string): string | undefined {
  const result = schema.safeParse(value);
  if (!result.success) return `${name} outside its schema.response: ${issuesOf(result.error)}`;
  if (isDeepStrictEqual(result.data, value)) return undefined;
  const extra = undocumentedPaths(value, result.data);
  return `${name} with ${extra.length > 0 ? `fields its schema.response does not name: ${extra.join(', ')}` : 'values its schema.response changes'}`;
}

/** How an answer as sent breaks its route's documented answer, in one line that names the route; undefined when it keeps to it. */
export function answerBreach(request: FastifyRequest, reply: FastifyReply, payload: unknown): string | undefined {
  const url = request.routeOptions.url;
  if (url === undefined || !isApiRoute(url)) return undefined;
  const status = reply.statusCode;
  const name = `${request.method} ${url} answered ${status}`;
  const responses = request.routeOptions.schema?.response as Record<string, DocumentedAnswer> | undefined;
  const documented = documentedAnswer(responses, status);
  if (documented === undefined) return `${name}, a status its schema.response does not document`;
  if (isContentTyped(documented)) {
    const type = String(reply.getHeader('content-type') ?? '').split(';')[0]!;
    const types = Object.keys(documented.content);
    const matches = types.some((documentedType) => documentedType === type || (documentedType.endsWith('/*') && type.startsWith(documentedType.slice(0, -1))));
    return matches ? undefined : `${name} as ${type || 'no content type'}, which its schema.response does not document (${types.join(', ')})`;
  }
  const body = bodyOf(payload);
  if ('notJson' in body) return `${name} with ${body.notJson} where its schema.response documents JSON`;
  return shapeBreach(documented, body.value, name);
}

/**
 * Reports every answer, as sent, that breaks its route's documented answer (tests;
 * docs/decisions/064): its status, and its body, whoever made it (a handler, the error handler, a
 * stored Idempotency-Key answer). The answer goes out as it is.
 */
export function registerAnswerContract(app: FastifyInstance, breached: (breach: string) => void): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const breach = answerBreach(request, reply, payload);
    if (breach !== undefined) breached(breach);
    return payload;
  });
}
