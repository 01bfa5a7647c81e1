import crypto from 'node:crypto';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { Kysely } from 'kysely';
import type { UserView } from '../../common/schemas/auth.ts';
import type { DB } from '../db/schema.ts';
import { lockUserRow } from '../writes/user-lock.ts';
import { digestToken } from '../tokens.ts';
import { presentUser } from '../users/user.presenter.ts';
import { DELEGABLE_SCOPES } from '../../common/oauth-apps.ts';
import type { OAuthClient } from './clients.ts';
import { revokeReplayedCode } from './code-replay.ts';
import * as queries from './oauth.queries.ts';

const { InvalidGrantError, InvalidRequestError } = OAuth2Server;

/** An authorization code works once, for this long (RFC 6749 4.1.2 advises at most 10 minutes). */
export const AUTHORIZATION_CODE_TTL_S = 5 * 60;
export const ACCESS_TOKEN_TTL_S = 60 * 60;
/**
 * Refresh tokens are not rotated (a lost answer must not unlink the user), so this is how long a
 * link lasts: for good, in practice, until the user unlinks it.
 */
export const REFRESH_TOKEN_TTL_S = 10 * 365 * 24 * 60 * 60;
/** A refresh keeps the newest access token besides the new one (requests in flight may carry it) and drops older ones. */
const PREVIOUS_ACCESS_TOKENS_KEPT = 1;
/**
 * ...but only once they are this old. Refreshes side by side each see the others' new tokens as
 * older ones; a token younger than this may still be on its way to the client in a 200, which
 * must hold (sweep 13 L2). A minute is far longer than any answer takes to leave, and far shorter
 * than the hour between Alexa's refreshes, so sequential refreshes still end what they replace.
 */
const NEW_ACCESS_TOKEN_GRACE_S = 60;
/** An S256 challenge is 43 characters; RFC 7636 4.2 allows 43 to 128 of these. */
const CODE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * The user as the library carries it: who, and on a refresh, which grant the refresh token
 * belongs to (so the new access token joins that grant). On an access token, also the user's view.
 */
export interface LinkUser {
  id: string;
  grantId?: string;
  /**
   * At a refresh: the scopes of the link. A refresh that asks for fewer still gets a token of the
   * link's scopes (access tokens have none of their own), and the answer must say so (RFC 6749 5.1).
   */
  grantScope?: string;
  view?: UserView;
  /**
   * At the linking form: whether the request named its redirect URI. The library fills in the
   * client's only one when it did not, and then asks for it at the token step, which RFC 6749
   * 4.1.3 asks only when the authorization request included it.
   */
  redirectUriNamed?: boolean;
}

/** Stored for a code whose request named no redirect URI: the library checks a code's redirect URI only when it has one. */
const NO_REDIRECT_URI = '';

export interface OAuthModelDeps {
  db: Kysely<DB>;
  secret: string;
  now: () => Date;
  clients: readonly OAuthClient[];
}

type LibraryClient = OAuth2Server.Client & { scopes: readonly string[] };
export type OAuthModel = OAuth2Server.AuthorizationCodeModel & OAuth2Server.RefreshTokenModel;

const scopeText = (scope: readonly string[] | undefined) => (scope ?? []).join(' ');
const scopeList = (text: string) => text.split(' ').filter(Boolean);

/** Text as a form encodes it, decoded; undefined when it is not such text (a stray `%`). */
export function formDecoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/**
 * The storage of @node-oauth/oauth2-server: codes and tokens as HMACs, clients from configuration.
 * The library dates what it makes by the wall clock; this model stores and checks expiry by the
 * app's clock (`now`), so tests can move time.
 */
export function createOAuthModel(deps: OAuthModelDeps) {
  const { db } = deps;
  const digest = (token: string) => digestToken(deps.secret, token);
  const at = (offsetS = 0) => new Date(deps.now().getTime() + offsetS * 1000).toISOString();

  function findClient(clientId: string): LibraryClient | undefined {
    const client = deps.clients.find((candidate) => candidate.id === clientId);
    if (!client) return undefined;
    return {
      id: client.id,
      redirectUris: [...client.redirectUris],
      grants: ['authorization_code', 'refresh_token'],
      scopes: client.scopes,
    };
  }

  /** Compares digests, which have one length, so the comparison takes the same time whatever the guess. */
  function secretMatches(clientId: string, secret: string): boolean {
    const client = deps.clients.find((candidate) => candidate.id === clientId);
    return client !== undefined && crypto.timingSafeEqual(Buffer.from(digest(client.secret)), Buffer.from(digest(secret)));
  }

  /**
   * RFC 6749 2.3.1 has a client form-urlencode its secret before HTTP Basic encodes it; the library
   * hands the secret on as it was, and many clients send it raw. Either form is taken, so a secret
   * with `+`, `/` or `=` (one from `openssl rand -base64`) works whichever a client sends.
   */
  function secretOrItsEncodingMatches(clientId: string, secret: string): boolean {
    return secretMatches(clientId, secret) || secretMatches(clientId, formDecoded(secret) ?? secret);
  }

  /** Used by the token endpoint: the client must prove itself with its secret, PKCE or not. */
  const model: OAuthModel = {
    async getClient(clientId, clientSecret) {
      // RFC 6749 2.3.1 has a client form-urlencode its id, as its secret, before HTTP Basic encodes
      // them (`listo%2Dalexa`); the library hands the id on as it came.
      const id = findClient(clientId) ? clientId : (formDecoded(clientId) ?? clientId);
      // The library lets a PKCE token request through without a secret; this client is confidential.
      if (typeof clientSecret !== 'string' || !secretOrItsEncodingMatches(id, clientSecret)) return undefined;
      return findClient(id);
    },

    /** The client's scopes when none are asked for; refused when any asked for is beyond them. */
    async validateScope(_user, client, scope) {
      const allowed = (client as LibraryClient).scopes;
      if (!scope || scope.length === 0) return [...allowed];
      return scope.every((name) => allowed.includes(name)) ? scope : false;
    },

    async saveAuthorizationCode(code, client, user) {
      // Required, not optional as in RFC 7636: Alexa always sends a challenge.
      if (!code.codeChallenge || !code.codeChallengeMethod) {
        throw new InvalidRequestError('Missing parameter: `code_challenge`');
      }
      if (!CODE_CHALLENGE.test(code.codeChallenge)) throw new InvalidRequestError('Invalid parameter: `code_challenge`');
      await queries.insertCode(db, {
        code_hash: digest(code.authorizationCode),
        client_id: client.id,
        user_id: (user as LinkUser).id,
        redirect_uri: (user as LinkUser).redirectUriNamed === false ? NO_REDIRECT_URI : code.redirectUri,
        scope: scopeText(code.scope),
        code_challenge: code.codeChallenge,
        code_challenge_method: code.codeChallengeMethod,
        created_at: at(),
        expires_at: at(AUTHORIZATION_CODE_TTL_S),
      });
      return { ...code, client, user };
    },

    async getAuthorizationCode(authorizationCode) {
      const row = await queries.findCode(db, digest(authorizationCode));
      if (!row) return undefined;
      if (row.used_at !== null) {
        await revokeReplayedCode(db, row.code_hash, row.user_id);
        return undefined;
      }
      const client = findClient(row.client_id);
      if (!client || row.expires_at <= at()) return undefined;
      return {
        authorizationCode,
        expiresAt: new Date(row.expires_at),
        redirectUri: row.redirect_uri,
        scope: scopeList(row.scope),
        client,
        user: { id: row.user_id } satisfies LinkUser,
        codeChallenge: row.code_challenge,
        codeChallengeMethod: row.code_challenge_method,
      };
    },

    /**
     * Single use: of two requests racing with one code, only one marks it used; the other is a
     * replay too, though it read the code before it was used.
     */
    async revokeAuthorizationCode(code) {
      const codeHash = digest(code.authorizationCode);
      if (await queries.useCode(db, codeHash, at())) return true;
      await revokeReplayedCode(db, codeHash, (code.user as LinkUser).id);
      return false;
    },

    async saveToken(token, client, user) {
      const { id: userId, grantId, grantScope } = user as LinkUser;
      const access = { id: crypto.randomUUID(), token_hash: digest(token.accessToken), created_at: at(), expires_at: at(ACCESS_TOKEN_TTL_S) };
      await db.transaction().execute(async (trx) => {
        if (token.authorizationCode) {
          const codeHash = digest(token.authorizationCode as string);
          // Trades of one user's codes, a replay of a code, a password change and the account's
          // deletion take the user's row in turn (PostgreSQL). The code is read again under it: a
          // replay, a password change or a deletion that came between its first read and here took
          // it, and the link with it.
          await lockUserRow(trx, userId);
          if (!(await queries.findCode(trx, codeHash))) throw new InvalidGrantError('Invalid grant: authorization code is invalid');
          // One link per app: linking again replaces the old link and its tokens.
          const grant = crypto.randomUUID();
          await queries.deleteGrants(trx, userId, client.id);
          await queries.insertGrant(trx, {
            id: grant,
            client_id: client.id,
            user_id: userId,
            scope: scopeText(token.scope),
            refresh_token_hash: digest(token.refreshToken!),
            refresh_expires_at: at(REFRESH_TOKEN_TTL_S),
            code_hash: codeHash,
            created_at: at(),
          });
          await queries.insertAccessToken(trx, { ...access, grant_id: grant });
        } else {
          // A refresh; the link may have been removed since its refresh token was read.
          if (!grantId || !(await queries.grantExists(trx, grantId))) {
            throw new InvalidGrantError('Invalid grant: refresh token is invalid');
          }
          await queries.pruneAccessTokens(trx, grantId, PREVIOUS_ACCESS_TOKENS_KEPT, at(-NEW_ACCESS_TOKEN_GRACE_S));
          await queries.insertAccessToken(trx, { ...access, grant_id: grantId });
        }
      });
      // What the token can do: the link's scopes, within what the client may have today (getAccessToken).
      const linked = grantScope === undefined ? undefined : scopeList(grantScope).filter((name) => (client as LibraryClient).scopes.includes(name));
      return { ...token, ...(linked && { scope: linked }), client, user };
    },

    async getRefreshToken(refreshToken) {
      const grant = await queries.findGrantByRefreshHash(db, digest(refreshToken));
      const client = grant && findClient(grant.client_id);
      if (!grant || !client || grant.refresh_expires_at <= at()) return undefined;
      return {
        refreshToken,
        refreshTokenExpiresAt: new Date(grant.refresh_expires_at),
        scope: scopeList(grant.scope),
        client,
        user: { id: grant.user_id, grantId: grant.id, grantScope: grant.scope } satisfies LinkUser,
      };
    },

    // Called only to rotate refresh tokens, which `alwaysIssueNewRefreshToken: false` turns off;
    // the library still insists on the method.
    async revokeToken() {
      return false;
    },

    /**
     * A live access token with its user. Scopes are cut to what the client may have today, so
     * narrowing a client's configured scopes narrows its existing links too.
     */
    async getAccessToken(accessToken) {
      const row = await queries.findLiveAccessToken(db, digest(accessToken), at());
      // An app that connected itself (its grant bound to a resource) may have whatever the user allowed it.
      const client = row && (row.resource === null ? findClient(row.client_id) : { id: row.client_id, grants: [], scopes: DELEGABLE_SCOPES });
      if (!row || !client) return undefined;
      return {
        accessToken,
        accessTokenExpiresAt: new Date(row.token_expires_at),
        scope: scopeList(row.scope).filter((name) => client.scopes.includes(name)),
        client,
        user: { id: row.id, view: presentUser(row) } satisfies LinkUser,
        tokenId: row.token_id,
        grantId: row.grant_id,
        resource: row.resource,
        clientName: row.client_name,
        grantLastUsedAt: row.grant_last_used_at,
      };
    },
  };

  /** Used by the authorization page: there the client is named, not authenticated (it is not the caller). */
  const authorizeModel: OAuthModel = { ...model, getClient: async (clientId) => findClient(clientId) };

  return { model, authorizeModel, findClient };
}
