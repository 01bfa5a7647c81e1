import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../common/admin.ts';
import { CLOSE_CODES, REALTIME_MESSAGES } from '../../common/realtime.ts';
import { TestSocket, waitUntil } from '../test/live.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';

/** The administrators' calls (docs/api.md "Administration"): only the proven accounts of ADMIN_EMAILS. */

const ADMIN = 'admin@example.com';
const UNPROVEN_ADMIN = 'second-admin@example.com';
const t = useTestApp({ config: { adminEmails: [ADMIN, UNPROVEN_ADMIN] } });
const ADMIN_NAME = 'Ada';

let adminUser: TestUser | undefined;
const admin = async () => (adminUser ??= await createUser(t, { email: ADMIN, first_name: ADMIN_NAME }));

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
    expect(refused.body.error.message).toBe(ADMIN_MESSAGES.adminOnly);
    // Someone registered an admin's address before the admin did, and cannot prove it.
    const squatter = await createUser(t, { email: UNPROVEN_ADMIN, verified: false });
    expect((await setAi(squatter.token, user.user.id, false)).status).toBe(403);
    expect((await t.request({ method: 'GET', path: '/auth/me', token: user.token })).body.user.can_use_ai).toBe(true);
  });

  it('answers 404 for an unknown user and 400 for a body without a boolean', async () => {
    const { token } = await admin();
    const missing = await setAi(token, crypto.randomUUID(), true);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(ADMIN_MESSAGES.userNotFound);
    const bad = await setAi(token, 'nobody@example.com', 'yes');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(ADMIN_MESSAGES.canUseAiRequired);
  });
});

const call = (token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown) =>
  t.request({ method, path, token, ...(body === undefined ? {} : { body }) });
const login = (user: TestUser) => t.request({ method: 'POST', path: '/auth/login', body: { email: user.email, password: user.password } });
const me = (token: string) => t.request({ method: 'GET', path: '/auth/me', token });

describe('every admin call', () => {
  it('refuses a signed-in user who is not an administrator with 403, and changes nothing', async () => {
    const user = await createUser(t);
    const target = await createUser(t, { verified: false });
    const id = target.user.id;
    const routes: [Parameters<typeof call>[1], string, unknown?][] = [
      ['GET', '/admin/server'],
      ['GET', '/admin/users'],
      ['PUT', `/admin/users/${id}/ai`, { can_use_ai: false }],
      ['PUT', `/admin/users/${id}/disabled`, { disabled: true }],
      ['POST', `/admin/users/${id}/confirm-email`],
      ['DELETE', `/admin/users/${id}`, { email: target.email }],
    ];
    for (const [method, path, body] of routes) {
      const refused = await call(user.token, method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error.message).toBe(ADMIN_MESSAGES.adminOnly);
    }
    expect((await me(target.token)).body.user).toMatchObject({ can_use_ai: true, email_verified: false });
    // Signed out: 401, as every call that needs a session.
    expect((await t.request({ method: 'GET', path: '/admin/users' })).status).toBe(401);
  });
});

describe('GET /admin/users and /admin/server', () => {
  it('pages users in address order with their lists and storage, and states the server', async () => {
    const { token } = await admin();
    const owner = await createUser(t, { email: 'aaa-owner@example.com' });
    await insertList(t, owner.user.id);
    await insertList(t, owner.user.id);
    const first = await call(token, 'GET', '/admin/users?limit=1');
    expect(first.status).toBe(200);
    expect(first.body.users).toHaveLength(1);
    expect(first.body.users[0]).toMatchObject({ email: owner.email, list_count: 2, storage_bytes: 0, disabled: false, is_admin: false });
    expect(first.body.next_after).toBe(owner.email);
    expect(first.body.total).toBeGreaterThanOrEqual(2);
    const all = await call(token, 'GET', '/admin/users?limit=100');
    const emails = all.body.users.map((user: { email: string }) => user.email);
    expect(emails).toEqual([...emails].sort());
    expect(all.body.users.find((user: { email: string }) => user.email === ADMIN)).toMatchObject({ is_admin: true, email_verified: true });
    const next = await call(token, 'GET', `/admin/users?limit=100&after=${encodeURIComponent(owner.email)}`);
    expect(next.body.users.map((user: { email: string }) => user.email)).toEqual(emails.slice(1));

    for (const query of ['limit=0', 'limit=101', 'limit=two', 'other=1']) {
      const bad = await call(token, 'GET', `/admin/users?${query}`);
      expect(bad.status, query).toBe(400);
    }

    const facts = await call(token, 'GET', '/admin/server');
    expect(facts.status).toBe(200);
    expect(facts.body).toMatchObject({
      database: t.database.dialect,
      storage: { driver: 'local', bytes_used: 0 },
      mail_configured: false,
      ai_provider: 'offline',
    });
    expect(facts.body.version).toEqual(expect.any(String));
  });
});

describe('GET /admin/contacts', () => {
  it('names the administrators in office to anyone signed in, and tells an administrator they are one', async () => {
    const { token } = await admin();
    const user = await createUser(t);
    const asked = await call(user.token, 'GET', '/admin/contacts');
    expect(asked.status).toBe(200);
    // The unproven address of ADMIN_EMAILS is no administrator, and not named.
    expect(asked.body).toEqual({ administrators: [{ name: ADMIN_NAME, email: ADMIN }], is_admin: false });
    expect((await call(token, 'GET', '/admin/contacts')).body.is_admin).toBe(true);
  });
});

describe('POST /admin/users/{id}/confirm-email', () => {
  it("confirms an address, and an invitation to it becomes the account's list at once", async () => {
    const { token } = await admin();
    const owner = await createUser(t);
    const invitee = await createUser(t, { verified: false });
    const listId = await insertList(t, owner.user.id);
    const invited = await call(owner.token, 'POST', `/lists/${listId}/shares`, { email: invitee.email, permission: 'edit' });
    expect(invited.status).toBe(201);
    expect((await call(invitee.token, 'GET', '/lists')).body.lists).toEqual([]);

    const confirmed = await call(token, 'POST', `/admin/users/${encodeURIComponent(invitee.email)}/confirm-email`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user).toMatchObject({ id: invitee.user.id, email_verified: true });
    expect((await me(invitee.token)).body.user.email_verified).toBe(true);
    expect((await call(invitee.token, 'GET', '/lists')).body.lists.map((list: { id: string }) => list.id)).toEqual([listId]);
    // Again: nothing more to do, the same answer.
    expect((await call(token, 'POST', `/admin/users/${invitee.user.id}/confirm-email`)).body.user.email_verified).toBe(true);
    expect((await call(token, 'POST', `/admin/users/${crypto.randomUUID()}/confirm-email`)).status).toBe(404);
  });
});

describe('PUT /admin/users/{id}/disabled', () => {
  it('signs a disabled account out everywhere at once and refuses its sign-in; enabling lets it back', async () => {
    const { token } = await admin();
    const user = await createUser(t);
    const socket = await TestSocket.open(t, user.token);
    await socket.subscribe('me', 'user');

    const disabled = await call(token, 'PUT', `/admin/users/${user.user.id}/disabled`, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body.user).toMatchObject({ id: user.user.id, disabled: true });
    expect(await socket.closed).toEqual({ code: CLOSE_CODES.sessionEnded, reason: REALTIME_MESSAGES.sessionEnded });
    expect((await me(user.token)).status).toBe(401);
    expect((await t.request({ method: 'POST', path: '/auth/refresh', token: user.token })).status).toBe(401);
    const refused = await login(user);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'account_disabled', message: ADMIN_MESSAGES.accountDisabled });
    // A wrong password says nothing of the account.
    expect((await login({ ...user, password: 'not-the-password' })).status).toBe(401);
    // No reset link goes out: it could not be used.
    const mailsBefore = t.mails.length;
    await t.request({ method: 'POST', path: '/auth/password-reset', body: { email: user.email } });
    await t.settle();
    expect(t.mails.length).toBe(mailsBefore);

    const enabled = await call(token, 'PUT', `/admin/users/${user.email}/disabled`, { disabled: false });
    expect(enabled.body.user.disabled).toBe(false);
    expect((await login(user)).status).toBe(200);
  });

  it('refuses an administrator disabling themselves, a body without a boolean, and an unknown user', async () => {
    const { token, user: self } = await admin();
    const own = await call(token, 'PUT', `/admin/users/${self.id}/disabled`, { disabled: true });
    expect(own.status).toBe(400);
    expect(own.body.error.message).toBe(ADMIN_MESSAGES.notYourself);
    expect((await me(token)).status).toBe(200);
    const bad = await call(token, 'PUT', `/admin/users/${self.id}/disabled`, { disabled: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(ADMIN_MESSAGES.disabledRequired);
    expect((await call(token, 'PUT', `/admin/users/nobody@example.com/disabled`, { disabled: true })).status).toBe(404);
  });
});

describe('DELETE /admin/users/{id}', () => {
  it('deletes an account named by its address, and nothing for a wrong address or oneself', async () => {
    const { token, user: self } = await admin();
    const user = await createUser(t);
    const socket = await TestSocket.open(t, user.token);
    await socket.subscribe('me', 'user');

    const wrong = await call(token, 'DELETE', `/admin/users/${user.user.id}`, { email: 'someone-else@example.com' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(ADMIN_MESSAGES.deleteEmailMismatch);
    expect((await call(token, 'DELETE', `/admin/users/${user.user.id}`, {})).status).toBe(400);
    expect((await me(user.token)).status).toBe(200);
    const own = await call(token, 'DELETE', `/admin/users/${self.id}`, { email: ADMIN });
    expect(own.status).toBe(400);
    expect(own.body.error.message).toBe(ADMIN_MESSAGES.notYourself);

    expect((await call(token, 'DELETE', `/admin/users/${user.user.id}`, { email: user.email.toUpperCase() })).status).toBe(204);
    await socket.closed;
    expect((await me(user.token)).status).toBe(401);
    expect((await login(user)).status).toBe(401);
    expect((await call(token, 'DELETE', `/admin/users/${user.user.id}`, { email: user.email })).status).toBe(404);
  });
});
