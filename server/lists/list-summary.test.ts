import { describe, expect, it } from 'vitest';
import { TestSocket, call, waitUntil } from '../test/live.ts';
import { dataUrlOf, makeImage } from '../test/images.ts';
import { createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { castOfList } from '../test/lists.ts';

/**
 * The counts and the last change on every list document: the same in GET /lists,
 * GET /lists/{id} and the live `lists` / `shares` topics, and kept right by every item write.
 */
const t = useTestApp();
const localPart = (email: string) => email.slice(0, email.indexOf('@'));

type Doc = { id: string; item_count: number; done_count: number; last_change: unknown };

async function listOf(token: string, listId: string): Promise<Doc> {
  const { lists } = await call(t, token, 'GET', '/lists');
  const fromDashboard = lists.find((list: Doc) => list.id === listId);
  const { list } = await call(t, token, 'GET', `/lists/${listId}`);
  expect(list).toEqual(fromDashboard);
  return list;
}

describe('item counts and the last change', () => {
  it('count items and done items, and tell who did what, as each member sees it', async () => {
    const { owner, editor, listId } = await castOfList(t);
    const at = () => t.clock.now.toISOString();

    const batch = await call(t, owner.token, 'POST', `/lists/${listId}/items/batch`, { items: [{ content: 'milk, eggs and bread' }] });
    expect(await listOf(editor.token, listId)).toMatchObject({
      item_count: 3,
      done_count: 0,
      last_change: { by: 'Olivia', by_me: false, summary: 'added 3 items', app: null, at: at() },
    });
    expect((await listOf(owner.token, listId)).last_change).toEqual({ by: 'Olivia', by_me: true, summary: 'added 3 items', app: null, at: at() });

    t.clock.advance(60_000);
    const milk = batch.results[0].id;
    await call(t, editor.token, 'PUT', `/lists/${listId}/items/${milk}`, { is_completed: true });
    // The editor has no first name: others read the part of the address before the @, never the address.
    expect(await listOf(owner.token, listId)).toMatchObject({
      item_count: 3,
      done_count: 1,
      last_change: { by: localPart(editor.email), by_me: false, summary: 'checked off milk', app: null, at: at() },
    });
    expect((await listOf(editor.token, listId)).last_change).toMatchObject({ by_me: true, summary: 'checked off milk' });

    await call(t, editor.token, 'PUT', `/lists/${listId}/items/${milk}`, { content: 'oat milk', properties: {} });
    expect((await listOf(owner.token, listId)).last_change).toMatchObject({ summary: 'renamed oat milk' });
    await call(t, editor.token, 'PUT', `/lists/${listId}/items/${milk}`, { is_completed: false });
    expect((await listOf(owner.token, listId)).last_change).toMatchObject({ summary: 'unchecked oat milk' });

    await call(t, owner.token, 'DELETE', `/lists/${listId}/items/${batch.results[1].id}`);
    expect(await listOf(editor.token, listId)).toMatchObject({
      item_count: 2,
      done_count: 0,
      last_change: { by: 'Olivia', summary: 'removed eggs' },
    });

    await call(t, owner.token, 'PUT', `/lists/${listId}`, { name: 'Weekend' });
    expect((await listOf(editor.token, listId)).last_change).toMatchObject({ summary: 'renamed the list' });
  });

  it('never shows a first name that looks like an address: the part of the account\'s address before the @ instead', async () => {
    const sam = await createUser(t, { email: 'sam.smith@example.com', first_name: 'sam@example.com' });
    const { list } = await call(t, sam.token, 'POST', '/lists', { name: 'Mine' });
    expect(list.last_change).toMatchObject({ by: 'sam.smith', by_me: true, summary: 'created the list' });
    expect(JSON.stringify(await listOf(sam.token, list.id))).not.toContain('@');
  });

  it('is unchanged by an update that changes nothing (a check-off of a checked item from a stale screen)', async () => {
    const { owner, editor, listId } = await castOfList(t);
    const milk = await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: '2 milk' });
    const checked = await call(t, owner.token, 'PUT', `/lists/${listId}/items/${milk.id}`, { is_completed: true });
    for (const body of [{ is_completed: true }, { content: '2 milk' }, { position: checked.position }, { properties: checked.properties }]) {
      const again = await call(t, editor.token, 'PUT', `/lists/${listId}/items/${milk.id}`, body);
      expect(again).toEqual(checked);
    }
    expect((await listOf(editor.token, listId)).last_change).toMatchObject({ by: 'Olivia', summary: 'checked off milk' });
  });

  it("is unchanged by an add that changed nothing (every name already on the list)", async () => {
    const { owner, editor, listId } = await castOfList(t);
    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'milk' });
    await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: editor.token, body: { content: 'milk' } });
    expect((await listOf(owner.token, listId)).last_change).toMatchObject({ by_me: true, summary: 'added milk' });
  });
});

describe('the last change of AI and photo writes', () => {
  it('tells of a sort, AI edits, and a photo added and removed', async () => {
    const { owner, editor, listId } = await castOfList(t, { custom_prompts: ['Translate to French'] });
    const { results } = await call(t, editor.token, 'POST', `/lists/${listId}/items/batch`, { items: [{ content: 'milk, bread' }] });
    const milk = results[0].id;

    await call(t, owner.token, 'POST', `/lists/${listId}/sort`, { prompt: 'department' });
    expect((await listOf(editor.token, listId)).last_change).toMatchObject({ by: 'Olivia', summary: 'sorted the items' });
    await call(t, owner.token, 'POST', `/lists/${listId}/items/${milk}/properties`, { action: 'translate', language: 'de' });
    expect((await listOf(editor.token, listId)).last_change).toMatchObject({ by: 'Olivia', summary: 'edited milk' });

    const photo = dataUrlOf(await makeImage('jpeg', { width: 40, height: 30 }));
    await call(t, editor.token, 'POST', `/lists/${listId}/items/${milk}/image`, { imageData: photo });
    expect((await listOf(owner.token, listId)).last_change).toMatchObject({ by: localPart(editor.email), summary: 'added a photo to milk' });
    await call(t, owner.token, 'DELETE', `/lists/${listId}/items/${milk}/image`);
    expect((await listOf(editor.token, listId)).last_change).toMatchObject({ by: 'Olivia', summary: 'removed the photo of milk' });

    const { updatedItems } = await call(t, editor.token, 'POST', `/lists/${listId}/process-items`);
    expect(updatedItems).toHaveLength(2);
    expect((await listOf(owner.token, listId)).last_change).toMatchObject({ by: localPart(editor.email), summary: 'edited 2 items' });
  });
});

describe('live list documents', () => {
  it("follow item writes: the owner's dashboard and a member's both get the new counts", async () => {
    const { owner, editor, viewer, listId } = await castOfList(t);
    const other = await castOfList(t);
    const ownerSocket = await TestSocket.open(t, owner.token);
    const viewerSocket = await TestSocket.open(t, viewer.token);
    await ownerSocket.subscribe('l', 'lists');
    await viewerSocket.subscribe('s', 'shares');

    const added = await call(t, editor.token, 'POST', `/lists/${listId}/items`, { content: 'milk' });
    await call(t, editor.token, 'PUT', `/lists/${listId}/items/${added.id}`, { is_completed: true });
    const counted = (socket: TestSocket, id: string) => () => {
      const doc = socket.state(id).get(listId) as Doc | undefined;
      return doc?.done_count === 1 ? doc : undefined;
    };
    expect(await waitUntil(counted(ownerSocket, 'l'), "the owner's document")).toEqual(await listOf(owner.token, listId));
    expect(await waitUntil(counted(viewerSocket, 's'), "the viewer's document")).toEqual(await listOf(viewer.token, listId));

    // A list nobody on these sockets holds sends them nothing.
    const before = ownerSocket.messages.length + viewerSocket.messages.length;
    await call(t, other.owner.token, 'POST', `/lists/${other.listId}/items`, { content: 'bread' });
    await call(t, editor.token, 'POST', `/lists/${listId}/items`, { content: 'eggs' });
    await waitUntil(() => (ownerSocket.state('l').get(listId) as Doc).item_count === 2, 'the eggs');
    await waitUntil(() => (viewerSocket.state('s').get(listId) as Doc).item_count === 2, 'the eggs for the viewer');
    const after = [...ownerSocket.messages, ...viewerSocket.messages].slice(before);
    expect(JSON.stringify(after)).not.toContain(other.listId);
    ownerSocket.close();
    viewerSocket.close();
  });
});
