import { expect, it } from 'vitest';
import { API_BASE_PATH } from '../../common/constants.ts';
import { APP_OAUTH_MESSAGES, APP_REGISTRATION_PATH, REGISTRATION_LIMITS } from '../../common/oauth-apps.ts';
import { useTestApp } from '../test/test-app.ts';
import { APP_REDIRECT_URI } from '../test/oauth-apps.ts';

/** Registrations per address, limited as accounts' creation is (RATE_LIMIT_AUTH other than 0). */
const t = useTestApp({ config: { rateLimitAuth: 1 } });

const register = (remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: `${API_BASE_PATH}${APP_REGISTRATION_PATH}`, payload: { redirect_uris: [APP_REDIRECT_URI] }, remoteAddress });

it(`takes ${REGISTRATION_LIMITS.perAddressPerHour} registrations an hour from one address`, async () => {
  for (let i = 0; i < REGISTRATION_LIMITS.perAddressPerHour; i++) expect((await register('192.0.2.12')).statusCode).toBe(201);
  const refused = await register('192.0.2.12');
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({ error: 'temporarily_unavailable', error_description: APP_OAUTH_MESSAGES.tooManyRegistrations });
  expect(refused.headers['retry-after']).toBeDefined();
  expect((await register('192.0.2.13')).statusCode).toBe(201);
});
