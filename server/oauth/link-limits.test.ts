import { describe, expect, it } from 'vitest';
import { ALEXA_LOGIN_PATH } from '../../common/alexa.ts';
import { createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { authorizationQuery, pkcePair, submitLinkForm, TEST_ALEXA } from '../test/oauth-linking.ts';

/** The linking form is as good a password oracle as the sign-in form, so it shares its limits. */
const LIMIT = 3;
const t = useTestApp({ config: { alexa: TEST_ALEXA, rateLimitAuth: LIMIT } });
const query = authorizationQuery(pkcePair().challenge);

describe('limits of the linking form', () => {
  it('failed links lock the e-mail for the addresses that failed, on the sign-in form too', async () => {
    const user = await createUser(t);
    const wrong = { email: user.email, password: 'wrong-password' };
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await submitLinkForm(t, query, wrong, address)).location.searchParams.get('error')).toBe('invalid_credentials');
    }
    const locked = await submitLinkForm(t, query, user, '198.51.100.1');
    expect(locked.location.pathname).toBe(ALEXA_LOGIN_PATH);
    expect(Object.fromEntries(locked.location.searchParams)).toEqual({ ...query, error: 'rate_limited' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '198.51.100.2',
    });
    expect(login.statusCode).toBe(429);
    // An address that never failed still links with the right password.
    const elsewhere = await submitLinkForm(t, query, user, '198.51.100.9');
    expect(elsewhere.location.searchParams.get('code')).toBeTruthy();
  });

  it('counts every attempt of an address, as the sign-in form does', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < LIMIT; i++) {
      const { location } = await submitLinkForm(t, query, { email: `nobody-${i}@example.com`, password: 'x' }, address);
      expect(location.searchParams.get('error')).toBe('invalid_credentials');
    }
    const over = await submitLinkForm(t, query, { email: 'nobody-else@example.com', password: 'x' }, address);
    expect(over.location.searchParams.get('error')).toBe('rate_limited');
  });
});
