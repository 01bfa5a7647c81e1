import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/messages.ts';
import { createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { dataUrlOf, listWithItem, makeImage, upload } from '../test/images.ts';
import { useTestApp } from '../test/test-app.ts';
import { castOfList, expectNoEmailIn, insertItem } from '../test/lists.ts';

const t = useTestApp();

const publicList = (listId: string, token?: string) => t.request({ method: 'GET', path: `/lists/public/${listId}`, token });

describe('GET /lists/public/{id}', () => {
  it('answers a public list and its items in position order, to anyone, read-only', async () => {
    const { listId } = await castOfList(t, { name: 'Bake sale', visibility: 'public', custom_prompts: ['Secret prompt'] });
    await insertItem(t, listId, { content: 'flour', position: 2, properties: { qty: '2 bags' } });
    await insertItem(t, listId, { content: 'eggs', position: 1, is_completed: true });
    const response = await publicList(listId);
    expect(response.status).toBe(200);
    expect(response.body.list).toEqual({
      id: listId,
      name: 'Bake sale',
      visibility: 'public',
      public_editable: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(response.body.items).toEqual([
      { id: expect.any(String), content: 'eggs', is_completed: true, position: 1, properties: {}, images: null, created_at: expect.any(String), updated_at: expect.any(String) },
      { id: expect.any(String), content: 'flour', is_completed: false, position: 2, properties: { qty: '2 bags' }, images: null, created_at: expect.any(String), updated_at: expect.any(String) },
    ]);
    expectNoEmailIn(response.body);
    expect(JSON.stringify(response.body)).not.toContain('Secret prompt');
  });

  it("shows a public list's custom prompts to its members only, not to a signed-in reader", async () => {
    const { owner, viewer, stranger, listId } = await castOfList(t, { visibility: 'public', custom_prompts: ['Secret prompt'] });
    const promptsAs = async (token: string) =>
      (await t.request({ method: 'GET', path: `/lists/${listId}`, token })).body.list.custom_prompts as unknown;
    expect(await promptsAs(owner.token)).toEqual(['Secret prompt']);
    expect(await promptsAs(viewer.token)).toEqual(['Secret prompt']);
    expect(await promptsAs(stranger.token)).toEqual([]);
  });

  it("shows an item's photo, as to a signed-in reader: signed URLs that load without a session", async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const uploaded = await upload(t, user.token, listId, itemId, dataUrlOf(await makeImage('jpeg', { width: 400, height: 300 })));
    await t.request({ method: 'PUT', path: `/lists/${listId}/visibility`, token: user.token, body: { visibility: 'public', public_editable: false, allow_link_sharing: false } });

    const response = await publicList(listId);
    const asReader = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: (await createUser(t)).token });

    expect(response.body.items[0].images).toEqual(uploaded.body.images);
    expect(asReader.body.items[0].images).toEqual(uploaded.body.images);
    for (const url of [uploaded.body.images.primary.thumbnailUrl, uploaded.body.images.primary.mediumUrl]) {
      const media = await t.app.inject({ method: 'GET', url });
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toBe('image/webp');
    }
  });

  it('answers 404 for a private list, even a link-shared one, even to its owner, and for unknown ids', async () => {
    const owner = await createUser(t);
    const privateList = await insertList(t, owner.user.id, { public_editable: true });
    const linkShared = await insertList(t, owner.user.id, { allow_link_sharing: true });
    for (const response of [
      await publicList(privateList),
      await publicList(privateList, owner.token),
      await publicList(linkShared),
      await publicList(crypto.randomUUID()),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error.message).toBe(MESSAGES.listNotFound);
    }
  });

  it('offers no way to write: the public path takes only GET', async () => {
    const { listId } = await castOfList(t, { visibility: 'public', public_editable: true });
    const response = await t.request({ method: 'PUT', path: `/lists/public/${listId}`, body: { name: 'Defaced' } });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect((await publicList(listId)).body.list.name).toBe('Groceries');
  });
});

describe('unauthenticated answers', () => {
  it('never contain an e-mail address, on any list route', async () => {
    const { listId, viewer } = await castOfList(t, { visibility: 'public', allow_link_sharing: true });
    await insertItem(t, listId);
    const paths: [string, string][] = [
      ['GET', `/lists/public/${listId}`],
      ['GET', `/lists/${listId}/invitation`],
      ['GET', '/lists'],
      ['GET', `/lists/${listId}/shares`],
      ['POST', `/lists/${listId}/join`],
      ['PUT', `/lists/${listId}/shares/${viewer.user.id}`],
      ['DELETE', `/lists/${listId}/shares/${viewer.user.id}`],
    ];
    for (const [method, path] of paths) {
      const response = await t.request({ method: method, path, ...(method === 'PUT' ? { body: { permission: 'view' } } : {}) });
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      expectNoEmailIn(response.body);
    }
  });
});
