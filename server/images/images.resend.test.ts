import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_MS, REQUEST_IN_PROGRESS } from '../../common/constants.ts';
import { useTestApp } from '../test/test-app.ts';
import { listWithItem, makeImage, storedFiles, upload } from '../test/images.ts';

/**
 * A photo kept on the device while its upload waits is sent again by the app's next start, with
 * the same Idempotency-Key (decision 036): after a reload, hours later, in a new session, or from
 * two tabs at once. Whatever reached the server first stays the only thing stored.
 */
const t = useTestApp();

const imageRows = (itemId: string) => t.database.db.selectFrom('images').select('id').where('item_id', '=', itemId).execute();
const photo = async () => (await makeImage('jpeg', { width: 640, height: 480 })).toString('base64');
const signIn = async (email: string, password: string) =>
  (await t.request({ method: 'POST', path: '/auth/login', body: { email, password } })).body.token as string;

describe('a photo sent again with its Idempotency-Key', () => {
  it('in a new session almost a day later: the first answer, nothing stored twice, even after the item changed', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const picture = await photo();
    const key = { 'idempotency-key': `resend-${itemId}` };
    const first = await upload(t, user.token, listId, itemId, picture, key);
    expect(first.status).toBe(200);
    const files = storedFiles(t);

    // The answer was lost with the page; the user renames the item, signs in again the next day.
    await t.request({ method: 'PUT', path: `/lists/${listId}/items/${itemId}`, token: user.token, body: { content: 'oat milk' } });
    t.clock.advance(IDEMPOTENCY_TTL_MS - 60 * 60_000);
    const token = await signIn(user.email, user.password);
    expect(token).not.toBe(user.token);
    const again = await upload(t, token, listId, itemId, picture, key);

    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The first answer as it was: older than the item now (the web app takes only its image then).
    expect(again.body).toEqual(first.body);
    expect(again.body.content).toBe('milk');
    expect(storedFiles(t)).toEqual(files);
    expect(await imageRows(itemId)).toEqual([{ id: first.body.images.primary.id }]);
    const items = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token });
    expect(items.body.items).toMatchObject([{ id: itemId, content: 'oat milk', images: { primary: { id: first.body.images.primary.id } } }]);
  });

  it('after its item was deleted: the same 404 again, and nothing stored', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    await t.request({ method: 'DELETE', path: `/lists/${listId}/items/${itemId}`, token: user.token });
    const picture = await photo();
    const key = { 'idempotency-key': `gone-${itemId}` };
    const files = storedFiles(t);
    const first = await upload(t, user.token, listId, itemId, picture, key);
    const again = await upload(t, user.token, listId, itemId, picture, key);
    expect(first.status).toBe(404);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(first.body);
    expect(storedFiles(t)).toEqual(files);
    expect(await imageRows(itemId)).toEqual([]);
  });

  it('from two tabs at once: one picture stored; the other try answers it, or asks to wait (409)', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const picture = await photo();
    const key = { 'idempotency-key': `tabs-${itemId}` };
    const files = storedFiles(t);
    const answers = await Promise.all([upload(t, user.token, listId, itemId, picture, key), upload(t, user.token, listId, itemId, picture, key)]);

    const stored = await imageRows(itemId);
    expect(stored).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 409) expect(answer.body.error.code).toBe(REQUEST_IN_PROGRESS);
      else expect(answer).toMatchObject({ status: 200, body: { images: { primary: { id: stored[0]!.id } } } });
    }
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    // The picture's three files, once.
    expect(storedFiles(t).filter((file) => !files.includes(file))).toHaveLength(3);
    // The try told to wait, sent again, gets the first answer.
    const late = await upload(t, user.token, listId, itemId, picture, key);
    expect(late).toMatchObject({ status: 200, body: { images: { primary: { id: stored[0]!.id } } } });
  });
});
