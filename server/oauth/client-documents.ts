import type dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { z } from 'zod';
import { CLIENT_DOCUMENT_LIMITS, REGISTRATION_LIMITS } from '../../common/oauth-apps.ts';
import { guardedLookup, hostMayBeCalled } from '../http/outbound-address.ts';
import { isLoopbackHost } from '../http/trustworthy-origin.ts';
import type { AppClient } from './app-client.ts';
import { isAllowedRedirectUri } from './redirect-uri.ts';

/**
 * Client ID metadata documents: an app's client_id is an https URL, and the JSON document there
 * names the app and its redirect URIs (docs/decisions/060). The server fetches it on an app's word,
 * so the fetch is held tight: https only (plain HTTP to loopback when `allowLoopback`, for tests),
 * no address the server may not call (checked again after DNS resolution), no redirects followed,
 * a size and a time limit; and documents are cached, a bounded number for a while.
 */

export interface ClientDocumentOptions {
  /** Lets documents be served over plain HTTP from this machine's loopback: for tests only. */
  allowLoopback: boolean;
  now: () => Date;
  /** The resolver (tests answer names with addresses of their choosing). */
  lookup?: typeof dns.lookup;
  timeoutMs?: number;
}

/** Why a document was not taken; said in logs, never to the app (the consent page says it could not be read). */
export class ClientDocumentError extends Error {}

const ClientDocument = z.looseObject({
  client_id: z.string(),
  client_name: z.string().trim().min(1).max(REGISTRATION_LIMITS.nameMaxLength).optional(),
  redirect_uris: z.array(z.string().max(REGISTRATION_LIMITS.uriMaxLength).refine(isAllowedRedirectUri)).min(1).max(REGISTRATION_LIMITS.maxRedirectUris),
  token_endpoint_auth_method: z.literal('none').optional(),
});

/**
 * Whether a client_id is a document's URL (then it is fetched, not looked up): https with a path,
 * no fragment or credentials (the draft's rules); or http to loopback when tests allow it.
 */
export function documentUrl(clientId: string, allowLoopback: boolean): URL | undefined {
  if (!URL.canParse(clientId)) return undefined;
  const url = new URL(clientId);
  const schemeAllowed = url.protocol === 'https:' || (allowLoopback && url.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!schemeAllowed || url.pathname === '/' || url.hash !== '' || url.username !== '' || url.password !== '') return undefined;
  return url;
}

/** Fetches one document: the body as text, within the limits, or a ClientDocumentError. */
function fetchText(url: URL, options: ClientDocumentOptions): Promise<string> {
  const { maxBytes } = CLIENT_DOCUMENT_LIMITS;
  const timeoutMs = options.timeoutMs ?? CLIENT_DOCUMENT_LIMITS.timeoutMs;
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const request = get(url, { lookup: guardedLookup(options.allowLoopback, options.lookup), headers: { accept: 'application/json' } });
    // One deadline for the whole exchange: a server that sends a byte a second gets no longer.
    const deadline = setTimeout(() => request.destroy(new ClientDocumentError(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(deadline);
      reject(error instanceof ClientDocumentError ? error : new ClientDocumentError(error.message));
    };
    request.on('error', fail);
    request.on('response', (response) => {
      // A redirect is not followed: its target was never checked.
      if (response.statusCode !== 200) return request.destroy(new ClientDocumentError(`answered ${response.statusCode}`));
      if (Number(response.headers['content-length'] ?? 0) > maxBytes) return request.destroy(new ClientDocumentError('too large'));
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return request.destroy(new ClientDocumentError('too large'));
        chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('end', () => {
        clearTimeout(deadline);
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
    });
  });
}

function parseDocument(url: URL, text: string): AppClient {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ClientDocumentError('not JSON');
  }
  const document = ClientDocument.safeParse(json);
  if (!document.success) throw new ClientDocumentError(`not a client metadata document: ${document.error.message}`);
  // The document must name itself, or one app's URL could pass off another's document.
  if (document.data.client_id !== url.href) throw new ClientDocumentError('its client_id is not its URL');
  return { id: url.href, name: document.data.client_name ?? url.host, redirectUris: document.data.redirect_uris };
}

/** Fetches and caches documents; fetches of one URL at once share one request. */
export function createClientDocuments(options: ClientDocumentOptions) {
  const cache = new Map<string, { client: Promise<AppClient>; expiresAt: number }>();

  function remember(key: string, client: Promise<AppClient>): void {
    cache.delete(key);
    cache.set(key, { client, expiresAt: options.now().getTime() + CLIENT_DOCUMENT_LIMITS.cacheTtlS * 1000 });
    // The oldest goes first (a Map keeps the order things were put in).
    while (cache.size > CLIENT_DOCUMENT_LIMITS.cacheEntries) cache.delete(cache.keys().next().value!);
    // A failure is not kept: the app may fix its document and try again at once.
    client.catch(() => cache.get(key)?.client === client && cache.delete(key));
  }

  return {
    /** The app a document URL describes; rejects with a ClientDocumentError when it cannot be taken. */
    async client(url: URL): Promise<AppClient> {
      if (!hostMayBeCalled(url, options.allowLoopback)) throw new ClientDocumentError(`${url.host} is not an address the server calls`);
      const cached = cache.get(url.href);
      if (cached && cached.expiresAt > options.now().getTime()) return cached.client;
      const client = fetchText(url, options).then((text) => parseDocument(url, text));
      remember(url.href, client);
      return client;
    },
  };
}
export type ClientDocuments = ReturnType<typeof createClientDocuments>;
