import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '../../common/ai.ts';
import { addItems, itemRows, ownerWithList } from '../test/items.ts';
import type { TestUser } from '../test/factories.ts';
import { useTestApp, type TestApp } from '../test/test-app.ts';

/** What stands before every AI call: the user's can_use_ai (403), a provider (501), the per-user limit (429). */

async function pngData(): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
  return png.toString('base64');
}

/** Every AI call, on a list of the owner with one item. */
async function aiCalls(t: TestApp, owner: TestUser, listId: string) {
  const [item] = await addItems(t, owner.token, listId, ['milk']);
  const photoData = await pngData();
  return [
    { path: `/lists/${listId}/sort`, body: { provider: 'gemini-1.5-flash', prompt: 'department' } },
    { path: `/lists/${listId}/items/${item!.id}/properties`, body: { action: 'translate', language: 'fr' } },
    { path: `/lists/${listId}/items/${item!.id}/properties`, body: { action: 'add_properties' } },
    { path: `/lists/${listId}/items/${item!.id}/reprocess`, body: undefined },
    { path: `/lists/${listId}/process-items`, body: undefined },
    { path: `/lists/${listId}/items/photo`, body: { photoData } },
  ];
}

describe('can_use_ai', () => {
  const t = useTestApp();

  it('refuses every AI call of a user without AI with 403, and changes nothing', async () => {
    const { owner, listId } = await ownerWithList(t, { custom_prompts: ['Group by aisle'] });
    const calls = await aiCalls(t, owner, listId);
    await t.database.db.updateTable('users').set({ can_use_ai: false }).where('id', '=', owner.user.id).execute();
    const before = await itemRows(t, listId);

    for (const call of calls) {
      const response = await t.request({ method: 'POST', path: call.path, token: owner.token, body: call.body });
      expect(response.status, call.path).toBe(403);
      expect(response.body.error).toEqual({ code: 'ai_not_allowed', message: AI_MESSAGES.notAllowed });
    }
    expect(await itemRows(t, listId)).toEqual(before);
    // What the AI settings offer is no AI call: it is answered without AI access too.
    const info = await t.request({ method: 'GET', path: '/ai', token: owner.token });
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ provider: 'offline', model_choice: false });
  });

  it('lets the same calls through for a user with AI', async () => {
    const { owner, listId } = await ownerWithList(t, { custom_prompts: ['Group by aisle'] });
    for (const call of await aiCalls(t, owner, listId)) {
      const response = await t.request({ method: 'POST', path: call.path, token: owner.token, body: call.body });
      expect(response.status, `${call.path} ${JSON.stringify(response.body)}`).toBe(200);
    }
  });
});

describe('AI_PROVIDER=none', () => {
  const t = useTestApp({ config: { ai: { provider: 'none' } } });

  it('answers every AI call with 501 "No AI model is configured on this server"', async () => {
    const { owner, listId } = await ownerWithList(t, { custom_prompts: ['Group by aisle'] });
    for (const call of await aiCalls(t, owner, listId)) {
      const response = await t.request({ method: 'POST', path: call.path, token: owner.token, body: call.body });
      expect(response.status, call.path).toBe(501);
      expect(response.body.error).toEqual({ code: 'ai_not_configured', message: 'No AI model is configured on this server' });
    }
  });

  it('answers GET /ai with provider none and no model choice', async () => {
    const { owner } = await ownerWithList(t);
    const response = await t.request({ method: 'GET', path: '/ai', token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ provider: 'none', model_choice: false });
  });
});

describe('RATE_LIMIT_AI', () => {
  const t = useTestApp({ config: { rateLimitAi: 3 } });

  it('refuses a user past the limit with 429 and Retry-After, and leaves other users alone', async () => {
    const { owner, listId } = await ownerWithList(t);
    const other = await ownerWithList(t);
    const sort = (token: string, list: string) =>
      t.request({ method: 'POST', path: `/lists/${list}/sort`, token, body: { prompt: 'department' } });

    for (let call = 0; call < 3; call++) expect((await sort(owner.token, listId)).status).toBe(200);
    const refused = await sort(owner.token, listId);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'rate_limited', message: AI_MESSAGES.rateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    expect((await sort(other.owner.token, other.listId)).status).toBe(200);
  });
});
