import { expect, it } from 'vitest';
import { castOfList } from '../test/lists.ts';
import { TestSocket, call, waitUntil } from '../test/live.ts';
import { useTestApp } from '../test/test-app.ts';
import { makeImage, upload } from '../test/images.ts';

/** A picture reaches every subscriber of the list live, like any item change, with working URLs. */
const t = useTestApp();

type LiveItem = { id: string; images: { primary: { id: string; thumbnailUrl: string; mediumUrl: string } } | null };

it('shows an attached picture to the other devices live, and its removal', async () => {
  const { owner, editor, viewer, listId } = await castOfList(t);
  const item = await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'milk' });
  const sockets = await Promise.all([editor, viewer].map((user) => TestSocket.open(t, user.token)));
  await Promise.all(sockets.map((socket) => socket.subscribe('i', 'items', { listId })));
  const liveItem = (socket: TestSocket) => socket.state('i').get(item.id) as LiveItem | undefined;

  const response = await upload(t, owner.token, listId, item.id, (await makeImage('jpeg')).toString('base64'));
  expect(response.status).toBe(200);
  for (const socket of sockets) {
    const seen = await waitUntil(() => liveItem(socket)?.images?.primary, 'the picture on a subscriber');
    expect(seen).toEqual(response.body.images.primary);
    const picture = await t.app.inject({ method: 'GET', url: seen.thumbnailUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
  }

  await call(t, editor.token, 'DELETE', `/lists/${listId}/items/${item.id}/image`);
  for (const socket of sockets) await waitUntil(() => liveItem(socket)?.images === null, 'the removal on a subscriber');
  for (const socket of sockets) socket.close();
});

it('sends a fresh snapshot with signed URLs to a device that subscribes later', async () => {
  const { owner, viewer, listId } = await castOfList(t);
  const item = await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'eggs' });
  const attached = await upload(t, owner.token, listId, item.id, (await makeImage('png')).toString('base64'));
  const socket = await TestSocket.open(t, viewer.token);
  await socket.subscribe('i', 'items', { listId });
  expect((socket.state('i').get(item.id) as LiveItem).images).toEqual(attached.body.images);
  socket.close();
});
