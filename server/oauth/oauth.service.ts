import type { IncomingHttpHeaders } from 'node:http';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ALEXA_LOGIN_PATH,
  ALEXA_SERVER_MESSAGES,
  AUTHORIZATION_PARAMS,
  LINK_ERROR_PARAM,
  type AuthorizationParam,
  type LinkError,
} from '../../common/alexa.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { GRANT_LAST_USE_RESOLUTION_S } from '../../common/oauth-apps.ts';
import type { UserView } from '../../common/schemas/auth.ts';
import type { LinkedAppView } from '../../common/schemas/linked-apps.ts';
import { requireScope } from '../access/access.ts';
import type { Actor, Resource, Scope } from '../access/actor.ts';
import type { DB } from '../db/schema.ts';
import { lockUserRow } from '../writes/user-lock.ts';
import { DomainError, notFound, WRONG_PASSWORD } from '../domain/errors.ts';
import { authenticatesTwice } from './client-authentication.ts';
import type { OAuthClient } from './clients.ts';
import {
  ACCESS_TOKEN_TTL_S,
  AUTHORIZATION_CODE_TTL_S,
  createOAuthModel,
  REFRESH_TOKEN_TTL_S,
  type LinkUser,
} from './oauth.model.ts';
import * as queries from './oauth.queries.ts';

const { InvalidClientError, InvalidRequestError, OAuthError, Request, Response, ServerError } = OAuth2Server;

export interface OAuthDeps {
  db: Kysely<DB>;
  secret: string;
  now: () => Date;
  clients: readonly OAuthClient[];
  log: FastifyBaseLogger;
}

export type OAuthService = ReturnType<typeof createOAuthService>;

export type AuthorizationRequest = Partial<Record<AuthorizationParam, string>>;

/** An answer of the token endpoint, in OAuth's own format (RFC 6749 5.1 and 5.2). */
export interface TokenAnswer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** The parameters of an authorization request in a query string; repeated or unknown ones are dropped. */
export function authorizationRequestOf(query: unknown): AuthorizationRequest {
  const source = (query ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    AUTHORIZATION_PARAMS.flatMap((name) => (typeof source[name] === 'string' ? [[name, source[name]]] : [])),
  );
}

/** The string fields of a form body: the library reads fields as strings, and a repeated one is a bad request. */
function formFields(body: unknown): Record<string, string> {
  if (body === null || typeof body !== 'object') return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The linking page again, with the request it came with, saying what went wrong. */
export function linkPage(request: AuthorizationRequest, error: LinkError): string {
  return `${ALEXA_LOGIN_PATH}?${new URLSearchParams({ ...request, [LINK_ERROR_PARAM]: error })}`;
}

/**
 * Account linking (OAuth 2.0 authorization code grant with PKCE, RFC 6749 and RFC 7636) through
 * @node-oauth/oauth2-server, and the apps a user has linked.
 */
export function createOAuthService(deps: OAuthDeps) {
  const { db } = deps;
  const { model, authorizeModel, findClient } = createOAuthModel(deps);
  const options = {
    authorizationCodeLifetime: AUTHORIZATION_CODE_TTL_S,
    accessTokenLifetime: ACCESS_TOKEN_TTL_S,
    refreshTokenLifetime: REFRESH_TOKEN_TTL_S,
    // One lost answer to a refresh must not leave the client with a revoked refresh token.
    alwaysIssueNewRefreshToken: false,
  };
  // Two servers over one storage: the authorization page names its client, the token endpoint authenticates it.
  const authorizationServer = new OAuth2Server({ ...options, model: authorizeModel });
  const tokenServer = new OAuth2Server({ ...options, model });
  /** An app's name: the one it registered with (kept on its grant), else the configured client's. */
  const clientNameOf = (clientId: string, registered: string | null) =>
    registered ?? deps.clients.find((client) => client.id === clientId)?.name ?? clientId;

  /** A grant's last use, written at most once a minute (Linked apps shows it; the hot path of every request stays a read). */
  async function noteUse(grantId: string, lastUsedAt: string | null): Promise<void> {
    const now = deps.now();
    if (lastUsedAt !== null && now.getTime() - new Date(lastUsedAt).getTime() < GRANT_LAST_USE_RESOLUTION_S * 1000) return;
    await queries.touchGrant(db, grantId, now.toISOString());
  }

  return {
    /**
     * The linking form, sent: `authenticateUser` checks the e-mail and password. Answers where the
     * browser goes next: the client's redirect URI with a code (or an OAuth error the client should
     * hear of), or the linking page again with an error, when the client or its redirect URI is
     * unknown (RFC 6749 4.1.2.1: never redirect there) or the credentials are wrong.
     */
    async authorize(params: AuthorizationRequest, authenticateUser: () => Promise<UserView>): Promise<string> {
      // RFC 6749 3.1.2.3: with several redirect URIs registered, the request must name one.
      const client = findClient(params.client_id ?? '');
      if ((client?.redirectUris?.length ?? 0) > 1 && !params.redirect_uri) return linkPage(params, 'invalid_request');
      const request = new Request({ method: 'POST', headers: {}, query: params, body: {} });
      const response = new Response();
      const authenticateHandler = {
        handle: async (): Promise<LinkUser> => ({ id: (await authenticateUser()).id, redirectUriNamed: Boolean(params.redirect_uri) }),
      };
      try {
        await authorizationServer.authorize(request, response, { authenticateHandler });
      } catch (error) {
        if (error instanceof DomainError && error.code === WRONG_PASSWORD) return linkPage(params, 'invalid_credentials');
        if (error instanceof DomainError && error.kind === 'rateLimited') return linkPage(params, 'rate_limited');
        // A fault of ours (the library would put its message in the redirect): the API's 500.
        if (!(error instanceof OAuthError) || error instanceof ServerError) throw error;
        if (!response.get('location')) return linkPage(params, error instanceof InvalidClientError ? 'invalid_client' : 'invalid_request');
      }
      return response.get('location') as string;
    },

    /**
     * The token endpoint: a code or a refresh token for tokens, the client authenticated by HTTP
     * Basic or the body, never both (refused before anything is read or spent).
     */
    async token(headers: IncomingHttpHeaders, body: unknown): Promise<TokenAnswer> {
      const request = new Request({ method: 'POST', headers: headers as Record<string, string>, query: {}, body: formFields(body) });
      const response = new Response();
      try {
        if (authenticatesTwice(headers.authorization, body)) throw new InvalidRequestError(ALEXA_SERVER_MESSAGES.twoClientAuthentications);
        await tokenServer.token(request, response);
        return { status: response.status ?? 200, headers: response.headers ?? {}, body: response.body as TokenAnswer['body'] };
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        // A server error wraps ours, whose message is nobody's business outside.
        if (error instanceof ServerError) deps.log.error({ err: error }, 'token request failed');
        const description = error instanceof ServerError ? SERVER_MESSAGES.internal : error.message;
        return {
          status: error.code,
          headers: { ...response.headers, 'cache-control': 'no-store' },
          body: { error: error.name, error_description: description },
        };
      }
    },

    /** The actor behind an access token (the authenticator of OAuth clients), or undefined. */
    async authenticate(token: string): Promise<Actor | undefined> {
      const found = await model.getAccessToken(token);
      if (!found) return undefined;
      const user = found.user as LinkUser;
      await noteUse(found.grantId as string, found.grantLastUsedAt as string | null);
      const resource = found.resource as Resource | null;
      return {
        user: user.view!,
        via: {
          kind: 'oauth',
          clientId: found.client.id,
          tokenId: found.tokenId as string,
          clientName: clientNameOf(found.client.id, found.clientName as string | null),
          ...(resource && { resource }),
        },
        scopes: new Set(found.scope as Scope[]),
      };
    },

    /** The apps the caller has linked, oldest link first. */
    async linkedApps(actor: Actor): Promise<LinkedAppView[]> {
      requireScope(actor, 'account');
      const grants = await queries.findGrantsOfUser(db, actor.user.id);
      return grants.map((grant) => ({
        client_id: grant.client_id,
        name: clientNameOf(grant.client_id, grant.client_name),
        scopes: grant.scope.split(' ').filter(Boolean),
        linked_at: grant.created_at,
        last_used_at: grant.last_used_at,
      }));
    },

    /**
     * Unlinks an app: its refresh and access tokens stop working at once, and the codes given to it
     * and not yet traded go too, or one could link it again. Under the user's row, as a trade saving
     * its link is (oauth.model.ts): a trade under way then finds its code gone. 404 when it is not linked.
     */
    async unlink(actor: Actor, clientId: string): Promise<void> {
      requireScope(actor, 'account');
      const userId = actor.user.id;
      const unlinked = await db.transaction().execute(async (trx) => {
        await lockUserRow(trx, userId);
        await queries.deleteCodes(trx, userId, clientId);
        return queries.deleteGrants(trx, userId, clientId);
      });
      if (unlinked === 0) throw notFound(ALEXA_SERVER_MESSAGES.linkedAppNotFound);
    },

    purgeExpired: () => queries.purgeExpired(db, deps.now().toISOString()),
  };
}
