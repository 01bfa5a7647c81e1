import { describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '../../common/ai.ts';
import { TestSocket, waitUntil } from '../realtime/live-test-helpers.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';

/** PUT /admin/users/{id}/ai: the administrators of ADMIN_EMAILS turn a user's AI features on and off. */

const ADMIN = 'admin@example.com';
const UNPROVEN_ADMIN = 'second-admin@example.com';
const t = useTestApp({ config: { adminEmails: [ADMIN, UNPROVEN_ADMIN] } });

let adminUser: TestUser | undefined;
const admin = async () => (adminUser ??= await createUser(t, { email: ADMIN }));

const setAi = (token: string, id: string, canUseAi: unknown) =>
  t.request({ method: 'PUT', path: `/admin/users/${encodeURIComponent(id)}/ai`, token, body: { can_use_ai: canUseAi } });

describe('PUT /admin/users/{id}/ai', () => {
  it("turns a user's AI off and on, by id or e-mail, and the user's devices hear it on the user topic", async () => {
    const { token } = await admin();
    const user = await createUser(t);
    const socket = await TestSocket.open(t, user.token);
    try {
      await socket.subscribe('me', 'user');
      const userDoc = () => socket.state('me').get(user.user.id) as { can_use_ai: boolean } | undefined;
      expect(userDoc()?.can_use_ai).toBe(true);

      const off = await setAi(token, user.user.id, false);
      expect(off.status).toBe(200);
      expect(off.body.user).toMatchObject({ id: user.user.id, email: user.email, can_use_ai: false });
      await waitUntil(() => userDoc()?.can_use_ai === false, 'AI turned off live');
      expect((await t.request({ method: 'GET', path: '/auth/me', token: user.token })).body.user.can_use_ai).toBe(false);

      const on = await setAi(token, user.email.toUpperCase(), true);
      expect(on.status).toBe(200);
      await waitUntil(() => userDoc()?.can_use_ai === true, 'AI turned on live (the banner)');

      // An id, like an e-mail address, in any case (docs/api.md).
      const offAgain = await setAi(token, user.user.id.toUpperCase(), false);
      expect(offAgain.status).toBe(200);
      expect(offAgain.body.user).toMatchObject({ id: user.user.id, can_use_ai: false });
    } finally {
      socket.close();
    }
  });

  it('refuses everyone else with 403, and an admin address that is not proven', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const refused = await setAi(other.token, user.user.id, false);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(AI_MESSAGES.adminOnly);
    // Someone registered an admin's address before the admin did, and cannot prove it.
    const squatter = await createUser(t, { email: UNPROVEN_ADMIN, verified: false });
    expect((await setAi(squatter.token, user.user.id, false)).status).toBe(403);
    expect((await t.request({ method: 'GET', path: '/auth/me', token: user.token })).body.user.can_use_ai).toBe(true);
  });

  it('answers 404 for an unknown user and 400 for a body without a boolean', async () => {
    const { token } = await admin();
    const missing = await setAi(token, crypto.randomUUID(), true);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(AI_MESSAGES.userNotFound);
    const bad = await setAi(token, 'nobody@example.com', 'yes');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(AI_MESSAGES.canUseAiRequired);
  });
});
