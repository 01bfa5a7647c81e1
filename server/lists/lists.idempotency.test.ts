import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../common/constants.ts';
import { createUser } from '../test/factories.ts';
import { keyRowsAfterWrites, rowOfAnswer } from '../test/key-rows-after-writes.ts';
import { useTestApp, type ApiRequest } from '../test/test-app.ts';

const afterWrites = keyRowsAfterWrites(() => t);

/** Safe retries of the list calls on the real app (decisions 017 and 020). */
const t = useTestApp({ onRoute: afterWrites.onRoute });

describe('Idempotency-Key on list calls', () => {
  it('commits each answer with its change, as the response schema sends it, and replays it', async () => {
    const owner = await createUser(t);
    const id = crypto.randomUUID();
    const calls: Omit<ApiRequest, 'token' | 'headers'>[] = [
      { method: 'POST', path: '/lists', body: { id, name: 'Groceries' } },
      { method: 'PUT', path: `/lists/${id}`, body: { name: 'Food' } },
      { method: 'PUT', path: `/lists/${id}/visibility`, body: { visibility: 'public', public_editable: false, allow_link_sharing: true } },
      { method: 'PUT', path: `/lists/${id}/custom-prompts`, body: { custom_prompts: ['Aisle'] } },
      { method: 'DELETE', path: `/lists/${id}` },
    ];
    const answers = [];
    for (const [index, call] of calls.entries()) {
      answers.push(await t.request({ ...call, token: owner.token, headers: { [IDEMPOTENCY_HEADER]: `list-${index}` } }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([201, 200, 200, 200, 204]);
    expect(answers[1]!.body.list).toMatchObject({ name: 'Food' });
    expect(afterWrites.rows.slice(-answers.length)).toEqual(answers.map(rowOfAnswer));

    for (const [index, call] of calls.entries()) {
      const again = await t.request({ ...call, token: owner.token, headers: { [IDEMPOTENCY_HEADER]: `list-${index}` } });
      expect([again.status, again.body, again.headers['idempotent-replayed']]).toEqual([answers[index]!.status, answers[index]!.body, 'true']);
    }
  });

  it('stores the answer of a create that found its list made already, though it wrote nothing', async () => {
    const owner = await createUser(t);
    const create = { method: 'POST' as const, path: '/lists', token: owner.token, body: { id: crypto.randomUUID(), name: 'Tools' } };
    await t.request(create);
    const again = await t.request({ ...create, headers: { [IDEMPOTENCY_HEADER]: 'made-already' } });
    expect(again.status).toBe(200);
    const replayed = await t.request({ ...create, headers: { [IDEMPOTENCY_HEADER]: 'made-already' } });
    expect([replayed.status, replayed.body, replayed.headers['idempotent-replayed']]).toEqual([200, again.body, 'true']);
  });
});
