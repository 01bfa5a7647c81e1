import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { APP_OAUTH_MESSAGES, REGISTRATION_LIMITS } from '../../common/oauth-apps.ts';
import type { ClientRegistrationBody } from '../../common/schemas/oauth-apps.ts';
import type { DB } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import * as queries from './app-clients.queries.ts';
import { ClientDocumentError, documentUrl, type ClientDocuments } from './client-documents.ts';
import { OAuthRefusal } from './oauth-refusal.ts';
import { isAllowedRedirectUri } from './redirect-uri.ts';
import type { AppClient } from './app-client.ts';

export interface AppClientsDeps {
  db: Kysely<DB>;
  now: () => Date;
  documents: ClientDocuments;
  allowLoopback: boolean;
  log: FastifyBaseLogger;
}

const REGISTERED_ID_PREFIX = 'app_';
const GRANT_TYPES = ['authorization_code', 'refresh_token'];
const RESPONSE_TYPES = ['code'];

const invalidMetadata = (description: string) => new OAuthRefusal('invalid_client_metadata', description);

/** Dynamic client registration (RFC 7591) within bounds, and the lookup of an app by its client_id. */
export function createAppClients(deps: AppClientsDeps) {
  const { db } = deps;

  return {
    /**
     * Registers a public client. Refused (RFC 7591 3.2.2) when it asks for what this server does
     * not do, names a redirect URI that is not allowed, or when the registered clients are at their
     * bound (429 until unused ones expire). The rate per address is the route's.
     */
    async register(body: ClientRegistrationBody) {
      if (!body.redirect_uris.every(isAllowedRedirectUri)) throw new OAuthRefusal('invalid_redirect_uri', APP_OAUTH_MESSAGES.redirectUriInvalid);
      if ((body.token_endpoint_auth_method ?? 'none') !== 'none') throw invalidMetadata(APP_OAUTH_MESSAGES.publicClientsOnly);
      if (!(body.grant_types ?? GRANT_TYPES).every((type) => GRANT_TYPES.includes(type))) throw invalidMetadata(APP_OAUTH_MESSAGES.grantTypesUnsupported);
      if (!(body.response_types ?? RESPONSE_TYPES).every((type) => RESPONSE_TYPES.includes(type))) {
        throw invalidMetadata(APP_OAUTH_MESSAGES.responseTypesUnsupported);
      }
      if ((await queries.countClients(db)) >= REGISTRATION_LIMITS.maxClients) {
        throw new DomainError('rateLimited', 'rate_limited', APP_OAUTH_MESSAGES.registrationsFull, REGISTRATION_LIMITS.unusedClientTtlS);
      }
      const issuedAt = deps.now();
      const client = {
        id: `${REGISTERED_ID_PREFIX}${crypto.randomBytes(18).toString('base64url')}`,
        name: body.client_name ?? APP_OAUTH_MESSAGES.unnamedApp,
        redirect_uris: JSON.stringify(body.redirect_uris),
        created_at: issuedAt.toISOString(),
      };
      await queries.insertClient(db, client);
      return {
        client_id: client.id,
        client_id_issued_at: Math.floor(issuedAt.getTime() / 1000),
        client_name: client.name,
        redirect_uris: body.redirect_uris,
        grant_types: body.grant_types ?? GRANT_TYPES,
        response_types: RESPONSE_TYPES,
        token_endpoint_auth_method: 'none' as const,
      };
    },

    /**
     * The app a client_id names: a document's URL is fetched (or taken from the cache), anything
     * else looked up among registered clients. Undefined when there is no such app or its document
     * cannot be taken (the reason is logged).
     */
    async find(clientId: string): Promise<AppClient | undefined> {
      const url = documentUrl(clientId, deps.allowLoopback);
      if (!url) {
        const row = clientId.startsWith(REGISTERED_ID_PREFIX) ? await queries.findClient(db, clientId) : undefined;
        return row && { id: row.id, name: row.name, redirectUris: JSON.parse(row.redirect_uris) as string[] };
      }
      try {
        return await deps.documents.client(url);
      } catch (error) {
        if (!(error instanceof ClientDocumentError)) throw error;
        deps.log.info({ clientId, reason: error.message }, 'client metadata document refused');
        return undefined;
      }
    },

    purgeUnused: () => queries.purgeUnusedClients(db, new Date(deps.now().getTime() - REGISTRATION_LIMITS.unusedClientTtlS * 1000).toISOString()),
  };
}
export type AppClients = ReturnType<typeof createAppClients>;
