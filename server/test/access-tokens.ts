import type { AccessTokenScope } from '../../common/access-tokens.ts';
import type { CreatedAccessTokenResponse } from '../../common/schemas/access-tokens.ts';
import type { TestApp } from './test-app.ts';

/** Test helper: makes a personal access token through the API, as Account Settings does. */
export async function createAccessToken(
  t: TestApp,
  sessionToken: string,
  { name = 'Claude', scopes = ['lists:read', 'items:write'] as AccessTokenScope[], days = 30 } = {},
): Promise<CreatedAccessTokenResponse> {
  const response = await t.request({ method: 'POST', path: '/auth/tokens', token: sessionToken, body: { name, scopes, expires_in_days: days } });
  if (response.status !== 201) throw new Error(`token: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as CreatedAccessTokenResponse;
}
