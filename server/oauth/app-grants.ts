import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  APP_ACCESS_TOKEN_TTL_S,
  APP_DEFAULT_SCOPES,
  APP_OAUTH_MESSAGES,
  APP_REFRESH_TOKEN_TTL_S,
  DELEGABLE_SCOPES,
  type DelegableScope,
} from '../../common/oauth-apps.ts';
import { MCP_PATH } from '../../common/mcp.ts';
import type { AppAuthorizationQuery, AppAuthorizationView, AppDecisionBody } from '../../common/schemas/oauth-apps.ts';
import { requireScope } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import type { DB } from '../db/schema.ts';
import { lockUserRow } from '../writes/user-lock.ts';
import { DomainError } from '../domain/errors.ts';
import { digestToken } from '../tokens.ts';
import type { AppClient } from './app-client.ts';
import type { AppClients } from './app-clients.ts';
import { revokeReplayedCode } from './code-replay.ts';
import { AUTHORIZATION_CODE_TTL_S } from './oauth.model.ts';
import * as queries from './oauth.queries.ts';
import { OAuthRefusal } from './oauth-refusal.ts';

/** The resource apps' grants are bound to, as stored and as routes name it (`config.resource`). */
export const APP_RESOURCE = 'mcp' as const;

/** RFC 7636 4.1 and 4.2: a verifier, and an S256 challenge (43 characters, as any of 43 to 128 is allowed). */
const PKCE_TEXT = /^[A-Za-z0-9._~-]{43,128}$/;
/** Of the grants with this many access tokens, the older ones go at a refresh (requests in flight may carry the newest). */
const PREVIOUS_ACCESS_TOKENS_KEPT = 1;

export interface AppGrantsDeps {
  db: Kysely<DB>;
  secret: string;
  now: () => Date;
  clients: AppClients;
  /** PUBLIC_URL: the resource apps name is the MCP endpoint below it. */
  publicUrl: string;
}

/** A token endpoint answer in OAuth's format (RFC 6749 5.1). */
export interface AppTokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

interface CheckedRequest {
  client: AppClient;
  redirectUri: string;
  state: string | undefined;
  scopes: DelegableScope[];
  challenge: string;
}

const newToken = () => crypto.randomBytes(32).toString('base64url');
const scopeList = (text: string) => text.split(' ').filter(Boolean);

/** The client's redirect URI with OAuth's answer in its query (RFC 6749 4.1.2), `state` echoed. */
function redirectWith(redirectUri: string, state: string | undefined, answer: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries({ ...answer, ...(state === undefined ? {} : { state }) })) url.searchParams.set(name, value);
  return url.href;
}

/**
 * Grants to apps that connect themselves (docs/api.md, "Apps connecting by OAuth"): the consent
 * page's request checked and decided, and the token endpoint of public clients. PKCE S256 is
 * required, every grant is bound to the MCP endpoint (RFC 8707), and refresh tokens rotate: one
 * presented again after its rotation revokes the grant, as a stolen one would be.
 */
export function createAppGrants(deps: AppGrantsDeps) {
  const { db } = deps;
  const resourceUrl = `${deps.publicUrl}${MCP_PATH}`;
  const digest = (token: string) => digestToken(deps.secret, token);
  const at = (offsetS = 0) => new Date(deps.now().getTime() + offsetS * 1000).toISOString();

  /** The app and where it wants the browser back; refused (never redirected) when either is unknown (RFC 6749 4.1.2.1). */
  async function clientAndRedirect(query: AppAuthorizationQuery): Promise<{ client: AppClient; redirectUri: string }> {
    const client = query.client_id ? await deps.clients.find(query.client_id) : undefined;
    const redirectUri = query.redirect_uri;
    if (!client || redirectUri === undefined || !client.redirectUris.includes(redirectUri)) {
      throw new DomainError('invalid', 'invalid_client', APP_OAUTH_MESSAGES.unknownClient);
    }
    return { client, redirectUri };
  }

  /** What else is wrong with the request, as the error the app hears of at its redirect URI. */
  function refusalOf(query: AppAuthorizationQuery): { error: string; error_description: string } | undefined {
    if (query.response_type !== 'code') return { error: 'unsupported_response_type', error_description: APP_OAUTH_MESSAGES.responseTypesUnsupported };
    if (query.code_challenge_method !== 'S256' || !PKCE_TEXT.test(query.code_challenge ?? '')) {
      return { error: 'invalid_request', error_description: APP_OAUTH_MESSAGES.pkceRequired };
    }
    if (query.resource !== undefined && query.resource !== resourceUrl) return { error: 'invalid_target', error_description: APP_OAUTH_MESSAGES.resourceUnknown };
    if (!scopeList(query.scope ?? '').every((name) => (DELEGABLE_SCOPES as readonly string[]).includes(name))) {
      return { error: 'invalid_scope', error_description: APP_OAUTH_MESSAGES.scopeUnknown };
    }
    return undefined;
  }

  /** The request checked: the consent to ask for, or where to send the browser at once. */
  async function check(query: AppAuthorizationQuery): Promise<CheckedRequest | { location: string }> {
    const { client, redirectUri } = await clientAndRedirect(query);
    const refusal = refusalOf(query);
    if (refusal) return { location: redirectWith(redirectUri, query.state, refusal) };
    const asked = scopeList(query.scope ?? '') as DelegableScope[];
    return {
      client,
      redirectUri,
      state: query.state,
      scopes: asked.length > 0 ? [...new Set(asked)] : [...APP_DEFAULT_SCOPES],
      challenge: query.code_challenge!,
    };
  }

  /** A code's trade: the grant (one per user and app, replacing an earlier one) and its first tokens. */
  async function tradeCode(fields: Record<string, string>): Promise<AppTokenAnswer> {
    const { code, code_verifier: verifier } = fields;
    if (!code) throw new OAuthRefusal('invalid_request', APP_OAUTH_MESSAGES.parameterMissing('code'));
    if (!verifier) throw new OAuthRefusal('invalid_request', APP_OAUTH_MESSAGES.verifierMissing);
    const codeHash = digest(code);
    const row = await queries.findCode(db, codeHash);
    // An account-linking code (no resource) is not traded here.
    if (!row || row.resource === null) throw new OAuthRefusal('invalid_grant', APP_OAUTH_MESSAGES.codeInvalid);
    if (row.used_at !== null) {
      await revokeReplayedCode(db, codeHash, row.user_id);
      throw new OAuthRefusal('invalid_grant', APP_OAUTH_MESSAGES.codeInvalid);
    }
    if (row.expires_at <= at()) throw new OAuthRefusal('invalid_grant', APP_OAUTH_MESSAGES.codeInvalid);
    if (row.client_id !== fields.client_id) throw new OAuthRefusal('invalid_grant', APP_OAUTH_MESSAGES.clientMismatch);
    if (fields.redirect_uri !== row.redirect_uri) throw new OAuthRefusal('invalid_grant', APP_OAUTH_MESSAGES.redirectUriMismatch);
    if (fields.resource !== undefined && fields.resource !== resourceUrl) throw new OAuthRefusal('invalid_target', APP_OAUTH_MESSAGES.resourceMismatch);
    // Spent now, whatever follows: a wrong verifier may be a thief's.
    if (!(await queries.useCode(db, codeHash, at()))) {
      await revokeReplayedCode(db, codeHash, row.user_id);
      throw new OAuthRefusal('invalid_grant', APP_OAUTH_MESSAGES.codeInvalid);
    }
    if (!PKCE_TEXT.test(verifier) || crypto.createHash('sha256').update(verifier).digest('base64url') !== row.code_challenge) {
      throw new OAuthRefusal('invalid_grant', APP_OAUTH_MESSAGES.verifierInvalid);
    }
    const accessToken = newToken();
    const refreshToken = newToken();
    await db.transaction().execute(async (trx) => {
      // As account linking's trade: under the user's row, the code read again (a replay, an unlink
      // or a password change between may have taken it, and the grant with it).
      await lockUserRow(trx, row.user_id);
      if (!(await queries.findCode(trx, codeHash))) throw new OAuthRefusal('invalid_grant', APP_OAUTH_MESSAGES.codeInvalid);
      const grantId = crypto.randomUUID();
      await queries.deleteGrants(trx, row.user_id, row.client_id);
      await queries.insertGrant(trx, {
        id: grantId,
        client_id: row.client_id,
        client_name: row.client_name,
        user_id: row.user_id,
        scope: row.scope,
        resource: row.resource,
        refresh_token_hash: digest(refreshToken),
        refresh_expires_at: at(APP_REFRESH_TOKEN_TTL_S),
        code_hash: codeHash,
        created_at: at(),
        last_used_at: at(),
      });
      await queries.insertAccessToken(trx, newAccessTokenRow(accessToken, grantId));
    });
    return answer(accessToken, refreshToken, row.scope);
  }

  /** A refresh: a new access token and a new refresh token; the one presented is spent. */
  async function refresh(fields: Record<string, string>): Promise<AppTokenAnswer> {
    const presented = fields.refresh_token;
    if (!presented) throw new OAuthRefusal('invalid_request', APP_OAUTH_MESSAGES.parameterMissing('refresh_token'));
    const spentHash = digest(presented);
    const grant = await queries.findGrantByRefreshHash(db, spentHash);
    if (!grant) {
      const reusedGrant = await queries.findGrantOfSpentRefreshToken(db, spentHash);
      if (reusedGrant === undefined) throw new OAuthRefusal('invalid_grant', APP_OAUTH_MESSAGES.refreshTokenInvalid);
      await queries.deleteGrant(db, reusedGrant);
      throw new OAuthRefusal('invalid_grant', APP_OAUTH_MESSAGES.refreshTokenReused);
    }
    if (grant.resource === null || grant.refresh_expires_at <= at()) throw new OAuthRefusal('invalid_grant', APP_OAUTH_MESSAGES.refreshTokenInvalid);
    if (grant.client_id !== fields.client_id) throw new OAuthRefusal('invalid_grant', APP_OAUTH_MESSAGES.clientMismatch);
    if (fields.resource !== undefined && fields.resource !== resourceUrl) throw new OAuthRefusal('invalid_target', APP_OAUTH_MESSAGES.resourceMismatch);
    // A refresh may ask for less (RFC 6749 6), but the grant keeps what the user allowed.
    const granted = scopeList(grant.scope);
    if (!scopeList(fields.scope ?? '').every((name) => granted.includes(name))) throw new OAuthRefusal('invalid_scope', APP_OAUTH_MESSAGES.scopeBeyondGrant);
    const accessToken = newToken();
    const refreshToken = newToken();
    const rotated = await db.transaction().execute(async (trx) => {
      const now = at();
      const won = await queries.rotateRefreshToken(trx, {
        grantId: grant.id,
        spentHash,
        newHash: digest(refreshToken),
        expiresAt: at(APP_REFRESH_TOKEN_TTL_S),
        now,
      });
      if (!won) return false;
      await queries.pruneAccessTokens(trx, grant.id, PREVIOUS_ACCESS_TOKENS_KEPT, now);
      await queries.insertAccessToken(trx, newAccessTokenRow(accessToken, grant.id));
      return true;
    });
    // Another refresh with the same token came first: this one is a reuse.
    if (!rotated) {
      await queries.deleteGrant(db, grant.id);
      throw new OAuthRefusal('invalid_grant', APP_OAUTH_MESSAGES.refreshTokenReused);
    }
    return answer(accessToken, refreshToken, grant.scope);
  }

  function newAccessTokenRow(accessToken: string, grantId: string) {
    return { id: crypto.randomUUID(), token_hash: digest(accessToken), grant_id: grantId, created_at: at(), expires_at: at(APP_ACCESS_TOKEN_TTL_S) };
  }

  const answer = (accessToken: string, refreshToken: string, scope: string): AppTokenAnswer => ({
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: APP_ACCESS_TOKEN_TTL_S,
    refresh_token: refreshToken,
    scope,
  });

  return {
    resourceUrl,

    /** What the consent page shows for a request, or where the browser goes at once. */
    async view(actor: Actor, query: AppAuthorizationQuery): Promise<AppAuthorizationView> {
      requireScope(actor, 'account');
      const checked = await check(query);
      if ('location' in checked) return { outcome: 'redirect', location: checked.location };
      return {
        outcome: 'consent',
        client: { name: checked.client.name, redirect_host: new URL(checked.redirectUri).host },
        scopes: checked.scopes,
      };
    },

    /** The user's answer: back to the app with a code (5 minutes, once), or with `access_denied`. */
    async decide(actor: Actor, body: AppDecisionBody): Promise<{ location: string }> {
      requireScope(actor, 'account');
      const checked = await check(body);
      if ('location' in checked) return checked;
      if (body.decision === 'deny') {
        return { location: redirectWith(checked.redirectUri, checked.state, { error: 'access_denied', error_description: APP_OAUTH_MESSAGES.userDenied }) };
      }
      const code = newToken();
      await queries.insertCode(db, {
        code_hash: digest(code),
        client_id: checked.client.id,
        client_name: checked.client.name,
        user_id: actor.user.id,
        redirect_uri: checked.redirectUri,
        scope: checked.scopes.join(' '),
        code_challenge: checked.challenge,
        code_challenge_method: 'S256',
        resource: APP_RESOURCE,
        created_at: at(),
        expires_at: at(AUTHORIZATION_CODE_TTL_S),
      });
      return { location: redirectWith(checked.redirectUri, checked.state, { code }) };
    },

    /** The token endpoint of apps: a code or a refresh token for tokens; the client is public, named by `client_id`. */
    async token(fields: Record<string, string>): Promise<AppTokenAnswer> {
      if (!fields.client_id) throw new OAuthRefusal('invalid_request', APP_OAUTH_MESSAGES.parameterMissing('client_id'));
      if (fields.grant_type === 'authorization_code') return tradeCode(fields);
      if (fields.grant_type === 'refresh_token') return refresh(fields);
      throw new OAuthRefusal('unsupported_grant_type', APP_OAUTH_MESSAGES.grantTypeUnsupported);
    },
  };
}
export type AppGrants = ReturnType<typeof createAppGrants>;
