import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AI_ANSWER_MAX_BYTES, AI_BUSY_RETRY_AFTER_S, AI_MESSAGES } from '../../../common/ai.ts';
import { trimUnseen } from '../../../common/unseen-text.ts';
import type { AppDeps } from '../../app.ts';
import { addItems, fillList, itemRows, ownerWithList } from '../../test/items.ts';
import { insertList } from '../../test/list-factories.ts';
import { fromJson } from '../../db/values.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createFakeModelServer } from '../../test/ai-model.ts';

/**
 * The cloud providers through the whole stack: the app's AI routes, the real @google/genai and
 * openai SDKs, and a local server speaking each API's wire format (server/test/ai-model.ts).
 */

const MODELS = { standard: 'model-standard', expensive: 'model-expensive' };
const STANDARD = 'gemini-1.5-flash';
const EXPENSIVE = 'gemini-2.5-flash';

async function photoData(): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } }).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe.each(['gemini', 'openai'] as const)('%s', (api) => {
  const fake = createFakeModelServer();
  const config: Partial<AppDeps['config']> = { rateLimitAi: 0 };
  beforeAll(async () => {
    await fake.start();
    config.ai =
      api === 'gemini'
        ? { provider: 'gemini', apiKey: 'test-key', baseUrl: fake.url, models: MODELS, timeoutMs: 1500 }
        : { provider: 'openai', apiKey: 'test-key', baseUrl: `${fake.url}/v1`, model: 'served-model', timeoutMs: 1500 };
  });
  afterAll(() => fake.close());
  const t = useTestApp({ config });
  beforeEach(async () => {
    fake.reset();
    // Each test asks its own questions: answers cached by an earlier test would hide them.
    await t.database.db.deleteFrom('ai_answers').execute();
  });

  async function listWith(contents: string[]) {
    const { owner, listId } = await ownerWithList(t);
    await addItems(t, owner.token, listId, contents);
    return { owner, listId };
  }

  const sort = (token: string, listId: string, prompt = 'department', provider = STANDARD) =>
    t.request({ method: 'POST', path: `/lists/${listId}/sort`, token, body: { provider, prompt } });

  it('sorts by the departments the model gives, stores them on the items, and speaks the API as it is', async () => {
    const { owner, listId } = await listWith(['dish soap', 'milk', 'apples']);
    const response = await sort(owner.token, listId, 'department', EXPENSIVE);

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.items.map((item: { content: string }) => item.content)).toEqual(['apples', 'milk', 'dish soap']);
    expect(response.body.items[1].properties).toEqual({ department: 'Dairy & Eggs', category: 'Model category', priority: 'low' });
    const rows = await itemRows(t, listId);
    expect(rows.map((row) => row.content)).toEqual(['apples', 'milk', 'dish soap']);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    if (api === 'gemini') {
      expect(request!.path).toMatch(/^\/v1(beta)?\/models\/model-expensive:generateContent$/);
      expect(request!.headers['x-goog-api-key']).toBe('test-key');
      expect(request!.body.generationConfig.responseMimeType).toBe('application/json');
      expect(request!.body.generationConfig.responseJsonSchema.properties.items.items.properties.department.enum).toContain('Produce');
      expect(JSON.stringify(request!.body.systemInstruction)).toMatch(/department/);
    } else {
      expect(request!.path).toBe('/v1/chat/completions');
      expect(request!.headers.authorization).toBe('Bearer test-key');
      expect(request!.body.model).toBe('served-model');
      expect(request!.body.response_format.type).toBe('json_schema');
      expect(request!.body.response_format.json_schema.strict).toBe(true);
      expect(request!.body.response_format.json_schema.schema.required).toEqual(['items']);
      expect(request!.body.messages[0].role).toBe('system');
    }
  });

  it('never asks the same question twice: a re-sort and the same names on another list are answered from the cache', async () => {
    const { owner, listId } = await listWith(['bananas', 'cheddar']);
    expect((await sort(owner.token, listId)).status).toBe(200);
    expect(fake.requests).toHaveLength(1);

    expect((await sort(owner.token, listId, 'priority')).status).toBe(200);
    const other = await insertList(t, owner.user.id);
    await addItems(t, owner.token, other, ['2 Bananas', 'Cheddar']);
    const response = await sort(owner.token, other);
    expect(response.status).toBe(200);
    expect(response.body.items[0].properties.department).toBe('Produce');
    expect(fake.requests).toHaveLength(1);

    // The other tier is another model (for Gemini): its answers are its own.
    const third = await insertList(t, owner.user.id);
    await addItems(t, owner.token, third, ['bananas']);
    expect((await sort(owner.token, third, 'department', EXPENSIVE)).status).toBe(200);
    expect(fake.requests).toHaveLength(api === 'gemini' ? 2 : 1);
  });

  it('asks once more after an answer that is not JSON, then answers 502 and changes nothing', async () => {
    const { owner, listId } = await listWith(['milk', 'apples']);
    const before = await itemRows(t, listId);
    fake.script({ text: 'Sure! Here is the list you asked for.' }, { text: '{"items": [' });

    const response = await sort(owner.token, listId);

    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe('ai_bad_output');
    expect(fake.requests).toHaveLength(2);
    const retried = JSON.stringify(fake.requests[1]!.body);
    expect(retried).toMatch(/previous answer could not be used/);
    expect(await itemRows(t, listId)).toEqual(before);
  });

  it('asks once more after an answer holding text no column can store (NUL, a lone surrogate), then answers 502 and caches nothing', async () => {
    const { owner, listId } = await listWith(['milk']);
    const before = await itemRows(t, listId);
    fake.script(
      { answer: { items: [{ index: 0, department: 'Dairy & Eggs', category: 'Mi\u0000lk', priority: 'high' }] } },
      { answer: { items: [{ index: 0, department: 'Dairy & Eggs', category: '\ud800', priority: 'high' }] } },
    );

    const response = await sort(owner.token, listId);

    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe('ai_bad_output');
    expect(JSON.stringify(fake.requests[1]!.body)).toMatch(/NUL character or an unpaired surrogate/);
    expect(await itemRows(t, listId)).toEqual(before);
    expect(await t.database.db.selectFrom('ai_answers').selectAll().execute()).toEqual([]);
  });

  it('takes the second answer when the first misses an item', async () => {
    const { owner, listId } = await listWith(['milk', 'apples']);
    fake.script({ answer: { items: [{ index: 0, department: 'Dairy & Eggs', category: 'Milk', priority: 'high' }] } });

    const response = await sort(owner.token, listId);

    expect(response.status).toBe(200);
    expect(fake.requests).toHaveLength(2);
    expect(JSON.stringify(fake.requests[1]!.body)).toMatch(/answer all 2 indexes/);
  });

  it('answers 503 when the API is over its quota (429), without retrying, and changes nothing', async () => {
    const { owner, listId } = await listWith(['milk']);
    fake.script({ status: 429, message: 'Resource has been exhausted' });
    const response = await sort(owner.token, listId);
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('ai_busy');
    expect(response.headers['retry-after']).toBe(String(AI_BUSY_RETRY_AFTER_S));
    expect(fake.requests).toHaveLength(1);
    expect(fromJson((await itemRows(t, listId))[0]!.properties)).toEqual({});
  });

  it.each([401, 403])("answers 502 ai_refused when the API refuses the server's key (%i), and changes nothing", async (status) => {
    const { owner, listId } = await listWith(['milk']);
    fake.script({ status, message: 'API key not valid' });
    const response = await sort(owner.token, listId);
    expect(response.status).toBe(502);
    expect(response.body.error).toEqual({ code: 'ai_refused', message: AI_MESSAGES.refused });
    expect(fake.requests).toHaveLength(1);
    expect(fromJson((await itemRows(t, listId))[0]!.properties)).toEqual({});
  });

  it('answers 502 when the API fails', async () => {
    const { owner, listId } = await listWith(['milk']);
    fake.script({ status: 500 });
    const response = await sort(owner.token, listId);
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe('ai_failed');
  });

  it('takes no new chunk of a long list once one has failed, so a failing API is not asked for answers thrown away', async () => {
    const { owner, listId } = await ownerWithList(t);
    await fillList(t, listId, 1_000); // 10 chunks, 3 asked at a time
    fake.script({ status: 500 }, ...Array.from({ length: 9 }, () => ({ delayMs: 200 })));
    const response = await sort(owner.token, listId);
    expect(response.status).toBe(502);
    // The two asked beside the failed one still answer; nothing after them is asked.
    await vi.waitFor(() => expect(fake.requests).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.requests).toHaveLength(3);
  });

  it('answers 502 to an answer larger than AI_ANSWER_MAX_BYTES, without reading it whole or asking again', async () => {
    const { owner, listId } = await listWith(['milk']);
    fake.script({ text: `{"items":[]}${' '.repeat(AI_ANSWER_MAX_BYTES)}` });
    const response = await sort(owner.token, listId);
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe('ai_failed');
    expect(fake.requests).toHaveLength(1);
    expect(fromJson((await itemRows(t, listId))[0]!.properties)).toEqual({});
  });

  it('stores what the model says as names are stored: no control character, no direction override', async () => {
    const { owner, listId } = await listWith(['milk']);
    const odd = '\u202Egpj.exe\u202C Dairy\u0007\u001b[31m\r\nX ';
    fake.script({ answer: { items: [{ index: 0, department: 'Dairy & Eggs', category: odd, priority: 'low' }] } });
    expect((await sort(owner.token, listId)).status).toBe(200);
    const { category } = fromJson((await itemRows(t, listId))[0]!.properties) as { category: string };
    expect(category).toBe(trimUnseen(odd));
    expect(category).not.toMatch(/[\u202A-\u202E\p{Cc}]/u);
  });

  it('answers 504 when the API does not answer in time', async () => {
    const { owner, listId } = await listWith(['milk']);
    fake.script({ hang: true });
    const response = await sort(owner.token, listId);
    expect(response.status).toBe(504);
    expect(response.body.error.code).toBe('ai_timeout');
    expect(fromJson((await itemRows(t, listId))[0]!.properties)).toEqual({});
  });

  it('translates an item into name_{language}, and a second item of the same name from the cache', async () => {
    const { owner, listId } = await listWith(['milk']);
    const other = await insertList(t, owner.user.id);
    const [milk] = await addItems(t, owner.token, other, ['Milk']);
    const [first] = (await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: owner.token })).body.items;

    const translate = (list: string, itemId: string) =>
      t.request({ method: 'POST', path: `/lists/${list}/items/${itemId}/properties`, token: owner.token, body: { action: 'translate', language: 'fr' } });
    const response = await translate(listId, first.id);
    expect(response.status).toBe(200);
    expect(response.body.properties.name_fr).toBe('milk (fr)');
    expect(JSON.stringify(fake.requests[0]!.body)).toMatch(/French \(fr\)/);

    expect((await translate(other, milk!.id)).body.properties.name_fr).toBe('milk (fr)');
    expect(fake.requests).toHaveLength(1);
  });

  it("answers 409 and writes nothing when the item is renamed while the model works on its old name", async () => {
    const { owner, listId } = await listWith(['apple']);
    const [apple] = (await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: owner.token })).body.items;
    fake.script({ delayMs: 400 });
    const translating = t.request({
      method: 'POST',
      path: `/lists/${listId}/items/${apple.id}/properties`,
      token: owner.token,
      body: { action: 'translate', language: 'fr' },
    });
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    const rename = await t.request({ method: 'PUT', path: `/lists/${listId}/items/${apple.id}`, token: owner.token, body: { content: 'pear', properties: {} } });
    expect(rename.status).toBe(200);

    const response = await translating;
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({ code: 'conflict', message: AI_MESSAGES.renamedMeanwhile });
    const [row] = await itemRows(t, listId);
    expect(row!.content).toBe('pear');
    expect(fromJson(row!.properties)).toEqual({});
  });

  it('runs every custom prompt over the items and answers the updated items', async () => {
    const { owner, listId } = await listWith(['milk', 'apples']);
    await t.request({ method: 'PUT', path: `/lists/${listId}/custom-prompts`, token: owner.token, body: { custom_prompts: ['Add a note', 'Add calories'] } });
    fake.script({ answer: { items: [{ index: 0, properties: [{ key: 'note', value: 'cold' }] }] } }, {
      // Keys are made snake_case; what cannot be a key is dropped.
      answer: { items: [{ index: 1, properties: [{ key: 'Calories', value: '52 per 100 g' }, { key: '!!!', value: 'x' }] }] },
    });

    const response = await t.request({ method: 'POST', path: `/lists/${listId}/process-items`, token: owner.token });

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const updated = Object.fromEntries(response.body.updatedItems.map((item: { content: string; properties: object }) => [item.content, item.properties]));
    expect(updated).toEqual({ milk: { note: 'cold' }, apples: { calories: '52 per 100 g' } });
    // A model runs any prompt: none is skipped.
    expect(response.body.skippedPrompts).toEqual([]);
    expect(fake.requests).toHaveLength(2);
    expect(JSON.stringify(fake.requests[1]!.body)).toMatch(/Add calories/);
  });

  it('says whether Standard and Expensive pick two models: with Gemini, not with one OpenAI-compatible model', async () => {
    const { owner } = await ownerWithList(t);
    const response = await t.request({ method: 'GET', path: '/ai', token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ provider: api, model_choice: api === 'gemini' });
  });

  it('sends the photo with the request and answers the items the model read', async () => {
    const { owner, listId } = await ownerWithList(t);
    const response = await t.request({ method: 'POST', path: `/lists/${listId}/items/photo`, token: owner.token, body: { photoData: await photoData() } });

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.items).toEqual([{ content: '2 bottles milk' }, { content: 'eggs' }]);
    const body = fake.requests[0]!.body;
    if (api === 'gemini') {
      expect(body.contents[0].parts[1].inlineData.mimeType).toBe('image/jpeg');
      expect(body.contents[0].parts[1].inlineData.data.length).toBeGreaterThan(100);
    } else {
      expect(body.messages[1].content[1].image_url.url).toMatch(/^data:image\/jpeg;base64,/);
    }
    expect(await itemRows(t, listId)).toEqual([]);
  });

  it('answers each name the model read from a photo once', async () => {
    const { owner, listId } = await ownerWithList(t);
    fake.script({ answer: { items: ['eggs', 'Eggs', 'eggs ', 'milk'] } });
    const response = await t.request({ method: 'POST', path: `/lists/${listId}/items/photo`, token: owner.token, body: { photoData: await photoData() } });
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([{ content: 'eggs' }, { content: 'milk' }]);
  });
});
