import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { badRequest } from '../domain/errors.ts';

/**
 * Text no column can hold: PostgreSQL refuses U+0000 in text and jsonb, and a lone UTF-16
 * surrogate has no UTF-8 form (the driver would store U+FFFD in its place, jsonb refuses it).
 */
function isStorable(text: string): boolean {
  return !text.includes('\0') && text.isWellFormed();
}

/** Whether every string in a parsed value, keys included, is storable. A walk with a stack, no recursion. */
export function isStorableText(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node === 'string') {
      if (!isStorable(node)) return false;
    } else if (node !== null && typeof node === 'object' && !ArrayBuffer.isView(node)) {
      // A file's bytes (an import) are not text: the import reads and checks them itself.
      for (const [key, value] of Object.entries(node)) {
        if (!isStorable(key)) return false;
        pending.push(value);
      }
    }
  }
  return true;
}

/**
 * Refuses, with one clear 400, a request whose path parameters, query string or body hold text
 * that cannot be stored, before anything reads it (register it before the idempotency hook,
 * which stores a fingerprint of the body, and before any route touches the database).
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!isStorableText([request.params, request.query, request.body])) {
      throw badRequest(SERVER_MESSAGES.textNotAllowed);
    }
  });
}
