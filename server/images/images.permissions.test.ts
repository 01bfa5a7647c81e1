import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/messages.ts';
import { castOfList } from '../test/lists.ts';
import { useTestApp } from '../test/test-app.ts';
import { makeImage, storedFiles, upload } from '../test/images.ts';

/**
 * Who may attach and remove pictures (edit-items: owner, admin, edit, signed-in readers of a
 * public editable list) and who is refused, with nothing changed; and that only readers of a
 * list are ever given a URL of its pictures. The full matrix row is in server/access/matrix.test.ts.
 */
const t = useTestApp();

async function scene(overrides: Parameters<typeof castOfList>[1] = {}) {
  const cast = await castOfList(t, overrides);
  const item = await t.request({ method: 'POST', path: `/lists/${cast.listId}/items`, token: cast.owner.token, body: { content: 'milk' } });
  const photo = (await makeImage('jpeg')).toString('base64');
  const first = await upload(t, cast.owner.token, cast.listId, item.body.id, photo);
  expect(first.status).toBe(200);
  return { ...cast, itemId: item.body.id as string, photo };
}

const state = async (itemId: string) => ({
  item: await t.database.db.selectFrom('items').selectAll().where('id', '=', itemId).executeTakeFirst(),
  images: await t.database.db.selectFrom('images').selectAll().orderBy('id').execute(),
  files: storedFiles(t),
});

describe('image permissions', () => {
  it.each([
    ['a view member', 'viewer', 403, MESSAGES.listForbidden],
    ['a stranger', 'stranger', 404, MESSAGES.listNotFound],
    ['an anonymous caller', undefined, 401, undefined],
  ] as const)('%s may neither attach nor remove a picture (%i), and nothing changes', async (_who, role, status, message) => {
    const s = await scene();
    const token = role ? s[role].token : undefined;
    const before = await state(s.itemId);

    const attach = await upload(t, token, s.listId, s.itemId, s.photo);
    const remove = await t.request({ method: 'DELETE', path: `/lists/${s.listId}/items/${s.itemId}/image`, token });

    for (const response of [attach, remove]) {
      expect(response.status).toBe(status);
      if (message) expect(response.body.error.message).toBe(message);
    }
    await t.settle();
    expect(await state(s.itemId)).toEqual(before);
  });

  it('a signed-in reader of a public list that is not editable gets 403; of an editable one, may attach', async () => {
    const readOnly = await scene({ visibility: 'public' });
    expect((await upload(t, readOnly.stranger.token, readOnly.listId, readOnly.itemId, readOnly.photo)).status).toBe(403);
    const editable = await scene({ visibility: 'public', public_editable: true });
    expect((await upload(t, editable.stranger.token, editable.listId, editable.itemId, editable.photo)).status).toBe(200);
  });

  it('admins and editors may attach and remove', async () => {
    const s = await scene();
    for (const user of [s.admin, s.editor]) {
      expect((await upload(t, user.token, s.listId, s.itemId, s.photo)).status).toBe(200);
      expect((await t.request({ method: 'DELETE', path: `/lists/${s.listId}/items/${s.itemId}/image`, token: user.token })).status).toBe(200);
    }
  });

  it('issues a URL of a picture only to readers of its list', async () => {
    const s = await scene();
    const read = (token?: string) => t.request({ method: 'GET', path: `/lists/${s.listId}/items`, token });
    expect((await read(s.viewer.token)).body.items[0].images.primary.thumbnailUrl).toMatch(/^\/api\/v1\/media\//);
    const stranger = await read(s.stranger.token);
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.body)).not.toContain('/media/');
    expect((await read()).status).toBe(401);
  });
});
