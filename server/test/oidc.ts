import { expect } from 'vitest';
import type { OidcProviderConfig } from '../oidc/oidc.config.ts';
import { TEST_CLIENT, signInAtProvider } from './oidc-provider.ts';
import type { TestApp } from './test-app.ts';

/** The test app's callback URL for a provider (its PUBLIC_URL is http://listo.test). */
export const callbackUrl = (id: string) => `http://listo.test/api/v1/auth/oidc/${id}/callback`;

/** A provider's configuration for the test identity provider at `issuer`, with overrides. */
export function testProviderConfig(issuer: string, overrides: Partial<OidcProviderConfig> = {}): OidcProviderConfig {
  return {
    id: 'test',
    issuer,
    clientId: TEST_CLIENT.id,
    clientSecret: TEST_CLIENT.secret,
    scopes: 'openid email profile',
    label: 'Test ID',
    autoCreate: true,
    groupsClaim: 'groups',
    allowedGroups: [],
    adminGroup: undefined,
    ...overrides,
  };
}

export interface ProviderTrip {
  /** The browser's cookie binding the sign-in (name=value). */
  cookie: string;
  /** The callback URL the provider sent the browser to. */
  callback: URL;
}

/** A browser starting a sign-in (or, with `token`, a link) and coming back from the provider as `subject`. */
export async function tripThroughProvider(
  t: TestApp,
  subject: string,
  { provider = 'test', token }: { provider?: string; token?: string } = {},
): Promise<ProviderTrip> {
  const start = await t.request({ method: 'POST', path: `/auth/oidc/${provider}/${token ? 'link' : 'login'}`, token });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  return { cookie, callback: new URL(await signInAtProvider(start.body.url, subject)) };
}

/** The callback as the browser makes it; answers where Listo sends the browser next. */
export async function followCallback(t: TestApp, { cookie, callback }: ProviderTrip): Promise<string> {
  const answer = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: cookie ? { cookie } : {} });
  expect(answer.statusCode).toBe(303);
  return String(answer.headers.location);
}

export function finish(t: TestApp, cookie: string, body?: { email: string; password: string }) {
  return t.request({ method: 'POST', path: '/auth/oidc/finish', headers: { cookie }, body: { credentials: body } });
}

/** The whole sign-in: start, provider, callback, finish; answers the finish's reply. */
export async function signInWithProvider(t: TestApp, subject: string, options: { provider?: string; token?: string } = {}) {
  const trip = await tripThroughProvider(t, subject, options);
  await followCallback(t, trip);
  return finish(t, trip.cookie);
}
