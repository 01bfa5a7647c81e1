import { ME_PATH } from '../../core/net/paths.ts';
import type {
  AuthResponse,
  LoginBody,
  MessageResponse,
  PasswordResetConfirmBody,
  RegisterBody,
  UserView,
} from '../../../common/schemas/auth.ts';
import type { LogoutResponse } from '../../../common/schemas/oidc.ts';
import { session } from '../../core/store/session.ts';
import { api, newIdempotencyKey } from '../../core/net/client.ts';

/** The auth calls of the web app. Each signs the session in or out as its answer says. */

export async function login(body: LoginBody): Promise<void> {
  session.signIn(await api<AuthResponse>('/auth/login', { method: 'POST', body, anonymous: true }));
}

export async function register(body: RegisterBody): Promise<void> {
  session.signIn(await api<AuthResponse>('/auth/register', { method: 'POST', body, anonymous: true }));
}

/** Signs out; a session an identity provider opened goes on to end the provider's session too. */
export async function logout(): Promise<void> {
  let answer: LogoutResponse | undefined;
  try {
    answer = await api<LogoutResponse | undefined>('/auth/logout', { method: 'POST' });
  } finally {
    // Signed out locally even when the server cannot be reached.
    session.signOut();
  }
  if (answer?.end_session_url) window.location.assign(answer.end_session_url);
}

export async function refreshUser(): Promise<void> {
  const { user } = await api<{ user: UserView }>(ME_PATH);
  session.setUser(user);
}

export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return api<MessageResponse>('/auth/password-reset', { method: 'POST', body: { email }, anonymous: true });
}

export async function confirmPasswordReset(body: PasswordResetConfirmBody): Promise<void> {
  session.signIn(await api<AuthResponse>('/auth/password-reset/confirm', { method: 'POST', body, anonymous: true }));
}

/**
 * Proves the address a confirmation link was sent to, for the signed-in account it was sent for
 * (the server refuses it for any other); the address shows as confirmed at once.
 */
export async function verifyEmail(token: string): Promise<UserView> {
  const { user } = await api<{ user: UserView }>('/auth/verify-email', { method: 'POST', body: { token } });
  session.setUser(user);
  return user;
}

export function resendVerification(): Promise<MessageResponse> {
  return api<MessageResponse>('/auth/verify-email/resend', { method: 'POST' });
}

export async function updateProfile(firstName: string): Promise<UserView> {
  const { user } = await api<{ user: UserView }>('/auth/profile', {
    method: 'PUT',
    body: { first_name: firstName },
    idempotencyKey: newIdempotencyKey(),
  });
  session.setUser(user);
  return user;
}

/** Deletes the account (the server ends every session); signed out here, with the cache, once it is done. */
export async function deleteAccount(currentPassword: string): Promise<void> {
  await api('/auth/account', { method: 'DELETE', body: { currentPassword } });
  session.signOut();
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await api('/auth/password', { method: 'PUT', body: { currentPassword, newPassword }, idempotencyKey: newIdempotencyKey() });
}
