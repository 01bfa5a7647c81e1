import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { keyRowsAfterWrites, rowOfAnswer } from '../test/key-rows-after-writes.ts';
import { useTestApp } from '../test/test-app.ts';
import { addItems, itemRows, ownerWithList } from '../test/items.ts';

const afterWrites = keyRowsAfterWrites(() => t);

/** Safe retries on the real app: an offline queue replaying item changes changes nothing twice. */
const t = useTestApp({ onRoute: afterWrites.onRoute });

const withKey = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });

describe('Idempotency-Key on item calls', () => {
  it('a batch replayed three times creates its items once and answers the same body', async () => {
    const { owner, listId } = await ownerWithList(t);
    const request = {
      method: 'POST' as const,
      path: `/lists/${listId}/items/batch`,
      token: owner.token,
      body: { items: [{ content: '2 bottles milk, eggs' }, { content: 'bread' }] },
      headers: withKey('batch-1'),
    };
    const first = await t.request(request);
    expect(first.status).toBe(201);
    for (let replay = 0; replay < 3; replay++) {
      const again = await t.request(request);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect((await itemRows(t, listId)).map((row) => row.content)).toEqual(['milk', 'eggs', 'bread']);
  });

  it('a replayed single add, check-off and delete each happen once', async () => {
    const { owner, listId } = await ownerWithList(t);
    const add = { method: 'POST' as const, path: `/lists/${listId}/items`, token: owner.token, body: { content: 'tea' }, headers: withKey('add') };
    const added = await t.request(add);
    expect((await t.request(add)).body).toEqual(added.body);

    const check = {
      method: 'PUT' as const,
      path: `/lists/${listId}/items/${added.body.id}`,
      token: owner.token,
      body: { is_completed: true },
      headers: withKey('check'),
    };
    await t.request(check);
    // Someone unchecks it in between; the replay of the check must not check it again.
    await t.request({ ...check, body: { is_completed: false }, headers: withKey('uncheck') });
    const replayed = await t.request(check);
    expect(replayed.body.is_completed).toBe(true);
    expect((await itemRows(t, listId))[0]!.is_completed).toBeFalsy();

    const remove = { method: 'DELETE' as const, path: `/lists/${listId}/items/${added.body.id}`, token: owner.token, headers: withKey('delete') };
    expect((await t.request(remove)).status).toBe(204);
    expect((await t.request(remove)).status).toBe(204);
    expect(await itemRows(t, listId)).toEqual([]);
  });

  it('refuses the same key for another request with 422 and changes nothing', async () => {
    const { owner, listId } = await ownerWithList(t);
    await addItems(t, owner.token, listId, ['coffee']);
    const path = `/lists/${listId}/items/batch`;
    await t.request({ method: 'POST', path, token: owner.token, body: { items: [{ content: 'milk' }] }, headers: withKey('k') });
    const other = await t.request({ method: 'POST', path, token: owner.token, body: { items: [{ content: 'eggs' }] }, headers: withKey('k') });
    expect(other.status).toBe(422);
    expect(other.body.error.message).toBe(SERVER_MESSAGES.idempotencyKeyReused);
    expect((await itemRows(t, listId)).map((row) => row.content)).toEqual(['coffee', 'milk']);
  });

  it('keeps keys per user: the same key from two users runs twice', async () => {
    const { owner, listId } = await ownerWithList(t);
    const { owner: other, listId: otherList } = await ownerWithList(t);
    await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body: { content: 'a' }, headers: withKey('shared') });
    const theirs = await t.request({ method: 'POST', path: `/lists/${otherList}/items`, token: other.token, body: { content: 'a' }, headers: withKey('shared') });
    expect(theirs.status).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('does not store a 401: after signing in again the retry runs', async () => {
    const { owner, listId } = await ownerWithList(t);
    const request = { method: 'POST' as const, path: `/lists/${listId}/items`, body: { content: 'jam' }, headers: withKey('after-login') };
    expect((await t.request(request)).status).toBe(401);
    const signedIn = await t.request({ ...request, token: owner.token });
    expect(signedIn.status).toBe(201);
    expect(await itemRows(t, listId)).toHaveLength(1);
  });

  it('commits each answer with its change: once an add, batch, edit, reorder or delete is durable, so is its answer', async () => {
    const { owner, listId } = await ownerWithList(t);
    const path = `/lists/${listId}/items`;
    const calls = [
      { method: 'POST' as const, path, body: { content: 'tea, honey' } },
      { method: 'POST' as const, path, body: { content: 'tea' } },
      { method: 'POST' as const, path: `${path}/batch`, body: { items: [{ content: 'lemons' }] } },
    ];
    const answers = [];
    for (const [index, call] of calls.entries()) {
      answers.push(await t.request({ ...call, token: owner.token, headers: withKey(`answered-${index}`) }));
    }
    const [tea, honey] = [answers[0]!.body, answers[0]!.body.additionalItems[0]];
    const more = [
      { method: 'PUT' as const, path: `${path}/${tea.id}`, body: { is_completed: true } },
      { method: 'PUT' as const, path: `${path}/order`, body: { ids: [honey.id, answers[2]!.body.results[0].id, tea.id] } },
      { method: 'DELETE' as const, path: `${path}/${honey.id}` },
    ];
    for (const [index, call] of more.entries()) {
      answers.push(await t.request({ ...call, token: owner.token, headers: withKey(`answered-more-${index}`) }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([201, 200, 201, 200, 200, 204]);
    expect(afterWrites.rows.slice(-answers.length)).toEqual(answers.map(rowOfAnswer));
  });

  it('ignores the key on GET', async () => {
    const { owner, listId } = await ownerWithList(t);
    const get = { method: 'GET' as const, path: `/lists/${listId}/items`, token: owner.token, headers: withKey('read') };
    await t.request(get);
    await addItems(t, owner.token, listId, ['salt']);
    expect((await t.request(get)).body.items).toHaveLength(1);
  });
});
