import { describe, expect, it } from 'vitest';
import { LIST_SHARES_MAX } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { expectRefused } from '../lists/list-test-helpers.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

/** A link-shared list of `owner` with LIST_SHARES_MAX pending invitations; the first one is to `invitee`, if given. */
async function fullList(owner: TestUser, invitee?: TestUser): Promise<string> {
  const listId = await insertList(t, owner.user.id, { allow_link_sharing: true });
  const emails = Array.from({ length: LIST_SHARES_MAX }, (_, index) => (index === 0 && invitee ? invitee.email : `invited-${index}@example.com`));
  await t.database.db
    .insertInto('list_shares')
    .values(
      emails.map((email) => ({
        list_id: listId,
        user_id: null,
        email,
        permission: 'view' as const,
        status: 'pending' as const,
        shared_by: owner.user.id,
        created_at: new Date().toISOString(),
      })),
    )
    .execute();
  return listId;
}

describe(`a list shared with ${LIST_SHARES_MAX} people and invitations`, () => {
  it('refuses another invitation and another join by link with 413, changing nothing and sending no mail', async () => {
    const [owner, visitor] = await Promise.all([createUser(t), createUser(t)]);
    const listId = await fullList(owner);
    const mails = t.mails.length;
    const invite = () =>
      t.request({ method: 'POST', path: `/lists/${listId}/shares`, token: owner.token, body: { email: 'one-more@example.com', permission: 'view' } });
    await expectRefused(t, listId, invite, 413, SERVER_MESSAGES.tooManyShares);
    await expectRefused(t, listId, () => t.request({ method: 'POST', path: `/lists/${listId}/join`, token: visitor.token }), 413, SERVER_MESSAGES.tooManyShares);
    expect(t.mails).toHaveLength(mails);
  });

  it('still changes an existing share, and lets an invited address join: neither adds a share', async () => {
    const [owner, invitee] = await Promise.all([createUser(t), createUser(t)]);
    const listId = await fullList(owner, invitee);
    const change = await t.request({
      method: 'POST',
      path: `/lists/${listId}/shares`,
      token: owner.token,
      body: { email: 'invited-1@example.com', permission: 'edit' },
    });
    expect(change.status).toBe(200);
    expect((await t.request({ method: 'POST', path: `/lists/${listId}/join`, token: invitee.token })).status).toBe(200);
    const shares = await t.database.db.selectFrom('list_shares').select('email').where('list_id', '=', listId).execute();
    expect(shares).toHaveLength(LIST_SHARES_MAX);
  });

  it('makes room when a share goes', async () => {
    const [owner, visitor] = await Promise.all([createUser(t), createUser(t)]);
    const listId = await fullList(owner);
    const withdraw = await t.request({ method: 'DELETE', path: `/lists/${listId}/shares/invited-1@example.com`, token: owner.token });
    expect(withdraw.status).toBe(204);
    expect((await t.request({ method: 'POST', path: `/lists/${listId}/join`, token: visitor.token })).status).toBe(200);
  });
});
