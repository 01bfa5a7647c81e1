import { describe, expect, it } from 'vitest';
import { LIST_SHARES_MAX, LISTS_JOINED_MAX } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { expectRefused } from '../test/lists.ts';
import { confirmAddress, createUser, type TestUser } from '../test/factories.ts';
import { insertList, insertLists, shareLists } from '../test/list-factories.ts';
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

/** Puts `member` on `count` lists of a new owner, as an accepted member. */
async function joinLists(member: TestUser, count: number): Promise<{ owner: TestUser; listIds: string[] }> {
  const owner = await createUser(t);
  const listIds = await insertLists(t, owner.user.id, count);
  await shareLists(t, owner.user.id, listIds, { id: member.user.id, email: member.email });
  return { owner, listIds };
}

async function joinedCount(member: TestUser): Promise<number> {
  const shares = await t.database.db
    .selectFrom('list_shares')
    .select('list_id')
    .where('user_id', '=', member.user.id)
    .where('status', '=', 'accepted')
    .execute();
  return shares.length;
}

async function shareStatus(listId: string, email: string) {
  const share = await t.database.db
    .selectFrom('list_shares')
    .select('status')
    .where('list_id', '=', listId)
    .where('email', '=', email)
    .executeTakeFirst();
  return share?.status;
}

const invite = (owner: TestUser, listId: string, email: string, permission = 'view') =>
  t.request({ method: 'POST', path: `/lists/${listId}/shares`, token: owner.token, body: { email, permission } });

describe(`an account on ${LISTS_JOINED_MAX} lists shared with it`, () => {
  it('cannot be added to another: an invitation and a join by link get 413, changing nothing', async () => {
    const [member, owner] = await Promise.all([createUser(t), createUser(t)]);
    await joinLists(member, LISTS_JOINED_MAX);
    const listId = await insertList(t, owner.user.id, { allow_link_sharing: true });
    const mails = t.mails.length;
    await expectRefused(t, listId, () => invite(owner, listId, member.email), 413, SERVER_MESSAGES.inviteeOnTooManyLists);
    await expectRefused(
      t,
      listId,
      () => t.request({ method: 'POST', path: `/lists/${listId}/join`, token: member.token }),
      413,
      SERVER_MESSAGES.tooManyJoinedLists,
    );
    expect(t.mails).toHaveLength(mails);
    expect(await joinedCount(member)).toBe(LISTS_JOINED_MAX);
  });

  it('still has its access to a list changed, and makes room by leaving one', async () => {
    const [member, owner] = await Promise.all([createUser(t), createUser(t)]);
    const { owner: sharer, listIds } = await joinLists(member, LISTS_JOINED_MAX);
    expect((await invite(sharer, listIds[1]!, member.email, 'edit')).status).toBe(200);
    const leave = await t.request({ method: 'DELETE', path: `/lists/${listIds[0]}/shares/${member.user.id}`, token: member.token });
    expect(leave.status).toBe(204);
    const listId = await insertList(t, owner.user.id, { allow_link_sharing: true });
    expect((await t.request({ method: 'POST', path: `/lists/${listId}/join`, token: member.token })).status).toBe(200);
    expect(await joinedCount(member)).toBe(LISTS_JOINED_MAX);
  });

  it('proving its address accepts the oldest invitations that fit; a new invitation accepts another once there is room', async () => {
    const [member, owner] = await Promise.all([createUser(t, { verified: false }), createUser(t)]);
    const { listIds: joined } = await joinLists(member, LISTS_JOINED_MAX - 2);
    const invited: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const listId = await insertList(t, owner.user.id);
      expect((await invite(owner, listId, member.email)).status).toBe(201);
      invited.push(listId);
      t.clock.advance(1000);
    }
    expect((await confirmAddress(t, member)).status).toBe(200);
    const statuses = await Promise.all(invited.map((listId) => shareStatus(listId, member.email)));
    expect(statuses).toEqual(['accepted', 'accepted', 'pending']);
    expect(await joinedCount(member)).toBe(LISTS_JOINED_MAX);

    const newest = invited[2]!;
    expect((await invite(owner, newest, member.email)).body.error?.message).toBe(SERVER_MESSAGES.inviteeOnTooManyLists);
    await t.request({ method: 'DELETE', path: `/lists/${joined[0]}/shares/${member.user.id}`, token: member.token });
    const again = await invite(owner, newest, member.email, 'edit');
    expect(again.status).toBe(200);
    expect(again.body.share).toMatchObject({ status: 'accepted', permission: 'edit', user_id: member.user.id });
  });

  it('counts invitations sent at once one after the other: the last free place goes to one of them', async () => {
    const member = await createUser(t);
    await joinLists(member, LISTS_JOINED_MAX - 1);
    const owners = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
    const listIds = await Promise.all(owners.map((owner) => insertList(t, owner.user.id)));
    const answers = await Promise.all(owners.map((owner, index) => invite(owner, listIds[index]!, member.email)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 413, 413, 413]);
    expect(await joinedCount(member)).toBe(LISTS_JOINED_MAX);
  });
});
