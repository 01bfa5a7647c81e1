import { afterEach, describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '../../common/ai.ts';
import { PROTECTED_RESOURCE_METADATA_PATH } from '../../common/oauth-apps.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createAccessToken } from '../test/access-tokens.ts';
import { call, TestSocket, waitUntil } from '../test/live.ts';
import { createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { callTool, connectMcp, mcpUrl, textOf, toolAnswer } from '../test/mcp.ts';

/** The MCP server through the SDK's own client, with personal access tokens, on a real port. */
const t = useTestApp();

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** A user with a list, and an MCP client on a token named Claude with `scopes`. */
async function connected(scopes: ('lists:read' | 'items:write' | 'lists:manage')[] = ['lists:read', 'items:write', 'lists:manage']) {
  const owner = await createUser(t, { first_name: 'Sam' });
  const listId = await insertList(t, owner.user.id, { name: 'Weekend shopping' });
  const { secret, token } = await createAccessToken(t, owner.token, { name: 'Claude', scopes });
  const client = await connectMcp(t, secret);
  open.push(client);
  return { owner, listId, secret, tokenId: token.id, client };
}

describe('the tools', () => {
  it('are listed, each with a description and an input schema', async () => {
    const { client } = await connected();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ['add_items', 'check_item', 'find_lists', 'get_share_link', 'read_items', 'remove_item', 'rename_item', 'rename_list', 'sort_items'],
    );
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
    }
    expect(tools.find((tool) => tool.name === 'add_items')!.inputSchema.required).toEqual(['list_id', 'text']);
  });

  it('find lists by part of their name', async () => {
    const { client, listId } = await connected();
    expect((await toolAnswer(client, 'find_lists', {})).lists).toEqual([
      { id: listId, name: 'Weekend shopping', items: 0, checked: 0, yours: true, can_edit_items: true, can_manage: true },
    ]);
    expect((await toolAnswer(client, 'find_lists', { name: 'SHOP' })).lists).toHaveLength(1);
    expect((await toolAnswer(client, 'find_lists', { name: 'hardware' })).lists).toEqual([]);
  });

  it('add items through the item parser, check, uncheck, rename and remove them, as the API does', async () => {
    const { client, listId, owner } = await connected();
    const added = await toolAnswer(client, 'add_items', { list_id: listId, text: '2 bottles milk and eggs' });
    expect(added.items).toEqual([
      expect.objectContaining({ name: 'milk', quantity: '2 bottles', checked: false }),
      expect.objectContaining({ name: 'eggs', quantity: null, checked: false }),
    ]);
    const [milk, eggs] = added.items;
    expect((await toolAnswer(client, 'check_item', { list_id: listId, item_id: milk.id })).item.checked).toBe(true);
    expect((await toolAnswer(client, 'check_item', { list_id: listId, item_id: milk.id, checked: false })).item.checked).toBe(false);
    expect((await toolAnswer(client, 'rename_item', { list_id: listId, item_id: eggs.id, name: '12 eggs' })).item).toMatchObject({
      name: 'eggs',
      quantity: '12',
    });
    await toolAnswer(client, 'remove_item', { list_id: listId, item_id: milk.id });
    const { items } = await call(t, owner.token, 'GET', `/lists/${listId}/items`);
    expect(items.map((item: { content: string }) => item.content)).toEqual(['eggs']);
  });

  it('rename a list, and the list names the app as the author of the change', async () => {
    const { client, listId, owner } = await connected();
    expect((await toolAnswer(client, 'rename_list', { list_id: listId, name: 'Party' })).list.name).toBe('Party');
    const { list } = await call(t, owner.token, 'GET', `/lists/${listId}`);
    expect(list.last_change).toMatchObject({ app: 'Claude', summary: 'renamed the list' });
  });

  it('read a list a page at a time', async () => {
    const { client, listId } = await connected();
    await toolAnswer(client, 'add_items', { list_id: listId, text: 'apples, bread, cheese, dates, figs' });
    const first = await toolAnswer(client, 'read_items', { list_id: listId, limit: 2 });
    expect(first.items.map((item: { name: string }) => item.name)).toEqual(['apples', 'bread']);
    const second = await toolAnswer(client, 'read_items', { list_id: listId, limit: 2, cursor: first.next });
    expect(second.items.map((item: { name: string }) => item.name)).toEqual(['cheese', 'dates']);
    const last = await toolAnswer(client, 'read_items', { list_id: listId, limit: 2, cursor: second.next });
    expect(last).toEqual({ items: [expect.objectContaining({ name: 'figs' })], next: null });
  });

  it('sort with the built-in assistant, where the user may use AI', async () => {
    const { client, listId, owner } = await connected();
    await toolAnswer(client, 'add_items', { list_id: listId, text: 'soap, apples, milk' });
    const sorted = await toolAnswer(client, 'sort_items', { list_id: listId, kind: 'department' });
    expect(sorted.items.map((item: { name: string }) => item.name).sort()).toEqual(['apples', 'milk', 'soap']);
    const { list } = await call(t, owner.token, 'GET', `/lists/${listId}`);
    expect(list.last_change).toMatchObject({ app: 'Claude', summary: 'sorted the items' });

    await t.database.db.updateTable('users').set({ can_use_ai: false }).where('id', '=', owner.user.id).execute();
    const refused = await callTool(client, 'sort_items', { list_id: listId });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(AI_MESSAGES.notAllowed);
  });

  it("give a list's share link to its owner only", async () => {
    const { client, listId, owner } = await connected();
    expect(await toolAnswer(client, 'get_share_link', { list_id: listId })).toEqual({ url: `http://listo.test/join/${listId}`, joinable: false });

    const member = await createUser(t);
    const shared = await insertList(t, owner.user.id, { shares: [{ userId: member.user.id, email: member.email, permission: 'admin' }] });
    const memberClient = await connectMcp(t, (await createAccessToken(t, member.token)).secret);
    open.push(memberClient);
    const refused = await callTool(memberClient, 'get_share_link', { list_id: shared });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(SERVER_MESSAGES.shareLinkOwnerOnly);
  });
});

describe('refusals are tool errors with the messages of the API', () => {
  it('for bad input', async () => {
    const { client, listId } = await connected();
    const blank = await callTool(client, 'add_items', { list_id: listId, text: '   ' });
    expect(blank).toMatchObject({ isError: true, content: [{ type: 'text', text: SERVER_MESSAGES.itemContentRequired }] });
    const missing = await callTool(client, 'read_items', {});
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/^list_id: /);
    const unknownList = await callTool(client, 'read_items', { list_id: crypto.randomUUID() });
    expect(unknownList).toMatchObject({ isError: true, content: [{ type: 'text', text: 'List not found or not accessible' }] });
  });

  it("for what the token's scopes do not cover: a lists:read token adds nothing", async () => {
    const { client, listId, owner } = await connected(['lists:read']);
    const refused = await callTool(client, 'add_items', { list_id: listId, text: 'milk' });
    expect(refused).toMatchObject({ isError: true, content: [{ type: 'text', text: SERVER_MESSAGES.scopeMissing }] });
    expect((await call(t, owner.token, 'GET', `/lists/${listId}/items`)).items).toEqual([]);
  });
});

describe('the endpoint', () => {
  it('answers 401 without a token, pointing at the protected-resource metadata', async () => {
    const response = await fetch(await mcpUrl(t), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="http://listo.test${PROTECTED_RESOURCE_METADATA_PATH}"`);
  });

  it('refuses a web page of another site', async () => {
    const { secret } = await connected();
    const response = await fetch(await mcpUrl(t), {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, origin: 'https://evil.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(403);
  });

  it("ends a revoked token's open stream at once, and refuses its next request", async () => {
    const { owner, secret, tokenId, client } = await connected();
    const stream = await fetch(await mcpUrl(t), { headers: { authorization: `Bearer ${secret}`, accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let ended = false;
    const reading = (async () => {
      while (!(await reader.read()).done);
      ended = true;
    })().catch(() => (ended = true));

    await call(t, owner.token, 'DELETE', `/auth/tokens/${tokenId}`);
    await waitUntil(() => ended, 'the stream to end', 1_000);
    await reading;
    await expect(client.listTools()).rejects.toThrow();
  });

  it('changes made through it are live on every device, naming the app', async () => {
    const { client, listId, owner } = await connected();
    const socket = await TestSocket.open(t, owner.token);
    try {
      await socket.subscribe('i', 'items', { listId });
      await socket.subscribe('l', 'lists');
      await toolAnswer(client, 'add_items', { list_id: listId, text: 'milk' });
      await socket.next((m) => m.type === 'change' && m.id === 'i' && m.changes.some((c) => c.op === 'added'), 'the added item');
      await waitUntil(() => {
        const list = socket.state('l').get(listId) as { last_change?: { app: string; summary: string } } | undefined;
        return list?.last_change?.app === 'Claude' && list.last_change.summary === 'added milk';
      }, 'the list naming the app');
    } finally {
      socket.close();
    }
  });
});
