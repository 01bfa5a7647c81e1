import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TTL_MS } from '../common/constants.ts';
import { SESSION_REFRESH_GRACE_MS, SESSION_TTL_MS } from './auth/auth.service.ts';
import { waitUntil } from './test/live.ts';
import { createUser } from './test/factories.ts';
import { useTestApp } from './test/test-app.ts';

/** The periodic purge deletes sessions and links that can never be used again, and nothing else. */
const t = useTestApp({ maintenanceIntervalMs: 20 });

const count = async (table: 'sessions' | 'password_resets', userId: string) =>
  (await t.database.db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;

describe('maintenance', () => {
  it('purges expired and revoked sessions and used or expired reset links, keeping live ones', async () => {
    const gone = await createUser(t);
    await t.request({ method: 'POST', path: '/auth/logout', token: gone.token });
    await t.request({ method: 'POST', path: '/auth/password-reset', body: { email: gone.email } });
    await t.settle();
    expect(await count('password_resets', gone.user.id)).toBe(1);

    // A month and a half later: past the session's life and its refresh grace, and the link's hour.
    t.clock.advance(SESSION_TTL_MS + SESSION_REFRESH_GRACE_MS + PASSWORD_RESET_TTL_MS);
    const kept = await createUser(t);
    await waitUntil(async () => (await count('sessions', gone.user.id)) + (await count('password_resets', gone.user.id)) === 0, 'the purge');
    expect(await count('sessions', kept.user.id)).toBe(1);
    expect((await t.request({ method: 'GET', path: '/auth/me', token: kept.token })).status).toBe(200);
  });
});

describe('GET /health and /ready', () => {
  it('answer only that the server is up, and that its database answers', async () => {
    expect(await t.request({ method: 'GET', path: '/health' })).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await t.request({ method: 'GET', path: '/ready' })).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});

describe('GET /ready without a database', () => {
  const broken = useTestApp();
  it('answers 503 in the error envelope', async () => {
    await broken.database.db.destroy();
    const response = await broken.request({ method: 'GET', path: '/ready' });
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('not_ready');
  });
});
