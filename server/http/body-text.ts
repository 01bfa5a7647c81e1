import type { FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { badRequest, unsupportedMediaType } from '../domain/errors.ts';

// The mark is kept in the text: a signed body's text must be its exact bytes (parseJsonLimited skips it).
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A body's bytes as text. Listo takes UTF-8 only (JSON and forms alike): other bytes, another
 * declared charset, or a compressed body are refused, where a lenient decoder would store U+FFFD
 * in place of what the client meant. `invalid` says what the bytes should have been.
 */
export function bodyText(request: FastifyRequest, body: Buffer, invalid: { message: string; code: string }): string {
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') throw unsupportedMediaType(SERVER_MESSAGES.bodyEncodingUnsupported);
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') throw unsupportedMediaType(invalid.message);
  try {
    return utf8.decode(body);
  } catch {
    throw badRequest(invalid.message, invalid.code);
  }
}
