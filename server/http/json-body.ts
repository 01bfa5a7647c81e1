import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JSON_MAX_DEPTH } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { bodyText } from './body-text.ts';
import { badRequest } from '../domain/errors.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Whether JSON text nests objects and arrays deeper than `maxDepth`, in one pass over the text
 * (no recursion, no parse), so a body too deep for the code that walks it is refused before
 * anything walks it. Brackets inside strings do not count. Malformed text is left to JSON.parse.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/**
 * An object with a key that reaches a prototype once the value is merged or copied somewhere:
 * `__proto__`, or `constructor` holding a `prototype`. A walk with a stack of its own, not recursion.
 */
function hasPrototypeKey(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Object.hasOwn(node, '__proto__')) return true;
    const constructor = Object.hasOwn(node, 'constructor') ? (node as { constructor: unknown }).constructor : undefined;
    if (constructor !== null && typeof constructor === 'object' && Object.hasOwn(constructor, 'prototype')) return true;
    for (const value of Object.values(node)) {
      if (value !== null && typeof value === 'object') pending.push(value);
    }
  }
  return false;
}

/**
 * JSON.parse for text from clients: 400 `invalid_json` for empty or malformed text, for nesting
 * deeper than JSON_MAX_DEPTH, and for prototype keys (what Fastify's own parser refused too), each
 * with its own message: the last two are valid JSON, and "not valid JSON" would mislead.
 * Meant for every JSON that arrives from outside, request bodies and socket messages alike.
 */
export function parseJsonLimited(text: string): unknown {
  const json = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  if (nestsDeeperThan(json, JSON_MAX_DEPTH)) throw badRequest(SERVER_MESSAGES.jsonTooDeep, 'invalid_json');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw badRequest(SERVER_MESSAGES.invalidJson, 'invalid_json');
  }
  if (hasPrototypeKey(value)) throw badRequest(SERVER_MESSAGES.jsonPrototypeKey, 'invalid_json');
  return value;
}

/** The body's bytes as JSON text: UTF-8 only (RFC 8259), see bodyText. */
export const jsonBodyText = (request: FastifyRequest, body: Buffer): string =>
  bodyText(request, body, { message: SERVER_MESSAGES.bodyNotUtf8, code: 'invalid_json' });

/**
 * Replaces Fastify's application/json parser with parseJsonLimited; the body limit stays the app's.
 * A route that takes no body (logout, a ticket) ignores an empty one: many HTTP clients send the
 * JSON content type on every request.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    if ((body as Buffer).length === 0 && request.routeOptions.schema?.body === undefined) return done(null, undefined);
    try {
      done(null, parseJsonLimited(jsonBodyText(request, body as Buffer)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
