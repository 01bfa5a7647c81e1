import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { PASSWORD_RESET_TTL_MS } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import type {
  AuthResponse,
  ChangePasswordBody,
  LoginBody,
  PasswordResetConfirmBody,
  RegisterBody,
  UserView,
} from '../../common/schemas/auth.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { DB } from '../db/schema.ts';
import { badRequest, conflict, unauthorized } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ChangeFeed, RecordChange } from '../realtime/change-feed.ts';
import { presentUser } from '../users/user.presenter.ts';
import * as queries from './auth.queries.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import { digestToken, newToken } from './tokens.ts';

/** How long a bearer token works before the client must refresh it. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long after expiry a token may still be traded for a fresh one (a phone left in a drawer). */
export const SESSION_REFRESH_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

export interface AuthDeps {
  db: Kysely<DB>;
  secret: string;
  mailer: Mailer;
  publicUrl: string;
  aiDefaultEnabled: boolean;
  now: () => Date;
  /** Runs inside the registration transaction, e.g. to turn pending invitations into shares. */
  onUserCreated?: (trx: Transaction<DB>, user: { id: string; email: string }, record: RecordChange) => Promise<void>;
  /** Writes that live subscribers must hear of (the user's own record, invitations accepted) go through it. */
  changes: ChangeFeed;
}

/** Who made a request: the user and the session its token belongs to. */
export interface Caller {
  user: UserView;
  sessionId: string;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDeps) {
  const { db, secret, mailer } = deps;
  const nowIso = () => deps.now().toISOString();

  async function startSession(userId: string): Promise<string> {
    const token = newToken();
    const createdAt = deps.now();
    await queries.insertSession(db, {
      id: crypto.randomUUID(),
      userId,
      tokenHash: digestToken(secret, token),
      createdAt: createdAt.toISOString(),
      expiresAt: new Date(createdAt.getTime() + SESSION_TTL_MS).toISOString(),
    });
    return token;
  }

  return {
    /** Creates an account and signs it in; 409 when the e-mail is taken. */
    async register(body: RegisterBody): Promise<AuthResponse> {
      const passwordHash = await hashPassword(body.password);
      const now = nowIso();
      const user = {
        id: crypto.randomUUID(),
        email: body.email,
        first_name: body.first_name || null,
        can_use_ai: deps.aiDefaultEnabled,
        created_at: now,
        updated_at: now,
      };
      try {
        await deps.changes.write([], async (trx, record) => {
          await queries.insertUser(trx, user, passwordHash);
          await deps.onUserCreated?.(trx, user, record);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(SERVER_MESSAGES.emailTaken);
        throw error;
      }
      return { token: await startSession(user.id), user: presentUser(user) };
    },

    /** Signs in; one answer for an unknown e-mail and a wrong password alike. */
    async login(body: LoginBody): Promise<AuthResponse> {
      const row = await queries.findUserWithPasswordByEmail(db, body.email);
      const valid = row
        ? await verifyPassword(body.password, row.password_hash)
        : await verifyAgainstNothing(body.password);
      if (!row || !valid) throw unauthorized(SERVER_MESSAGES.invalidCredentials);
      return { token: await startSession(row.id), user: presentUser(row) };
    },

    /** The caller behind a bearer token, or undefined for a missing, revoked or expired one. */
    async authenticate(token: string): Promise<Caller | undefined> {
      const row = await queries.findLiveSession(db, digestToken(secret, token));
      if (!row || row.session_expires_at <= nowIso()) return undefined;
      return { user: presentUser(row), sessionId: row.session_id };
    },

    async logout(sessionId: string): Promise<void> {
      await queries.revokeSession(db, sessionId, nowIso());
    },

    /** Trades a live or recently expired token for a fresh one; the old token stops working. */
    async refresh(token: string): Promise<AuthResponse> {
      const row = await queries.findLiveSession(db, digestToken(secret, token));
      const graceEnd = row && new Date(new Date(row.session_expires_at).getTime() + SESSION_REFRESH_GRACE_MS);
      if (!row || !graceEnd || graceEnd <= deps.now()) throw unauthorized();
      // Two refreshes racing with one token: only the one that revokes it gets a new token.
      if (!(await queries.revokeSession(db, row.session_id, nowIso()))) throw unauthorized();
      return { token: await startSession(row.id), user: presentUser(row) };
    },

    async updateProfile(userId: string, firstName: string): Promise<UserView> {
      await deps.changes.write([], async (trx, record) => {
        await queries.updateFirstName(trx, userId, firstName, nowIso());
        await record({ entity: 'user', userId });
      });
      const row = await queries.findUserById(db, userId);
      if (!row) throw unauthorized();
      return presentUser(row);
    },

    /** Changes the password and ends every other session of the user. */
    async changePassword(caller: Caller, body: ChangePasswordBody): Promise<void> {
      const stored = await queries.findPasswordHash(db, caller.user.id);
      if (!stored || !(await verifyPassword(body.currentPassword, stored))) {
        throw unauthorized(SERVER_MESSAGES.currentPasswordWrong);
      }
      const passwordHash = await hashPassword(body.newPassword);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await queries.updatePasswordHash(trx, caller.user.id, passwordHash, now);
        await queries.revokeUserSessions(trx, caller.user.id, now, caller.sessionId);
      });
    },

    /** Mails a single-use reset link when the account exists; says nothing either way. */
    async requestPasswordReset(email: string): Promise<void> {
      const row = await queries.findUserWithPasswordByEmail(db, email);
      if (!row) return;
      const token = newToken();
      const createdAt = deps.now();
      await queries.insertPasswordReset(db, {
        tokenHash: digestToken(secret, token),
        userId: row.id,
        createdAt: createdAt.toISOString(),
        expiresAt: new Date(createdAt.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
      });
      const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await mailer.send({
        to: row.email,
        subject: 'Reset your Listo password',
        text: `Someone asked to reset the password of your Listo account.\n\nSet a new password here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.`,
      });
    },

    /** Sets a new password from a reset link, ends all sessions, and signs the user in afresh. */
    async confirmPasswordReset(body: PasswordResetConfirmBody): Promise<AuthResponse> {
      const passwordHash = await hashPassword(body.newPassword);
      const now = nowIso();
      const userId = await db.transaction().execute(async (trx) => {
        const id = await queries.consumePasswordReset(trx, digestToken(secret, body.token), now);
        if (!id) return undefined;
        await queries.updatePasswordHash(trx, id, passwordHash, now);
        await queries.revokeUserSessions(trx, id, now);
        return id;
      });
      const user = userId && (await queries.findUserById(db, userId));
      if (!user) throw badRequest(SERVER_MESSAGES.resetLinkInvalid, 'invalid_token');
      return { token: await startSession(user.id), user: presentUser(user) };
    },
  };
}

