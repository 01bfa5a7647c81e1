import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_MESSAGES, ACCESS_TOKEN_PREFIX, ACCESS_TOKENS_MAX } from '../../common/access-tokens.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import { linkAccount, TEST_ALEXA } from '../test/oauth-linking.ts';
import { changePassword, createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { createAccessToken } from '../test/access-tokens.ts';

/** Personal access tokens through the HTTP API: made, listed, used, refused, revoked. */
const t = useTestApp({ config: { alexa: TEST_ALEXA } });

const DAY_MS = 24 * 60 * 60 * 1000;

const addItem = (token: string, listId: string, content = 'milk') =>
  t.request({ method: 'POST', path: `/lists/${listId}/items`, token, body: { content } });

describe('making and listing tokens', () => {
  it('shows the secret once, stores only its digest, and lists the token without it', async () => {
    const owner = await createUser(t);
    const made = await createAccessToken(t, owner.token, { name: 'Claude', scopes: ['lists:read'], days: 7 });
    expect(made.secret.startsWith(ACCESS_TOKEN_PREFIX)).toBe(true);
    expect(made.token).toMatchObject({ name: 'Claude', scopes: ['lists:read'], last_used_at: null });
    expect(new Date(made.token.expires_at).getTime() - new Date(made.token.created_at).getTime()).toBe(7 * DAY_MS);

    const rows = await t.database.db.selectFrom('access_tokens').selectAll().where('user_id', '=', owner.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(made.secret.slice(ACCESS_TOKEN_PREFIX.length));

    const listed = await t.request({ method: 'GET', path: '/auth/tokens', token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.tokens).toEqual([made.token]);
    expect(JSON.stringify(listed.body)).not.toContain(made.secret);
  });

  it('notes the last use', async () => {
    const owner = await createUser(t);
    const { secret } = await createAccessToken(t, owner.token);
    expect((await t.request({ method: 'GET', path: '/lists', token: secret })).status).toBe(200);
    const [token] = (await t.request({ method: 'GET', path: '/auth/tokens', token: owner.token })).body.tokens;
    expect(token.last_used_at).toBe(t.clock.now.toISOString());
  });

  it.each([
    [{ name: '  ', scopes: ['lists:read'], expires_in_days: 30 }, ACCESS_TOKEN_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(41), scopes: ['lists:read'], expires_in_days: 30 }, ACCESS_TOKEN_MESSAGES.nameTooLong],
    [{ name: 'Claude', scopes: [], expires_in_days: 30 }, ACCESS_TOKEN_MESSAGES.scopesRequired],
    [{ name: 'Claude', scopes: ['account'], expires_in_days: 30 }, ACCESS_TOKEN_MESSAGES.scopesRequired],
    [{ name: 'Claude', scopes: ['lists:read', 'lists:read'], expires_in_days: 30 }, ACCESS_TOKEN_MESSAGES.scopesRepeated],
    [{ name: 'Claude', scopes: ['lists:read'], expires_in_days: 10000 }, ACCESS_TOKEN_MESSAGES.expiryInvalid],
  ])('refuses %j with a clear 400 and makes nothing', async (body, message) => {
    const owner = await createUser(t);
    const response = await t.request({ method: 'POST', path: '/auth/tokens', token: owner.token, body });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(message);
    expect((await t.request({ method: 'GET', path: '/auth/tokens', token: owner.token })).body.tokens).toEqual([]);
  });

  it(`holds at most ${ACCESS_TOKENS_MAX} tokens an account`, async () => {
    const owner = await createUser(t);
    for (let i = 0; i < ACCESS_TOKENS_MAX; i++) await createAccessToken(t, owner.token, { name: `app ${i}` });
    const refused = await t.request({ method: 'POST', path: '/auth/tokens', token: owner.token, body: { name: 'one more', scopes: ['lists:read'], expires_in_days: 7 } });
    expect(refused.status).toBe(413);
    expect(refused.body.error.message).toBe(ACCESS_TOKEN_MESSAGES.tooMany);
  });
});

describe('what a token may do', () => {
  it('works on the REST API within its scopes, and the list names the app as the author', async () => {
    const owner = await createUser(t, { first_name: 'Sam' });
    const listId = await insertList(t, owner.user.id);
    const { secret } = await createAccessToken(t, owner.token, { name: 'Claude' });
    expect((await addItem(secret, listId)).status).toBe(201);
    const { list } = (await t.request({ method: 'GET', path: `/lists/${listId}`, token: owner.token })).body;
    expect(list.last_change).toMatchObject({ by: 'Sam', by_me: true, app: 'Claude', summary: 'added milk' });
  });

  it("names an OAuth app by its client's name the same way", async () => {
    const owner = await createUser(t, { first_name: 'Sam' });
    const listId = await insertList(t, owner.user.id);
    const { accessToken } = await linkAccount(t, owner);
    expect((await addItem(accessToken, listId, 'eggs')).status).toBe(201);
    const { list } = (await t.request({ method: 'GET', path: `/lists/${listId}`, token: owner.token })).body;
    expect(list.last_change).toMatchObject({ app: 'Alexa', summary: 'added eggs' });
  });

  it('refuses what its scopes do not cover with the API message: a lists:read token adds no item', async () => {
    const owner = await createUser(t);
    const listId = await insertList(t, owner.user.id);
    const { secret } = await createAccessToken(t, owner.token, { scopes: ['lists:read'] });
    const refused = await addItem(secret, listId);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(SERVER_MESSAGES.scopeMissing);
    expect((await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: owner.token })).body.items).toEqual([]);
  });

  it('never exceeds the account: a list shared view-only stays view-only for an items:write token', async () => {
    const owner = await createUser(t);
    const viewer = await createUser(t);
    const listId = await insertList(t, owner.user.id, { shares: [{ userId: viewer.user.id, email: viewer.email, permission: 'view' }] });
    const { secret } = await createAccessToken(t, viewer.token, { scopes: ['lists:read', 'items:write', 'lists:manage'] });
    expect((await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: secret })).status).toBe(200);
    const refused = await addItem(secret, listId);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MESSAGES.listForbidden);
    const rename = await t.request({ method: 'PUT', path: `/lists/${listId}`, token: secret, body: { name: 'Mine now' } });
    expect(rename.status).toBe(403);
  });

  it('never reaches the account itself: no tokens, no profile, no live-update ticket', async () => {
    const owner = await createUser(t);
    const { secret } = await createAccessToken(t, owner.token, { scopes: ['lists:read', 'items:write', 'lists:manage'] });
    for (const [method, path] of [
      ['GET', '/auth/tokens'],
      ['GET', '/auth/me'],
      ['POST', '/auth/realtime-token'],
    ] as const) {
      const refused = await t.request({ method, path, token: secret });
      expect(refused.status, path).toBe(403);
      expect(refused.body.error.message).toBe(SERVER_MESSAGES.scopeMissing);
    }
  });

  it('stops working when it expires', async () => {
    const owner = await createUser(t);
    const { secret } = await createAccessToken(t, owner.token, { days: 7 });
    t.clock.advance(7 * DAY_MS);
    try {
      expect((await t.request({ method: 'GET', path: '/lists', token: secret })).status).toBe(401);
    } finally {
      t.clock.advance(-7 * DAY_MS);
    }
  });
});

describe('revoking', () => {
  it('refuses the token on its next request, and lists it no more', async () => {
    const owner = await createUser(t);
    const { secret, token } = await createAccessToken(t, owner.token);
    expect((await t.request({ method: 'GET', path: '/lists', token: secret })).status).toBe(200);
    expect((await t.request({ method: 'DELETE', path: `/auth/tokens/${token.id}`, token: owner.token })).status).toBe(204);
    expect((await t.request({ method: 'GET', path: '/lists', token: secret })).status).toBe(401);
    expect((await t.request({ method: 'GET', path: '/auth/tokens', token: owner.token })).body.tokens).toEqual([]);
    expect((await t.database.db.selectFrom('access_tokens').select('id').where('id', '=', token.id).execute())).toEqual([]);
  });

  it("answers 404 for a token that is not the caller's, and leaves it working", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const { secret, token } = await createAccessToken(t, owner.token);
    const refused = await t.request({ method: 'DELETE', path: `/auth/tokens/${token.id}`, token: stranger.token });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe(ACCESS_TOKEN_MESSAGES.notFound);
    expect((await t.request({ method: 'GET', path: '/lists', token: secret })).status).toBe(200);
  });

  it('happens to every token of the account with a new password', async () => {
    const owner = await createUser(t, { password: 'old-password' });
    const { secret } = await createAccessToken(t, owner.token);
    expect((await changePassword(t, owner, 'new-password')).status).toBe(204);
    expect((await t.request({ method: 'GET', path: '/lists', token: secret })).status).toBe(401);
  });
});
