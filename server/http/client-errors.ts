import http from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError } from 'fastify';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { errorBody } from './error-handler.ts';

/** Node's refusals, by error code, as Fastify's default handler sorts them; anything else is malformed HTTP. */
const ANSWERS: Record<string, { status: number; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'headers_too_large', message: SERVER_MESSAGES.headersTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request_timeout', message: SERVER_MESSAGES.requestTimeout },
};
const MALFORMED = { status: 400, code: 'bad_request', message: SERVER_MESSAGES.badHttp };

/**
 * Fastify's `clientErrorHandler` option: Node's HTTP parser refused a request before Fastify saw
 * it (headers over 16 KiB, a byte not allowed in a header, not HTTP at all, too slow to arrive).
 * The same statuses as Fastify's default, in our envelope, written on the raw socket, which is
 * then closed: what follows on it cannot be trusted to start a request.
 */
export function answerClientError(error: Error & Pick<ConnectionError, 'code'>, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = ANSWERS[error.code] ?? MALFORMED;
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
