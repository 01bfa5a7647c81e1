import type { LoginBody } from '../../../common/schemas/auth.ts';
import type { IdentitiesResponse, OidcFinishResponse, OidcRedirect, SignInMethods } from '../../../common/schemas/oidc.ts';
import { session } from '../../core/store/session.ts';
import { api, ApiError, newIdempotencyKey } from '../../core/net/client.ts';

/** Sign-in with an identity provider (docs/api.md, "Sign-in with an identity provider"). */

export function fetchSignInMethods(): Promise<SignInMethods> {
  return api<SignInMethods>('/auth/methods', { anonymous: true });
}

/** Sends the browser to the provider to sign in, or (signed in) to link it to the account. */
export async function goToProvider(provider: string, intent: 'login' | 'link'): Promise<void> {
  const path = `/auth/oidc/${encodeURIComponent(provider)}/${intent}`;
  const { url } = await api<OidcRedirect>(path, { method: 'POST', anonymous: intent === 'login' });
  window.location.assign(url);
}

/**
 * Finishes what the provider answered: signs in, or takes the account's new link; `credentials`
 * link a provider that did not confirm the address to the account they sign in to.
 */
export async function finishWithProvider(credentials?: LoginBody): Promise<OidcFinishResponse> {
  const answer = await api<OidcFinishResponse>('/auth/oidc/finish', {
    method: 'POST',
    body: credentials ? { credentials } : {},
    anonymous: !session.get().token,
  });
  if (answer.outcome === 'signed_in') session.signIn(answer);
  else session.setUser(answer.user);
  return answer;
}

export function fetchIdentities(): Promise<IdentitiesResponse> {
  return api<IdentitiesResponse>('/auth/identities');
}

/** Unlinks a provider; already unlinked (404) counts as done. */
export async function unlinkProvider(provider: string): Promise<void> {
  try {
    await api(`/auth/identities/${encodeURIComponent(provider)}`, { method: 'DELETE', idempotencyKey: newIdempotencyKey() });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}
