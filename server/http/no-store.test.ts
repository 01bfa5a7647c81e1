import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

describe("the API's answers", () => {
  it('are never stored by a cache: tokens, private data, refusals', async () => {
    const user = await createUser(t, { password: 'secret-password' });
    const answers = [
      await t.request({ method: 'POST', path: '/auth/login', body: { email: user.email, password: 'secret-password' } }),
      await t.request({ method: 'POST', path: '/auth/realtime-token', token: user.token }),
      await t.request({ method: 'GET', path: '/auth/me', token: user.token }),
      await t.request({ method: 'GET', path: '/lists', token: user.token }),
      await t.request({ method: 'GET', path: '/lists' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 401]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});
