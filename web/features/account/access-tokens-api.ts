import type {
  AccessTokensResponse,
  AccessTokenView,
  CreateAccessTokenBody,
  CreatedAccessTokenResponse,
} from '../../../common/schemas/access-tokens.ts';
import { api, ApiError, newIdempotencyKey } from '../../core/net/client.ts';

/** Personal access tokens (docs/api.md, "Personal access tokens"). */

export async function fetchAccessTokens(): Promise<AccessTokenView[]> {
  return (await api<AccessTokensResponse>('/auth/tokens')).tokens;
}

/** Makes a token: the answer holds its secret, which is shown this once. */
export function createAccessToken(body: CreateAccessTokenBody): Promise<CreatedAccessTokenResponse> {
  return api<CreatedAccessTokenResponse>('/auth/tokens', { method: 'POST', body });
}

/** Revokes a token; already revoked (404) counts as done. */
export async function revokeAccessToken(id: string): Promise<void> {
  try {
    await api(`/auth/tokens/${encodeURIComponent(id)}`, { method: 'DELETE', idempotencyKey: newIdempotencyKey() });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}
