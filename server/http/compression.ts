import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Below this many characters an answer goes as it is: compressing would save less than a packet and cost a thread hop. */
export const COMPRESS_MIN_LENGTH = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli at quality 4, the usual choice for answers made on the fly: close to gzip's speed with
 * smaller output (11, the default, is for files compressed once, as the build does).
 */
const ENCODERS = {
  br: (body: Buffer) =>
    brotli(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body: Buffer) => gzip(body),
};
const ENCODINGS = Object.keys(ENCODERS) as (keyof typeof ENCODERS)[];

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses the API's JSON answers to GET requests (a dashboard, a page of items: up to hundreds
 * of KB) for a client that accepts it, in libuv's thread pool, off the event loop. Only GET
 * (decision 025): no GET answer carries a secret, so a response's size cannot leak one (BREACH);
 * sessions and tokens are made by POSTs, which go as they are.
 */
export function registerCompression(api: FastifyInstance): void {
  api.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || typeof payload !== 'string' || payload.length < COMPRESS_MIN_LENGTH) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    addVary(reply);
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS);
    if (!encoding) return payload;
    const body = await ENCODERS[encoding](Buffer.from(payload));
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
