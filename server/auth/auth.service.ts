import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { PASSWORD_RESET_TTL_MS, RESET_PASSWORD_PATH } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { OIDC_ERRORS, OIDC_TEXT } from '../../common/oidc.ts';
import type {
  AuthResponse,
  ChangePasswordBody,
  DeleteAccountBody,
  LoginBody,
  PasswordResetConfirmBody,
  RegisterBody,
  UserView,
} from '../../common/schemas/auth.ts';
import { requireScope } from '../access/access.ts';
import { sessionActor, sessionIdOf, type Actor } from '../access/actor.ts';
import type { Background } from '../background.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { DB } from '../db/schema.ts';
import { DomainError, badRequest, conflict, forbidden, unauthorized, wrongPassword } from '../domain/errors.ts';
import { ADMIN_MESSAGES } from '../../common/admin.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ChangeFeed } from '../writes/change-feed.ts';
import type { RecordChange } from '../writes/change-log.ts';
import { presentUser } from '../users/user.presenter.ts';
import * as queries from './auth.queries.ts';
import { authMails } from './auth.mails.ts';
import type { EmailVerification } from './email-verification.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import { digestToken, newExpiringToken } from '../tokens.ts';

/** How long a bearer token works before the client must refresh it. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long after expiry a token may still be traded for a fresh one (a phone left in a drawer). */
export const SESSION_REFRESH_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

const currentPasswordWrong = () => wrongPassword('invalid', SERVER_MESSAGES.currentPasswordWrong);
const accountDisabled = () => new DomainError('forbidden', 'account_disabled', ADMIN_MESSAGES.accountDisabled);

export interface AuthDeps {
  db: Kysely<DB>;
  secret: string;
  mailer: Mailer;
  /** Mail goes out after the answer (background.ts). */
  background: Background;
  verification: EmailVerification;
  publicUrl: string;
  aiDefaultEnabled: boolean;
  /** Sign-in, registration and reset by password (PASSWORD_LOGIN); on unless set off. */
  passwordLogin?: boolean;
  now: () => Date;
  /**
   * Runs inside the transaction of a password change or reset, and of disabling the account:
   * whoever takes back an account ends what others may have been given in it (the apps it
   * linked), as they end its other sessions; a disabled account keeps neither.
   */
  endLinkedApps?: (trx: Transaction<DB>, userId: string) => Promise<void>;
  /** In the sign-out's transaction: what belongs to that device's session goes with it (its push subscription). */
  onSignOut?: (trx: Transaction<DB>, sessionId: string) => Promise<void>;
  /** Runs inside the transaction that proves an address, e.g. to turn its invitations into shares. */
  onEmailVerified?: (trx: Transaction<DB>, user: { id: string; email: string }, record: RecordChange) => Promise<void>;
  /**
   * Writes that live subscribers must hear of go through it: the user's own record, invitations
   * accepted, and sessions that ended (their sockets close).
   */
  changes: ChangeFeed;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDeps) {
  const { db, secret, mailer, background, verification } = deps;
  const nowIso = () => deps.now().toISOString();

  /** A new session for the account; a disabled one gets none, however it proved itself (password or provider). */
  async function openSession(userId: string): Promise<{ token: string; sessionId: string }> {
    if ((await queries.findUserById(db, userId))?.disabled_at) throw accountDisabled();
    const { token, hash, createdAt, expiresAt } = newExpiringToken(secret, deps.now(), SESSION_TTL_MS);
    const sessionId = crypto.randomUUID();
    await queries.insertSession(db, { id: sessionId, userId, tokenHash: hash, createdAt, expiresAt });
    return { token, sessionId };
  }

  const startSession = async (userId: string) => (await openSession(userId)).token;

  /** With PASSWORD_LOGIN=off, nothing takes a password to sign in or to make one. */
  function requirePasswordLogin(): void {
    if (deps.passwordLogin === false) throw new DomainError('forbidden', OIDC_ERRORS.passwordLoginOff, OIDC_TEXT.passwordLoginOff);
  }

  function newUserRow(email: string, firstName: string | null, verifiedAt: string | null) {
    const now = nowIso();
    return {
      id: crypto.randomUUID(),
      email,
      first_name: firstName,
      can_use_ai: deps.aiDefaultEnabled,
      email_verified_at: verifiedAt,
      disabled_at: null,
      created_at: now,
      updated_at: now,
    };
  }

  /** Ends sessions inside `work`, and tells every process so that their sockets close. */
  function endingSessions(userId: string, work: (trx: Transaction<DB>, record: RecordChange) => Promise<void>): Promise<void> {
    return deps.changes.write([], async (trx, record) => {
      await work(trx, record);
      await record({ entity: 'sessions', userId });
    });
  }

  /** Marks the user's address proven: invitations to it become shares; their devices hear of it. */
  async function proveAddress(trx: Transaction<DB>, user: { id: string; email: string }, record: RecordChange): Promise<void> {
    // Invitations first: they lock lists, and everything else locks a list before a user.
    await deps.onEmailVerified?.(trx, user, record);
    await queries.markEmailVerified(trx, user.id, nowIso());
    await record({ entity: 'user', userId: user.id });
  }

  /** The account's user when the password is right; `wrongPassword` for a wrong one and an unknown e-mail alike. */
  async function checkCredentials(body: LoginBody): Promise<UserView> {
    requirePasswordLogin();
    const row = await queries.findUserWithPasswordByEmail(db, body.email);
    const valid = row
      ? await verifyPassword(body.password, row.password_hash)
      : await verifyAgainstNothing(body.password);
    if (!row || !valid) throw wrongPassword('notSignedIn', SERVER_MESSAGES.invalidCredentials);
    // Said only to whoever knows the password: a guesser learns nothing of the account.
    if (row.disabled_at !== null) throw accountDisabled();
    return presentUser(row);
  }

  /**
   * The caller's own account, proven again by its password (a token alone is not enough). Returns
   * the hash it was proven against, for `keepProvenPassword` inside the write.
   */
  async function requireCurrentPassword(actor: Actor, password: string): Promise<string> {
    requireScope(actor, 'account');
    const stored = await queries.findPasswordHash(db, actor.user.id);
    if (!stored || !(await verifyPassword(password, stored))) throw currentPasswordWrong();
    return stored;
  }

  /**
   * Inside the write: sets `next` (by default keeps the hash) only if the password proven before
   * the write is still the account's. A change or reset that landed in between makes the proof
   * stale, and the caller's password is no longer the current one.
   */
  async function keepProvenPassword(trx: Transaction<DB>, userId: string, proven: string, next = proven): Promise<void> {
    if (!(await queries.updatePasswordHash(trx, userId, next, nowIso(), proven))) throw currentPasswordWrong();
  }

  function mailLater(what: string, mail: Parameters<Mailer['send']>[0]): void {
    background.run(what, () => mailer.send(mail));
  }

  /**
   * Deletes an account with what is only its own (see deleteAccount); `check` runs inside the
   * write, after the lists are locked, and refuses by throwing.
   */
  async function removeAccount({ id: userId, email }: { id: string; email: string }, check: (trx: Transaction<DB>) => Promise<void>) {
    await deps.changes.write([], async (trx, record) => {
      const { owned, memberOf } = await queries.findListsOfUser(trx, userId);
      await deps.changes.lock(trx, [...owned, ...memberOf, ...(await queries.findListsTouchedByUser(trx, userId))]);
      // After the lists, as a reset takes them: lists before the user's own rows.
      await check(trx);
      await record([
        // Recorded before the rows go: a list's seq lives on its row.
        ...owned.map((listId) => ({ listId, entity: 'list' as const, op: 'removed' as const, entityId: listId })),
        ...memberOf.map((listId) => ({ listId, entity: 'share' as const, op: 'removed' as const, entityId: email })),
      ]);
      await record({ entity: 'account-deleted', userId });
      await queries.deleteUser(trx, userId);
    });
  }

  return {
    /**
     * Creates an account and signs it in; 409 when the e-mail is taken. A link proving the address
     * goes out by mail: invitations to the address wait for it.
     */
    async register(body: RegisterBody): Promise<AuthResponse> {
      requirePasswordLogin();
      const passwordHash = await hashPassword(body.password);
      const user = newUserRow(body.email, body.first_name || null, null);
      let link: string;
      try {
        link = await db.transaction().execute(async (trx) => {
          await queries.insertUser(trx, user, passwordHash);
          return verification.issueLink(trx, user);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(SERVER_MESSAGES.emailTaken);
        throw error;
      }
      mailLater('verification mail', authMails.verifyAddress(user.email, link));
      return { token: await startSession(user.id), user: presentUser(user) };
    },

    /** Signs in; one answer for an unknown e-mail and a wrong password alike. */
    async login(body: LoginBody): Promise<AuthResponse> {
      const user = await checkCredentials(body);
      return { token: await startSession(user.id), user };
    },

    /** The user with this e-mail and password, without a session (account linking). */
    checkCredentials,

    requirePasswordLogin,

    async findUser(userId: string): Promise<UserView | undefined> {
      const row = await queries.findUserById(db, userId);
      return row && presentUser(row);
    },

    /** A session for an account that proved itself another way (an identity provider); its id too. */
    openSession,

    /**
     * Creates an account without a password (an identity provider vouches for it) and runs `within`
     * in the same write, e.g. to link the provider. An address the provider confirmed counts as
     * proven: invitations to it become shares. 409 when the address is taken meanwhile.
     */
    async createAccount(
      profile: { email: string; firstName: string | null; verified: boolean },
      within: (trx: Transaction<DB>, userId: string) => Promise<void>,
    ): Promise<UserView> {
      const user = newUserRow(profile.email, profile.firstName, null);
      try {
        await deps.changes.write([], async (trx, record) => {
          await queries.insertUser(trx, user, undefined);
          if (profile.verified) await proveAddress(trx, user, record);
          await within(trx, user.id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(SERVER_MESSAGES.emailTaken);
        throw error;
      }
      const row = await queries.findUserById(db, user.id);
      if (!row) throw unauthorized();
      return presentUser(row);
    },

    /** The actor behind a session token, or undefined for a missing, revoked or expired one. */
    async authenticate(token: string): Promise<Actor | undefined> {
      const row = await queries.findLiveSession(db, digestToken(secret, token));
      // A disabled account's sessions are revoked with it; this holds for one started meanwhile.
      if (!row || row.disabled_at !== null || row.session_expires_at <= nowIso()) return undefined;
      return sessionActor(presentUser(row), row.session_id);
    },

    /** Ends the caller's session; its live sockets close. */
    async logout(actor: Actor): Promise<void> {
      const sessionId = sessionIdOf(actor);
      if (!sessionId) return;
      await endingSessions(actor.user.id, async (trx) => {
        await queries.revokeSession(trx, sessionId, nowIso());
        await deps.onSignOut?.(trx, sessionId);
      });
    },

    /**
     * Trades a live or recently expired token for a fresh one; the old token stops working. The
     * session stays the same one, so its live sockets carry on.
     */
    async refresh(token: string): Promise<AuthResponse> {
      const oldHash = digestToken(secret, token);
      const row = await queries.findLiveSession(db, oldHash);
      const graceEnd = row && new Date(new Date(row.session_expires_at).getTime() + SESSION_REFRESH_GRACE_MS);
      if (!row || row.disabled_at !== null || !graceEnd || graceEnd <= deps.now()) throw unauthorized();
      const fresh = newExpiringToken(secret, deps.now(), SESSION_TTL_MS);
      // Two refreshes racing with one token: only the one that swaps the hash gets a new token.
      if (!(await queries.rotateSessionToken(db, row.session_id, oldHash, fresh.hash, fresh.expiresAt))) {
        throw unauthorized();
      }
      return { token: fresh.token, user: presentUser(row) };
    },

    async updateProfile(actor: Actor, firstName: string): Promise<UserView> {
      requireScope(actor, 'account');
      await deps.changes.write([], async (trx, record) => {
        await queries.updateFirstName(trx, actor.user.id, firstName, nowIso());
        await record({ entity: 'user', userId: actor.user.id });
      });
      const row = await queries.findUserById(db, actor.user.id);
      if (!row) throw unauthorized();
      return presentUser(row);
    },

    /**
     * Changes the password; every other session of the user ends (their sockets close), every
     * linked app with them, and every reset link still out stops working.
     */
    async changePassword(actor: Actor, body: ChangePasswordBody): Promise<void> {
      const proven = await requireCurrentPassword(actor, body.currentPassword);
      const userId = actor.user.id;
      const passwordHash = await hashPassword(body.newPassword);
      const now = nowIso();
      await endingSessions(userId, async (trx) => {
        await keepProvenPassword(trx, userId, proven, passwordHash);
        await queries.revokeUserSessions(trx, userId, now, sessionIdOf(actor));
        await queries.deletePasswordResets(trx, userId);
        await deps.endLinkedApps?.(trx, userId);
      });
    },

    /**
     * Deletes the account and what is only its own, through the foreign keys: its lists with their
     * items, shares and images (the sweep removes the files), its memberships, sessions, linked
     * apps and memories. Items it added to other people's lists stay, without an author. Members of
     * its lists see them go and owners see the member go, live; its own sockets close.
     */
    async deleteAccount(actor: Actor, body: DeleteAccountBody): Promise<void> {
      const proven = await requireCurrentPassword(actor, body.currentPassword);
      await removeAccount(actor.user, (trx) => keepProvenPassword(trx, actor.user.id, proven));
    },

    /** An administrator's deletion of an account (server/admin/), as `deleteAccount` without the password. */
    removeAccount: (user: { id: string; email: string }) => removeAccount(user, async () => undefined),

    /**
     * Disables an account (its sessions and linked apps end, its sockets close, it cannot sign in)
     * or enables it again. Its lists stay, for their members.
     */
    async setDisabled(userId: string, disabled: boolean): Promise<void> {
      const now = nowIso();
      await endingSessions(userId, async (trx, record) => {
        await queries.setDisabled(trx, userId, disabled ? now : null, now);
        if (disabled) {
          await queries.revokeUserSessions(trx, userId, now);
          await deps.endLinkedApps?.(trx, userId);
        }
        await record({ entity: 'user', userId });
      });
    },

    /** An administrator vouches for the address: as if its owner opened the link (invitations to it become shares). */
    async confirmAddressOf(userId: string): Promise<void> {
      await deps.changes.write([], async (trx, record) => {
        const user = await queries.findUserById(trx, userId);
        if (user && user.email_verified_at === null) await proveAddress(trx, user, record);
      });
    },

    /**
     * Mails a single-use reset link when the account exists, and retires the links sent before.
     * Called after the answer went out (the route runs it in the background), so the answer says
     * nothing about the address, not even by its timing; an unknown address costs the same token
     * and digest work.
     */
    async requestPasswordReset(email: string): Promise<void> {
      if (deps.passwordLogin === false) return;
      const link = newExpiringToken(secret, deps.now(), PASSWORD_RESET_TTL_MS);
      // An account an identity provider made has no password yet: a reset gives it one.
      const row = await queries.findUserByEmail(db, email);
      // A disabled account could not use the link (confirmPasswordReset).
      if (!row || row.disabled_at !== null) return;
      await db.transaction().execute(async (trx) => {
        await queries.deletePasswordResets(trx, row.id);
        await queries.insertPasswordReset(trx, { tokenHash: link.hash, userId: row.id, createdAt: link.createdAt, expiresAt: link.expiresAt });
      });
      const url = `${deps.publicUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(link.token)}`;
      await mailer.send(authMails.resetPassword(row.email, url));
    },

    /**
     * Sets a new password from a reset link, ends every session (their sockets close), every other
     * reset link and every linked app, and signs the user in afresh. The link went to the address
     * and its opener now holds the only password, so the address is proven too: this is how the
     * owner of an address takes back an account that someone else registered with it.
     */
    async confirmPasswordReset(body: PasswordResetConfirmBody): Promise<AuthResponse> {
      requirePasswordLogin();
      const passwordHash = await hashPassword(body.newPassword);
      const now = nowIso();
      const userId = await db.transaction().execute(async (trx) => {
        const owner = await queries.consumePasswordReset(trx, digestToken(secret, body.token), now);
        // Refused before anything changes: the link stays unused, the password as it was.
        if (owner && (await queries.findUserById(trx, owner))?.disabled_at) throw accountDisabled();
        return owner;
      });
      if (!userId) throw badRequest(SERVER_MESSAGES.resetLinkInvalid, 'invalid_token');
      await endingSessions(userId, async (trx, record) => {
        const user = await queries.findUserById(trx, userId);
        if (user && user.email_verified_at === null) await proveAddress(trx, user, record);
        await queries.setPasswordHash(trx, userId, passwordHash, now);
        await queries.revokeUserSessions(trx, userId, now);
        await queries.deletePasswordResets(trx, userId);
        await deps.endLinkedApps?.(trx, userId);
      });
      const user = await queries.findUserById(db, userId);
      if (!user) throw badRequest(SERVER_MESSAGES.resetLinkInvalid, 'invalid_token');
      return { token: await startSession(user.id), user: presentUser(user) };
    },

    /**
     * Proves the address a link was sent to, for the signed-in account it was sent for; invitations
     * to it become the account's shares. Another account's link is refused and stays usable.
     */
    async verifyEmail(actor: Actor, token: string): Promise<UserView> {
      requireScope(actor, 'account');
      const proven = await deps.changes.write([], async (trx, record) => {
        const proof = await verification.take(trx, token, actor.user.id);
        if (proof === 'other_account') throw forbidden(SERVER_MESSAGES.verifyLinkOtherAccount);
        const user = proof && (await queries.findUserById(trx, actor.user.id));
        // A link for an address the account no longer has proves nothing about the account.
        if (!proof || !user || user.email !== proof.email) return false;
        await proveAddress(trx, user, record);
        return true;
      });
      const user = proven && (await queries.findUserById(db, actor.user.id));
      if (!user) throw badRequest(SERVER_MESSAGES.verifyLinkInvalid, 'invalid_token');
      return presentUser(user);
    },

    /** Sends a new link proving the caller's address, unless it is proven already. */
    async resendVerification(actor: Actor): Promise<void> {
      requireScope(actor, 'account');
      if (actor.user.email_verified) return;
      const link = await verification.issueLink(db, actor.user);
      mailLater('verification mail', authMails.verifyAddress(actor.user.email, link));
    },

    /** Deletes sessions, reset and verification links that can never be used again. */
    purgeExpired() {
      const now = deps.now();
      const sessionsBefore = new Date(now.getTime() - SESSION_REFRESH_GRACE_MS).toISOString();
      return queries.purgeExpiredCredentials(db, now.toISOString(), sessionsBefore);
    },
  };
}
