import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import * as client from 'openid-client';
import { API_BASE_PATH } from '../../common/constants.ts';
import { OIDC_ERRORS, OIDC_FINISH_PARAM, OIDC_FINISH_VALUE, OIDC_RETURN_PATHS, OIDC_TEXT, type OidcIntent } from '../../common/oidc.ts';
import type { LoginBody } from '../../common/schemas/auth.ts';
import type { IdentitiesResponse, LinkedIdentityView, OidcFinishResponse } from '../../common/schemas/oidc.ts';
import { requireScope } from '../access/access.ts';
import { sessionIdOf, type Actor } from '../access/actor.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { DB } from '../db/schema.ts';
import { DomainError, type DomainErrorKind, notFound } from '../domain/errors.ts';
import { digestToken } from '../tokens.ts';
import { allowedIn, identityOf, isAdminIn, type ProviderIdentity } from './claims.ts';
import type { OidcProviderConfig } from './oidc.config.ts';
import * as queries from './oidc.queries.ts';
import type { ProviderRegistry, ProviderState } from './providers.ts';

/** How long a sign-in may take at the provider (a password typed, a second factor) and then be finished. */
export const OIDC_LOGIN_TTL_MS = 10 * 60_000;

/** What a callback found, kept until the app finishes (JSON in oidc_logins.result). */
type LoginResult =
  | { kind: 'pending' }
  | { kind: 'signed_in'; userId: string; idToken: string }
  | { kind: 'linked'; userId: string }
  | { kind: 'needs_password'; identity: ProviderIdentity; isAdmin: boolean; idToken: string }
  /** `errorKind` is absent from a refusal stored by the version before domain errors (it stored a status). */
  | { kind: 'refused'; errorKind?: DomainErrorKind; code: string; message: string };

const refused = (errorKind: DomainErrorKind, code: string, message: string): LoginResult => ({ kind: 'refused', errorKind, code, message });

export interface OidcDeps {
  db: Kysely<DB>;
  secret: string;
  publicUrl: string;
  passwordLogin: boolean;
  auth: AuthService;
  providers: ProviderRegistry;
  now: () => Date;
  log: FastifyBaseLogger;
}

export type OidcService = ReturnType<typeof createOidcService>;

/**
 * Sign-in and linking through OpenID Connect providers (docs/api.md, "Sign-in with an identity
 * provider"; decisions 054 and 055): authorization code flow with PKCE S256, state and nonce; the
 * account is found by the provider's subject, linked by a confirmed address, or made; the session is
 * an ordinary Listo session.
 */
export function createOidcService(deps: OidcDeps) {
  const { db, secret, providers } = deps;
  const nowIso = () => deps.now().toISOString();
  const digest = (value: string) => digestToken(secret, value);
  const redirectUri = (id: string) => `${deps.publicUrl}${API_BASE_PATH}/auth/oidc/${id}/callback`;

  function providerOf(id: string): ProviderState {
    const state = providers.get(id);
    if (!state) throw notFound(OIDC_TEXT.unknownProvider);
    return state;
  }

  async function readyClient(state: ProviderState): Promise<client.Configuration> {
    const found = await providers.ready(state);
    if (!found) throw new DomainError('unavailable', OIDC_ERRORS.unavailable, OIDC_TEXT.unavailable(state.config.label));
    return found;
  }

  function presentIdentity(row: queries.IdentityRow): LinkedIdentityView {
    return { provider: row.provider, label: providers.get(row.provider)?.config.label ?? row.provider, email: row.email, linked_at: row.created_at };
  }

  /** The claims of the ID token, with the userinfo endpoint's added when the provider has one (e.g. Authelia's groups). */
  async function claimsOf(found: client.Configuration, tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers) {
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('no ID token');
    if (!found.serverMetadata().userinfo_endpoint) return { ...idClaims } as Record<string, unknown>;
    const userinfo = await client.fetchUserInfo(found, tokens.access_token, idClaims.sub);
    return { ...userinfo, ...idClaims } as Record<string, unknown>;
  }

  /** What a successful exchange means for Listo: which account, or why none. */
  async function decide(login: queries.OidcLoginRow, config: OidcProviderConfig, identity: ProviderIdentity, idToken: string): Promise<LoginResult> {
    if (!allowedIn(config, identity.groups)) return refused('forbidden', OIDC_ERRORS.wrongGroup, OIDC_TEXT.wrongGroup(config.label));
    const isAdmin = isAdminIn(config, identity.groups);
    const seen = { email: identity.email ?? null, is_admin: isAdmin, last_login_at: nowIso() };
    const known = await queries.findIdentity(db, config.id, identity.subject);

    if (login.intent === 'link') {
      if (known && known.user_id !== login.user_id) return refused('conflict', OIDC_ERRORS.identityTaken, OIDC_TEXT.identityTaken(config.label));
      await queries.linkIdentity(db, { provider: config.id, subject: identity.subject, user_id: login.user_id!, created_at: nowIso(), ...seen });
      return { kind: 'linked', userId: login.user_id! };
    }
    if (known) {
      await queries.recordIdentityLogin(db, config.id, identity.subject, seen);
      return { kind: 'signed_in', userId: known.user_id, idToken };
    }
    if (!identity.email) return refused('forbidden', OIDC_ERRORS.noEmail, OIDC_TEXT.noEmail(config.label));
    const account = await queries.findUserByEmail(db, identity.email);
    if (account) {
      // Both sides must have proven the address: the provider, and Listo (its link was opened), so that
      // neither someone who registered another's address here nor an unconfirmed address there takes an account.
      if (identity.emailVerified && account.email_verified_at !== null) {
        await linkTo(account.id, config.id, identity, isAdmin);
        return { kind: 'signed_in', userId: account.id, idToken };
      }
      return deps.passwordLogin
        ? { kind: 'needs_password', identity, isAdmin, idToken }
        : refused('forbidden', OIDC_ERRORS.unverifiedEmail, OIDC_TEXT.unverifiedEmailNoPassword(config.label));
    }
    if (!config.autoCreate) return refused('forbidden', OIDC_ERRORS.noAccount, OIDC_TEXT.noAccount(identity.email));
    const user = await deps.auth.createAccount(
      { email: identity.email, firstName: identity.name ?? null, verified: identity.emailVerified },
      (trx, userId) => linkTo(userId, config.id, identity, isAdmin, trx),
    );
    return { kind: 'signed_in', userId: user.id, idToken };
  }

  async function linkTo(userId: string, provider: string, identity: ProviderIdentity, isAdmin: boolean, trx: Kysely<DB> | Transaction<DB> = db) {
    const now = nowIso();
    await queries.linkIdentity(trx, {
      provider,
      subject: identity.subject,
      user_id: userId,
      email: identity.email ?? null,
      is_admin: isAdmin,
      created_at: now,
      last_login_at: now,
    });
  }

  async function signIn(userId: string, provider: string, idToken: string): Promise<OidcFinishResponse> {
    const user = await deps.auth.findUser(userId);
    if (!user) throw new DomainError('invalid', OIDC_ERRORS.failed, OIDC_TEXT.expired);
    const { token, sessionId } = await deps.auth.openSession(userId);
    await queries.insertProviderSession(db, { session_id: sessionId, provider, id_token: idToken });
    return { outcome: 'signed_in', token, user };
  }

  return {
    /** The sign-in page's choices. */
    methods() {
      return { password: deps.passwordLogin, providers: providers.list() };
    },

    /**
     * Starts a sign-in (`userId` undefined) or a link of the signed-in account: the provider's
     * authorization URL, and the cookie value that binds the flow to this browser.
     */
    async start(providerId: string, intent: OidcIntent, actor?: Actor): Promise<{ url: string; browserToken: string }> {
      const state = providerOf(providerId);
      if (intent === 'link') requireScope(actor!, 'account');
      const found = await readyClient(state);
      const verifier = client.randomPKCECodeVerifier();
      const flowState = client.randomState();
      const nonce = client.randomNonce();
      const browserToken = crypto.randomBytes(32).toString('base64url');
      const now = deps.now();
      await queries.insertLogin(db, {
        state_hash: digest(flowState),
        browser_hash: digest(browserToken),
        provider: providerId,
        intent,
        user_id: intent === 'link' ? actor!.user.id : null,
        code_verifier: verifier,
        nonce,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + OIDC_LOGIN_TTL_MS).toISOString(),
        result: null,
      });
      const url = client.buildAuthorizationUrl(found, {
        redirect_uri: redirectUri(providerId),
        scope: state.config.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: flowState,
        nonce,
      });
      return { url: url.href, browserToken };
    },

    /**
     * The provider's answer: checked and exchanged (code with its verifier; ID token's issuer,
     * audience, expiry, nonce and signature), the outcome kept for the app to finish. Answers where
     * to send the browser; never throws, as a browser is waiting on a redirect.
     */
    async callback(providerId: string, query: Record<string, string | undefined>, rawQuery: string, browserToken: string | undefined): Promise<string> {
      const state = providers.get(providerId);
      const intentPath = (intent: OidcIntent) => `${OIDC_RETURN_PATHS[intent]}?${OIDC_FINISH_PARAM}=${OIDC_FINISH_VALUE}`;
      if (!state || !query.state || !browserToken) return intentPath('login');
      const login = await queries.takeLoginForCallback(db, digest(query.state), digest(browserToken), nowIso());
      if (!login || login.provider !== providerId) return intentPath('login');
      const { config } = state;
      let result: LoginResult;
      try {
        if (query.error) throw new Error(`the provider answered ${query.error}`);
        const found = await readyClient(state);
        const tokens = await client.authorizationCodeGrant(found, new URL(`${redirectUri(providerId)}?${rawQuery}`), {
          pkceCodeVerifier: login.code_verifier,
          expectedState: query.state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        const identity = identityOf(await claimsOf(found, tokens), config.groupsClaim);
        result = await decide(login, config, identity, tokens.id_token!);
      } catch (error) {
        if (error instanceof DomainError) result = refused(error.kind, error.code, error.message);
        else if (isUniqueViolation(error)) result = refused('conflict', OIDC_ERRORS.identityTaken, OIDC_TEXT.identityTaken(config.label));
        else {
          deps.log.warn({ provider: providerId, err: String(error) }, 'sign-in through the identity provider refused');
          result = refused('invalid', OIDC_ERRORS.failed, OIDC_TEXT.failed(config.label));
        }
      }
      await queries.setLoginResult(db, login.state_hash, JSON.stringify(result));
      return intentPath(login.intent);
    },

    /**
     * Finishes the browser's sign-in or link: a session, the link, or the refusal. An address the
     * provider did not confirm links to the account whose password comes with `credentials`.
     */
    async finish(browserToken: string | undefined, credentials: LoginBody | undefined): Promise<OidcFinishResponse> {
      const expired = () => new DomainError('invalid', OIDC_ERRORS.failed, OIDC_TEXT.expired);
      const login = browserToken ? await queries.findAnsweredLogin(db, digest(browserToken), nowIso()) : undefined;
      if (!login) throw expired();
      const result = JSON.parse(login.result!) as LoginResult;
      const label = providers.get(login.provider)?.config.label ?? login.provider;
      if (result.kind === 'pending') throw expired();
      if (result.kind === 'needs_password') {
        if (!credentials) throw new DomainError('conflict', OIDC_ERRORS.unverifiedEmail, OIDC_TEXT.unverifiedEmail(label));
        const user = await deps.auth.checkCredentials(credentials);
        if (!(await queries.deleteLogin(db, login.state_hash))) throw expired();
        const taken = await queries.findIdentity(db, login.provider, result.identity.subject);
        if (taken) throw new DomainError('conflict', OIDC_ERRORS.identityTaken, OIDC_TEXT.identityTaken(label));
        await linkTo(user.id, login.provider, result.identity, result.isAdmin);
        return signIn(user.id, login.provider, result.idToken);
      }
      if (!(await queries.deleteLogin(db, login.state_hash))) throw expired();
      // A refusal stored by a version before domain errors has a status, no kind: ask for a new sign-in (a 400, not a 500).
      if (result.kind === 'refused') throw result.errorKind ? new DomainError(result.errorKind, result.code, result.message) : expired();
      if (result.kind === 'signed_in') return signIn(result.userId, login.provider, result.idToken);
      const identity = (await queries.findIdentitiesOfUser(db, result.userId)).find((row) => row.provider === login.provider);
      const user = await deps.auth.findUser(result.userId);
      if (!identity || !user) throw expired();
      return { outcome: 'linked', identity: presentIdentity(identity), user };
    },

    /** Account Settings: the account's links, the providers, and whether it has a password. */
    async identities(actor: Actor): Promise<IdentitiesResponse> {
      requireScope(actor, 'account');
      const [rows, password] = await Promise.all([queries.findIdentitiesOfUser(db, actor.user.id), queries.hasPassword(db, actor.user.id)]);
      return { has_password: deps.passwordLogin && password, identities: rows.map(presentIdentity), providers: providers.list() };
    },

    /** Unlinks a provider, unless it is the account's last way to sign in (no password, no other provider). */
    async unlink(actor: Actor, providerId: string): Promise<void> {
      requireScope(actor, 'account');
      const userId = actor.user.id;
      await db.transaction().execute(async (trx) => {
        // Serialises two unlinks of one account, so that they cannot each leave the other as the last one.
        await trx.updateTable('users').set({ updated_at: nowIso() }).where('id', '=', userId).execute();
        const rows = await queries.findIdentitiesOfUser(trx, userId);
        if (!rows.some((row) => row.provider === providerId)) throw notFound(OIDC_TEXT.unknownProvider);
        const passwordUsable = deps.passwordLogin && (await queries.hasPassword(trx, userId));
        if (!passwordUsable && rows.length === 1) throw new DomainError('conflict', OIDC_ERRORS.lastSignInMethod, OIDC_TEXT.lastSignInMethod);
        await queries.deleteIdentity(trx, userId, providerId);
      });
    },

    /** The provider's end-session URL for a session it opened, when it supports RP-initiated logout. */
    async endSessionUrl(actor: Actor): Promise<string | undefined> {
      const sessionId = sessionIdOf(actor);
      const session = sessionId && (await queries.findProviderSession(db, sessionId));
      const found = session ? providers.get(session.provider)?.client : undefined;
      if (!session || !found?.serverMetadata().end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(found, { id_token_hint: session.id_token, post_logout_redirect_uri: `${deps.publicUrl}/` }).href;
    },

    /** Whether a provider's admin group held the user at their last sign-in through it. */
    isGroupAdmin: (userId: string) => queries.isGroupAdmin(db, userId),

    purgeExpired: () => queries.purgeExpiredLogins(db, nowIso()),
  };
}
