import type { Kysely } from 'kysely';
import {
  ACCESS_TOKEN_LAST_USE_PRECISION_MS,
  ACCESS_TOKEN_MESSAGES,
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKENS_MAX,
  type AccessTokenScope,
} from '../../common/access-tokens.ts';
import type { AccessTokenView, CreateAccessTokenBody, CreatedAccessTokenResponse } from '../../common/schemas/access-tokens.ts';
import { requireScope } from '../access/access.ts';
import type { Actor, Scope } from '../access/actor.ts';
import type { DB } from '../db/schema.ts';
import { lockUserRow } from '../writes/user-lock.ts';
import { notFound, tooLarge } from '../domain/errors.ts';
import type { ChangeFeed } from '../writes/change-feed.ts';
import { digestToken, newToken } from '../tokens.ts';
import { presentUser } from '../users/user.presenter.ts';
import * as queries from './access-tokens.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type AccessTokenService = ReturnType<typeof createAccessTokenService>;

const scopesOf = (stored: string) => stored.split(' ').filter(Boolean) as AccessTokenScope[];

function presentToken(row: { id: string; name: string; scopes: string; created_at: string; last_used_at: string | null; expires_at: string }): AccessTokenView {
  return { id: row.id, name: row.name, scopes: scopesOf(row.scopes), created_at: row.created_at, last_used_at: row.last_used_at, expires_at: row.expires_at };
}

/**
 * Personal access tokens (docs/api.md, "Personal access tokens"; decision 058): made, listed and
 * revoked by the person in Account Settings (their session: the `account` scope), and the
 * authenticator that turns one into an Actor with the token's scopes. Only a token's HMAC is
 * stored. A revocation is announced as the end of the user's credentials, like a sign-out, so the
 * streams opened with the token close on every process.
 */
export function createAccessTokenService(deps: { db: Kysely<DB>; secret: string; now: () => Date; changes: ChangeFeed }) {
  const { db, secret } = deps;
  const nowIso = () => deps.now().toISOString();

  return {
    /** Makes a token; its secret is in this answer and nowhere else, ever. */
    async create(actor: Actor, body: CreateAccessTokenBody): Promise<CreatedAccessTokenResponse> {
      requireScope(actor, 'account');
      const secretText = ACCESS_TOKEN_PREFIX + newToken();
      const now = deps.now();
      const row = {
        id: crypto.randomUUID(),
        user_id: actor.user.id,
        name: body.name,
        token_hash: digestToken(secret, secretText),
        scopes: body.scopes.join(' '),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + body.expires_in_days * DAY_MS).toISOString(),
        last_used_at: null,
      };
      await db.transaction().execute(async (trx) => {
        // Two creations at once must not both pass the count.
        await lockUserRow(trx, actor.user.id);
        if ((await queries.countTokensOfUser(trx, actor.user.id)) >= ACCESS_TOKENS_MAX) throw tooLarge(ACCESS_TOKEN_MESSAGES.tooMany);
        await queries.insertToken(trx, row);
      });
      return { token: presentToken(row), secret: secretText };
    },

    /** The caller's tokens that have not expired, oldest first. */
    async list(actor: Actor): Promise<AccessTokenView[]> {
      requireScope(actor, 'account');
      return (await queries.findTokensOfUser(db, actor.user.id, nowIso())).map(presentToken);
    },

    /** Revokes a token at once: its next request is refused, and its open streams close. 404 when it is not the caller's. */
    async revoke(actor: Actor, tokenId: string): Promise<void> {
      requireScope(actor, 'account');
      const userId = actor.user.id;
      const revoked = await deps.changes.write([], async (trx, record) => {
        const deleted = await queries.deleteToken(trx, userId, tokenId);
        if (deleted) await record({ entity: 'sessions', userId });
        return deleted;
      });
      if (!revoked) throw notFound(ACCESS_TOKEN_MESSAGES.notFound);
    },

    /** The authenticator of personal access tokens: the actor behind a live one, else undefined. */
    async authenticate(token: string): Promise<Actor | undefined> {
      if (!token.startsWith(ACCESS_TOKEN_PREFIX)) return undefined;
      const row = await queries.findTokenWithUser(db, digestToken(secret, token));
      const now = deps.now();
      if (!row || row.disabled_at !== null || row.token_expires_at <= now.toISOString()) return undefined;
      const notBefore = new Date(now.getTime() - ACCESS_TOKEN_LAST_USE_PRECISION_MS).toISOString();
      if (row.token_last_used_at === null || row.token_last_used_at < notBefore) {
        await queries.noteTokenUse(db, row.token_id, now.toISOString(), notBefore);
      }
      return {
        user: presentUser(row),
        via: { kind: 'token', tokenId: row.token_id, name: row.token_name },
        scopes: new Set<Scope>(scopesOf(row.token_scopes)),
      };
    },

    purgeExpired: () => queries.deleteExpiredTokens(db, nowIso()),
  };
}
