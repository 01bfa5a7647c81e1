import { ALEXA_LINK_FORM_PATH } from '../../../common/alexa.ts';
import type { LinkedAppsResponse, LinkedAppView, LinkFormResponse } from '../../../common/schemas/linked-apps.ts';
import { api, ApiError, newIdempotencyKey } from '../../core/net/client.ts';

/** The apps linked to the account (docs/api.md, "Voice assistant"). */

export async function fetchLinkedApps(): Promise<LinkedAppView[]> {
  return (await api<LinkedAppsResponse>('/auth/linked-apps')).apps;
}

/** Unlinks an app; its tokens stop working at once. Already unlinked (404) counts as done. */
export async function unlinkApp(clientId: string): Promise<void> {
  try {
    await api(`/auth/linked-apps/${encodeURIComponent(clientId)}`, { method: 'DELETE', idempotencyKey: newIdempotencyKey() });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

/** The account-linking page's form token; the server sets the cookie it goes with. */
export async function fetchLinkFormToken(): Promise<string> {
  return (await api<LinkFormResponse>(ALEXA_LINK_FORM_PATH, { anonymous: true })).form_token;
}
