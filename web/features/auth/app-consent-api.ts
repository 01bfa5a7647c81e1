import { APP_AUTHORIZATION_PARAMS, APP_AUTHORIZATION_PATH } from '../../../common/oauth-apps.ts';
import type { AppAuthorizationQuery, AppAuthorizationView, AppDecisionResponse } from '../../../common/schemas/oauth-apps.ts';
import { api, newIdempotencyKey } from '../../core/net/client.ts';

/** An app's request to connect, and the user's answer (docs/api.md, "Apps connecting by OAuth"). */

/** The parameters of the request in the page's query; others are dropped. */
export function authorizationQueryOf(params: URLSearchParams): AppAuthorizationQuery {
  return Object.fromEntries(APP_AUTHORIZATION_PARAMS.flatMap((name) => (params.has(name) ? [[name, params.get(name)!]] : [])));
}

export function fetchConsent(query: AppAuthorizationQuery): Promise<AppAuthorizationView> {
  return api<AppAuthorizationView>(`${APP_AUTHORIZATION_PATH}?${new URLSearchParams(query)}`);
}

export async function decideConsent(query: AppAuthorizationQuery, decision: 'allow' | 'deny'): Promise<string> {
  const answer = await api<AppDecisionResponse>(APP_AUTHORIZATION_PATH, {
    method: 'POST',
    body: { ...query, decision },
    idempotencyKey: newIdempotencyKey(),
  });
  return answer.location;
}
