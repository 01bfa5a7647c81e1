import { describe, expect, it } from 'vitest';
import { INVITATION_LINK_KEPT_MS, INVITATION_LINK_PATH, INVITATION_LINK_TTL_MS } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { waitUntil } from '../test/live.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';

/**
 * A server without SMTP_URL: invitations come with a link to pass on by hand (docs/api.md,
 * "Invitation links"). Its purge runs all along: it must forget only links ended long ago.
 */
const t = useTestApp({ withoutMail: true, maintenanceIntervalMs: 20 });

const linkPrefix = `http://listo.test${INVITATION_LINK_PATH}#`;
const tokenOf = (link: string) => link.slice(linkPrefix.length);

/** Alice's list, and Bob, who registered but could not confirm his address (no mail reaches him). */
async function household() {
  const alice = await createUser(t, { first_name: 'Alice' });
  const bob = await createUser(t, { verified: false });
  const listId = await insertList(t, alice.user.id, { name: 'Weekend' });
  return { alice, bob, listId };
}

async function invite(owner: TestUser, listId: string, email: string, permission = 'edit') {
  const response = await t.request({ method: 'POST', path: `/lists/${listId}/shares`, token: owner.token, body: { email, permission } });
  expect(response.status).toBeLessThan(300);
  return response.body.share;
}

const accept = (user: TestUser | undefined, token: string) =>
  t.request({ method: 'POST', path: '/invitation-links/accept', token: user?.token, body: { token } });
const view = (token: string) => t.request({ method: 'POST', path: '/invitation-links/view', body: { token } });

describe('an invitation on a server without mail', () => {
  it('is pending with a one-time link, and sends no mail', async () => {
    const { alice, bob, listId } = await household();
    const mailsBefore = t.mails.length;
    const share = await invite(alice, listId, bob.email);
    expect(share).toMatchObject({ email: bob.email, status: 'pending', permission: 'edit' });
    expect(share.invitation_link).toMatch(new RegExp(`^${linkPrefix.replace(/[.#]/g, '\\$&')}[\\w-]{43}$`));
    await t.settle();
    expect(t.mails).toHaveLength(mailsBefore);
    const shares = await t.request({ method: 'GET', path: `/lists/${listId}/shares`, token: alice.token });
    expect(shares.body).toEqual({ shares: [share], can_send_mail: false });
  });

  it('keeps only a digest of the token', async () => {
    const { alice, bob, listId } = await household();
    const token = tokenOf((await invite(alice, listId, bob.email)).invitation_link);
    const rows = await t.database.db.selectFrom('invitation_links').selectAll().where('list_id', '=', listId).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('gives the same link again while it is open, and a new one once it has expired', async () => {
    const { alice, bob, listId } = await household();
    const first = (await invite(alice, listId, bob.email)).invitation_link;
    expect((await invite(alice, listId, bob.email, 'view')).invitation_link).toBe(first);
    t.clock.advance(INVITATION_LINK_TTL_MS + 1);
    const shares = await t.request({ method: 'GET', path: `/lists/${listId}/shares`, token: alice.token });
    expect(shares.body.shares[0].invitation_link).toBeUndefined();
    const second = (await invite(alice, listId, bob.email)).invitation_link;
    expect(second).not.toBe(first);
    expect((await accept(bob, tokenOf(first))).body.error.code).toBe('invitation_link_revoked');
  });

  it('makes an account that has proven its address a member at once, without a link', async () => {
    const { alice, listId } = await household();
    const carol = await createUser(t);
    const share = await invite(alice, listId, carol.email);
    expect(share.status).toBe('accepted');
    expect(share.invitation_link).toBeUndefined();
  });
});

describe('GET /invitations', () => {
  it("shows an unconfirmed invitee who invited them to which list, with which permission, and that mail cannot reach them", async () => {
    const { alice, bob, listId } = await household();
    await invite(alice, listId, bob.email, 'view');
    const response = await t.request({ method: 'GET', path: '/invitations', token: bob.token });
    expect(response.status).toBe(200);
    // An account that has not proven the address learns the inviter's first name only.
    expect(response.body).toEqual({
      invitations: [{ listId, listName: 'Weekend', sharedBy: 'Alice', permission: 'view', created_at: t.clock.now.toISOString() }],
      can_send_mail: false,
    });
  });

  it("names the inviter's address to an account that has proven its own", async () => {
    const { alice, listId } = await household();
    const carol = await createUser(t);
    await t.database.db
      .insertInto('list_shares')
      .values({ list_id: listId, user_id: null, email: carol.email, permission: 'edit', status: 'pending', shared_by: alice.user.id, created_at: t.clock.now.toISOString() })
      .execute();
    const response = await t.request({ method: 'GET', path: '/invitations', token: carol.token });
    expect(response.body.invitations).toEqual([expect.objectContaining({ listId, sharedBy: `Alice (${alice.email})` })]);
  });

  it('is empty once the invitation is accepted, and needs a session', async () => {
    const { alice, bob, listId } = await household();
    const token = tokenOf((await invite(alice, listId, bob.email)).invitation_link);
    expect((await accept(bob, token)).status).toBe(200);
    expect((await t.request({ method: 'GET', path: '/invitations', token: bob.token })).body.invitations).toEqual([]);
    expect((await t.request({ method: 'GET', path: '/invitations' })).status).toBe(401);
  });
});

describe('POST /invitation-links/view (public)', () => {
  it('shows who invited to which list, and whether the link still admits', async () => {
    const { alice, bob, listId } = await household();
    const token = tokenOf((await invite(alice, listId, bob.email, 'view')).invitation_link);
    expect((await view(token)).body).toEqual({ listId, listName: 'Weekend', sharedBy: 'Alice', permission: 'view', state: 'open' });
    await accept(bob, token);
    expect((await view(token)).body.state).toBe('used');
  });

  it('answers 404 for a token no link has, and 400 for no token', async () => {
    expect((await view('not-a-real-token')).body.error.message).toBe(SERVER_MESSAGES.invitationLinkNotFound);
    expect((await view('not-a-real-token')).status).toBe(404);
    expect((await t.request({ method: 'POST', path: '/invitation-links/view', body: {} })).status).toBe(400);
  });
});

describe('POST /invitation-links/accept', () => {
  it('makes whoever holds the link a member with its permission, unconfirmed address or not', async () => {
    const { alice, bob, listId } = await household();
    const token = tokenOf((await invite(alice, listId, bob.email, 'view')).invitation_link);
    const response = await accept(bob, token);
    expect(response.status).toBe(200);
    expect(response.body.list).toMatchObject({ id: listId, name: 'Weekend', isOwner: false, shareInfo: { permission: 'view' } });
    const shares = await t.request({ method: 'GET', path: `/lists/${listId}/shares`, token: alice.token });
    expect(shares.body.shares).toEqual([expect.objectContaining({ email: bob.email, user_id: bob.user.id, status: 'accepted', permission: 'view' })]);
    expect(shares.body.shares[0].invitation_link).toBeUndefined();
    const lists = await t.request({ method: 'GET', path: '/lists', token: bob.token });
    expect(lists.body.lists.map((list: { id: string }) => list.id)).toEqual([listId]);
  });

  it('admits a holder signed in with another address, in place of the invited one', async () => {
    const { alice, bob, listId } = await household();
    const dana = await createUser(t, { verified: false });
    const token = tokenOf((await invite(alice, listId, bob.email)).invitation_link);
    expect((await accept(dana, token)).status).toBe(200);
    const shares = await t.request({ method: 'GET', path: `/lists/${listId}/shares`, token: alice.token });
    expect(shares.body.shares).toEqual([expect.objectContaining({ email: dana.email, user_id: dana.user.id, status: 'accepted', permission: 'edit' })]);
  });

  it('keeps a higher permission a member already has', async () => {
    const { alice, listId } = await household();
    const carol = await createUser(t);
    await invite(alice, listId, carol.email, 'admin');
    const stranger = 'someone@example.com';
    const token = tokenOf((await invite(alice, listId, stranger, 'view')).invitation_link);
    expect((await accept(carol, token)).body.list.shareInfo.permission).toBe('admin');
    const shares = await t.request({ method: 'GET', path: `/lists/${listId}/shares`, token: alice.token });
    expect(shares.body.shares.map((share: { email: string }) => share.email)).toEqual([carol.email]);
  });

  it('works once: opened again by whoever used it, it opens the list; by anyone else, it says it was used', async () => {
    const { alice, bob, listId } = await household();
    const carol = await createUser(t);
    const token = tokenOf((await invite(alice, listId, bob.email)).invitation_link);
    expect((await accept(bob, token)).status).toBe(200);
    expect((await accept(bob, token)).status).toBe(200);
    const again = await accept(carol, token);
    expect(again.status).toBe(410);
    expect(again.body.error).toEqual({ code: 'invitation_link_used', message: SERVER_MESSAGES.invitationLinkUsed });
    expect((await t.request({ method: 'GET', path: `/lists/${listId}`, token: carol.token })).status).toBe(404);
  });

  it('says an expired link has expired, and grants nothing', async () => {
    const { alice, bob, listId } = await household();
    const token = tokenOf((await invite(alice, listId, bob.email)).invitation_link);
    t.clock.advance(INVITATION_LINK_TTL_MS);
    const response = await accept(bob, token);
    expect(response.status).toBe(410);
    expect(response.body.error).toEqual({ code: 'invitation_link_expired', message: SERVER_MESSAGES.invitationLinkExpired });
    expect((await view(token)).body.state).toBe('expired');
    const shares = await t.request({ method: 'GET', path: `/lists/${listId}/shares`, token: alice.token });
    expect(shares.body.shares).toEqual([expect.objectContaining({ email: bob.email, status: 'pending' })]);
  });

  it('is forgotten a while after it ended, when opening it says only that no such link exists', async () => {
    const { alice, bob, listId } = await household();
    const used = tokenOf((await invite(alice, listId, bob.email)).invitation_link);
    expect((await accept(bob, used)).status).toBe(200);
    t.clock.advance(INVITATION_LINK_KEPT_MS - 1);
    const carol = await createUser(t, { verified: false });
    const open = tokenOf((await invite(alice, listId, carol.email)).invitation_link);
    t.clock.advance(2);
    await waitUntil(async () => (await view(used)).status === 404, 'the purge of the link used a month ago');
    expect((await view(used)).body.error.message).toBe(SERVER_MESSAGES.invitationLinkNotFound);
    expect((await view(open)).body.state).toBe('open');
  });

  it('says a revoked link (the invitation withdrawn) was revoked, and grants nothing', async () => {
    const { alice, bob, listId } = await household();
    const token = tokenOf((await invite(alice, listId, bob.email)).invitation_link);
    const removed = await t.request({ method: 'DELETE', path: `/lists/${listId}/shares/${encodeURIComponent(bob.email)}`, token: alice.token });
    expect(removed.status).toBe(204);
    const response = await accept(bob, token);
    expect(response.status).toBe(410);
    expect(response.body.error).toEqual({ code: 'invitation_link_revoked', message: SERVER_MESSAGES.invitationLinkRevoked });
    expect((await view(token)).body).toMatchObject({ state: 'revoked', permission: null });
    expect((await t.request({ method: 'GET', path: `/lists/${listId}`, token: bob.token })).status).toBe(404);
  });

  it("refuses the list's owner, an unknown token, and a caller without a session", async () => {
    const { alice, bob, listId } = await household();
    const token = tokenOf((await invite(alice, listId, bob.email)).invitation_link);
    const own = await accept(alice, token);
    expect(own.status).toBe(400);
    expect(own.body.error.message).toBe(SERVER_MESSAGES.ownInvitationLink);
    expect((await accept(bob, `${token}x`)).status).toBe(404);
    expect((await accept(undefined, token)).status).toBe(401);
    expect((await view(token)).body.state).toBe('open');
  });

  it('leaves proof of address for invitations by mail: an unconfirmed account cannot join with its address alone', async () => {
    const { alice, bob, listId } = await household();
    await invite(alice, listId, bob.email);
    const join = await t.request({ method: 'POST', path: `/lists/${listId}/join`, token: bob.token });
    expect(join.status).toBe(403);
    expect(join.body.error.message).toBe(SERVER_MESSAGES.confirmEmailToJoin);
  });
});
