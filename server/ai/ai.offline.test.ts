import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AI_DEPARTMENTS, AI_MESSAGES } from '../../common/ai.ts';
import { ITEM_PROPERTIES_MAX_BYTES } from '../../common/constants.ts';
import { IMAGE_MAX_PIXELS } from '../../common/images.ts';
import { MESSAGES } from '../../common/messages.ts';
import { addItems, itemRows, ownerWithList } from '../test/items.ts';
import { insertItems } from '../items/items.queries.ts';
import { TestSocket, waitUntil } from '../test/live.ts';
import { createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { fromJson } from '../db/values.ts';
import { useTestApp } from '../test/test-app.ts';

/** The AI calls with the built-in offline assistant (the default provider), through the real HTTP stack. */

const t = useTestApp();

type Item = { id: string; content: string; position: number; properties: Record<string, unknown> };

/** A week's shopping, 60 entries as typed, with the department each belongs in. */
const GROCERIES: [string, string][] = [
  ['bananas', 'Produce'], ['apples', 'Produce'], ['baby spinach', 'Produce'], ['red onions', 'Produce'],
  ['garlic', 'Produce'], ['3 avocados', 'Produce'], ['cherry tomatoes', 'Produce'], ['lemons', 'Produce'],
  ['sourdough bread', 'Bakery'], ['bagels', 'Bakery'], ['croissants', 'Bakery'], ['hamburger buns', 'Bakery'],
  ['sliced turkey', 'Deli'], ['salami', 'Deli'], ['hummus', 'Deli'],
  ['chicken breasts', 'Meat & Seafood'], ['1 lb ground beef', 'Meat & Seafood'], ['bacon', 'Meat & Seafood'], ['salmon fillets', 'Meat & Seafood'],
  ['2 cans diced tomatoes', 'Canned & Jarred'], ['black beans', 'Canned & Jarred'], ['chicken broth', 'Canned & Jarred'], ['tuna', 'Canned & Jarred'],
  ['spaghetti', 'Pasta, Rice & Grains'], ['basmati rice', 'Pasta, Rice & Grains'], ['lentils', 'Pasta, Rice & Grains'],
  ['flour', 'Baking & Spices'], ['brown sugar', 'Baking & Spices'], ['baking powder', 'Baking & Spices'], ['cinnamon', 'Baking & Spices'],
  ['extra virgin olive oil', 'Condiments & Sauces'], ['ketchup', 'Condiments & Sauces'], ['soy sauce', 'Condiments & Sauces'], ['balsamic vinegar', 'Condiments & Sauces'],
  ['oatmeal', 'Breakfast & Cereal'], ['peanut butter', 'Breakfast & Cereal'], ['honey', 'Breakfast & Cereal'], ['maple syrup', 'Breakfast & Cereal'],
  ['tortilla chips', 'Snacks & Sweets'], ['dark chocolate', 'Snacks & Sweets'], ['granola bars', 'Snacks & Sweets'],
  ['orange juice', 'Beverages'], ['sparkling water', 'Beverages'], ['coffee beans', 'Beverages'],
  ['paper towels', 'Household'], ['dish soap', 'Household'], ['trash bags', 'Household'],
  ['toothpaste', 'Personal Care'], ['shampoo', 'Personal Care'], ['deodorant', 'Personal Care'],
  ['diapers', 'Baby'], ['cat food', 'Pet'],
  ['2% milk', 'Dairy & Eggs'], ['greek yogurt', 'Dairy & Eggs'], ['cheddar cheese', 'Dairy & Eggs'], ['butter', 'Dairy & Eggs'], ['a dozen eggs', 'Dairy & Eggs'],
  ['frozen peas', 'Frozen'], ['vanilla ice cream', 'Frozen'], ['frozen pizza', 'Frozen'],
];

const post = (token: string, path: string, body?: unknown) => t.request({ method: 'POST', path, token, body });
const sort = (token: string, listId: string, prompt: string) => post(token, `/lists/${listId}/sort`, { prompt });
const itemsOf = async (token: string, listId: string): Promise<Item[]> =>
  (await t.request({ method: 'GET', path: `/lists/${listId}/items`, token })).body.items;

describe('POST /lists/{id}/sort', () => {
  it('puts a 60-item grocery list into its departments, in the order a shopper walks the store', async () => {
    const { owner, listId } = await ownerWithList(t);
    await t.request({
      method: 'POST',
      path: `/lists/${listId}/items/batch`,
      token: owner.token,
      body: { items: [...GROCERIES].reverse().map(([content]) => ({ content })) },
    });

    const response = await sort(owner.token, listId, 'department');

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const items: Item[] = response.body.items;
    expect(items).toHaveLength(60);
    const expected = new Map(GROCERIES.map(([typed, department]) => [typed.replace(/^(?:\d+ (?:lb |cans )?)/, ''), department]));
    const wrong = items.filter((item) => item.properties.department !== expected.get(item.content));
    expect(wrong.map((item) => `${item.content}: ${String(item.properties.department)}`)).toEqual([]);
    const walk = items.map((item) => AI_DEPARTMENTS.indexOf(item.properties.department as never));
    expect(walk).toEqual([...walk].sort((a, b) => a - b));
    expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index));
    expect(items.find((item) => item.content === 'avocados')!.properties).toMatchObject({ qty: '3', category: 'Fruit' });
  });

  it('orders by priority, by category, and smart (the route through the store, like things together)', async () => {
    const { owner, listId } = await ownerWithList(t);
    await addItems(t, owner.token, listId, ['chocolate', 'cheddar', 'toilet paper', 'apples', 'milk', 'mozzarella']);

    const byPriority = (await sort(owner.token, listId, 'priority')).body.items as Item[];
    expect(byPriority.map((item) => item.properties.priority)).toEqual(['high', 'high', 'medium', 'medium', 'medium', 'low']);
    expect(byPriority.at(-1)!.content).toBe('chocolate');

    const byCategory = (await sort(owner.token, listId, 'category')).body.items as Item[];
    expect(byCategory.map((item) => item.properties.category)).toEqual(['Candy & Chocolate', 'Cheese', 'Cheese', 'Fruit', 'Milk & Cream', 'Paper Goods']);

    const smart = (await sort(owner.token, listId, 'smart')).body.items as Item[];
    expect(smart.map((item) => item.content)).toEqual(['apples', 'chocolate', 'toilet paper', 'cheddar', 'mozzarella', 'milk']);
    expect((await itemsOf(owner.token, listId)).map((item) => item.content)).toEqual(smart.map((item) => item.content));
  });

  it('keeps what a user set by hand, and remembers a correction for the next list', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [tofu, cake] = await addItems(t, owner.token, listId, ['tofu', 'cake']);
    // A correction: this user buys tofu at the bakery's counter.
    await t.request({ method: 'PUT', path: `/lists/${listId}/items/${tofu!.id}`, token: owner.token, body: { properties: { department: 'Bakery' } } });
    await t.request({ method: 'PUT', path: `/lists/${listId}/items/${cake!.id}`, token: owner.token, body: { properties: { department: 'Aisle 5' } } });
    await sort(owner.token, listId, 'department');
    const items = await itemsOf(owner.token, listId);
    expect(items.map((item) => [item.content, item.properties.department])).toEqual([['tofu', 'Bakery'], ['cake', 'Aisle 5']]);

    const other = await insertList(t, owner.user.id);
    await insertItems(t.database.db, [{
      id: crypto.randomUUID(), list_id: other, content: 'Tofu', is_completed: false, position: 0, properties: '{}',
      images: null, created_by: owner.user.id, created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
    }]);
    const [sorted] = (await sort(owner.token, other, 'department')).body.items as Item[];
    expect(sorted!.properties.department).toBe('Bakery');
  });

  it('sorts the list when an item is too full for more properties: that item keeps what it has', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [full] = await addItems(t, owner.token, listId, ['milk', 'bananas']);
    const note = 'x'.repeat(ITEM_PROPERTIES_MAX_BYTES - 20);
    await t.request({ method: 'PUT', path: `/lists/${listId}/items/${full!.id}`, token: owner.token, body: { properties: { note } } });
    const response = await sort(owner.token, listId, 'department');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const items = await itemsOf(owner.token, listId);
    expect(items.map((item) => [item.content, item.properties.department ?? null])).toEqual([['bananas', 'Produce'], ['milk', null]]);
    expect(items[1]!.properties).toEqual({ note });
  });

  it('reaches every member live, in the same order', async () => {
    const { owner, listId } = await ownerWithList(t);
    const member = await createUser(t);
    await t.database.db.insertInto('list_shares').values({
      list_id: listId, user_id: member.user.id, email: member.email, permission: 'edit', status: 'accepted',
      shared_by: owner.user.id, created_at: new Date().toISOString(),
    }).execute();
    await addItems(t, owner.token, listId, ['ice cream', 'bread', 'apples']);
    const socket = await TestSocket.open(t, member.token);
    try {
      await socket.subscribe('items', 'items', { listId });
      const response = await sort(member.token, listId, 'department');
      expect(response.status).toBe(200);
      const live = await waitUntil(() => {
        const docs = [...socket.state('items').values()] as Item[];
        return docs.length === 3 && docs.every((doc) => typeof doc.properties.department === 'string') ? docs : undefined;
      }, 'the sorted items');
      expect([...live].sort((a, b) => a.position - b.position).map((doc) => doc.content)).toEqual(['apples', 'bread', 'ice cream']);
    } finally {
      socket.close();
    }
  });

  it('answers a view member 403 and a stranger 404, and changes nothing', async () => {
    const { owner, listId } = await ownerWithList(t);
    await addItems(t, owner.token, listId, ['milk', 'apples']);
    const viewer = await createUser(t);
    await t.database.db.insertInto('list_shares').values({
      list_id: listId, user_id: viewer.user.id, email: viewer.email, permission: 'view', status: 'accepted',
      shared_by: owner.user.id, created_at: new Date().toISOString(),
    }).execute();
    const stranger = await createUser(t);
    const before = await itemRows(t, listId);

    expect((await sort(viewer.token, listId, 'department')).status).toBe(403);
    expect((await sort(stranger.token, listId, 'department')).status).toBe(404);
    expect(await itemRows(t, listId)).toEqual(before);
  });

  it('refuses an unknown kind or provider with 400', async () => {
    const { owner, listId } = await ownerWithList(t);
    const badKind = await sort(owner.token, listId, 'alphabetical');
    expect(badKind.status).toBe(400);
    expect(badKind.body.error.message).toMatch(/Sort kind must be one of smart, department, category, priority/);
    const badProvider = await post(owner.token, `/lists/${listId}/sort`, { provider: 'gpt-9' });
    expect(badProvider.status).toBe(400);
  });
});

describe('POST /lists/{id}/items/{itemId}/properties', () => {
  it('translates into name_{language} from the built-in dictionary', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [milk, apples] = await addItems(t, owner.token, listId, ['Milk', '3 apples']);
    const translate = (id: string, language: string) =>
      post(owner.token, `/lists/${listId}/items/${id}/properties`, { action: 'translate', language });

    expect((await translate(milk!.id, 'de')).body.properties).toEqual({ name_de: 'Milch' });
    expect((await translate(milk!.id, 'FR')).body.properties).toEqual({ name_de: 'Milch', name_fr: 'Lait' });
    expect((await translate(apples!.id, 'es')).body.properties).toEqual({ qty: '3', name_es: 'manzanas' });
  });

  it('answers 422 for a name it does not know, 501 for a language it does not speak, 400 for a bad code', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [widget] = await addItems(t, owner.token, listId, ['flux capacitor']);
    const translate = (language: unknown) =>
      post(owner.token, `/lists/${listId}/items/${widget!.id}/properties`, { action: 'translate', language });

    const unknown = await translate('fr');
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toEqual({ code: 'ai_unknown_item', message: AI_MESSAGES.offlineUnknownItem('flux capacitor', 'French') });
    const japanese = await translate('ja');
    expect(japanese.status).toBe(501);
    expect(japanese.body.error.message).toMatch(/^No AI model is configured on this server, .*Japanese/);
    // Not even shaped like a language tag: the fuzzer's byte-order mark (trimmed to nothing) and others.
    for (const code of ['french', 'zz', '\uFEFF', '', 'x!', 'f r']) {
      expect((await translate(code)).body.error).toEqual({ code: 'invalid_input', message: AI_MESSAGES.invalidLanguage });
    }
    expect(fromJson((await itemRows(t, listId))[0]!.properties)).toEqual({});
  });

  it('adds department, category and priority, or the ones asked for; other names need a model (501)', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [cheese] = await addItems(t, owner.token, listId, ['gouda']);
    const add = (properties?: string[]) =>
      post(owner.token, `/lists/${listId}/items/${cheese!.id}/properties`, { action: 'add_properties', properties });

    expect((await add(['priority'])).body.properties).toEqual({ priority: 'medium' });
    expect((await add()).body.properties).toEqual({ department: 'Dairy & Eggs', category: 'Cheese', priority: 'medium' });
    const calories = await add(['calories']);
    expect(calories.status).toBe(501);
    expect((await add(['Bad Name'])).status).toBe(400);
  });

  it('answers 404 for an item of another list', async () => {
    const { owner, listId } = await ownerWithList(t);
    const other = await insertList(t, owner.user.id);
    const [item] = await addItems(t, owner.token, other, ['milk']);
    const response = await post(owner.token, `/lists/${listId}/items/${item!.id}/properties`, { action: 'add_properties' });
    expect(response.status).toBe(404);
  });
});

describe('POST /lists/{id}/items/{itemId}/reprocess', () => {
  it('classifies the item afresh, e.g. after a rename', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [item] = await addItems(t, owner.token, listId, ['milk']);
    await sort(owner.token, listId, 'department');
    await t.request({ method: 'PUT', path: `/lists/${listId}/items/${item!.id}`, token: owner.token, body: { content: 'apples' } });

    const response = await post(owner.token, `/lists/${listId}/items/${item!.id}/reprocess`);

    expect(response.status).toBe(200);
    expect(response.body.properties).toEqual({ department: 'Produce', category: 'Fruit', priority: 'medium' });
  });
});

describe('POST /lists/{id}/process-items', () => {
  it('refuses a list without items, or without prompts, with their messages', async () => {
    const empty = await ownerWithList(t, { custom_prompts: ['Group by aisle'] });
    const noItems = await post(empty.owner.token, `/lists/${empty.listId}/process-items`);
    expect(noItems.status).toBe(400);
    expect(noItems.body.error).toEqual({ code: 'no_items', message: MESSAGES.customPromptsNoItems });

    const { owner, listId } = await ownerWithList(t);
    await addItems(t, owner.token, listId, ['milk']);
    const noPrompts = await post(owner.token, `/lists/${listId}/process-items`, {});
    expect(noPrompts.status).toBe(400);
    expect(noPrompts.body.error).toEqual({ code: 'no_prompts', message: MESSAGES.customPromptsNoPrompts });
  });

  it("keeps the user's own corrections, as the other AI calls do (sweep 15 #1)", async () => {
    const { owner, listId } = await ownerWithList(t, { custom_prompts: ['Set priorities', 'Add the department'] });
    const [milk] = await addItems(t, owner.token, listId, ['milk', 'bananas']);
    await t.request({ method: 'PUT', path: `/lists/${listId}/items/${milk!.id}`, token: owner.token, body: { properties: { priority: 'low', department: 'Frozen' } } });

    const response = await post(owner.token, `/lists/${listId}/process-items`);

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const items = Object.fromEntries((await itemsOf(owner.token, listId)).map((item) => [item.content, item.properties]));
    expect(items).toEqual({ milk: { priority: 'low', department: 'Frozen' }, bananas: { priority: 'medium', department: 'Produce' } });
    expect((response.body.updatedItems as Item[]).map((item) => item.content)).toEqual(['bananas']);
  });

  it('runs the prompts it understands offline over every item and answers the updated items', async () => {
    const { owner, listId } = await ownerWithList(t, { custom_prompts: ['Group by aisle', 'Translate to French'] });
    await addItems(t, owner.token, listId, ['milk', 'bananas', 'flux capacitor']);

    const response = await post(owner.token, `/lists/${listId}/process-items`);

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const updated = Object.fromEntries((response.body.updatedItems as Item[]).map((item) => [item.content, item.properties]));
    expect(updated).toEqual({
      milk: { department: 'Dairy & Eggs', name_fr: 'lait' },
      bananas: { department: 'Produce', name_fr: 'bananes' },
      'flux capacitor': { department: 'Other' },
    });
    // Run again: nothing changes, nothing is answered as updated.
    expect((await post(owner.token, `/lists/${listId}/process-items`)).body.updatedItems).toEqual([]);
  });

  it('runs the prompts it understands and names the ones that need a model, which it skips', async () => {
    const prompts = ['Write a haiku about each item', 'Group by aisle', 'Rate how healthy each item is', 'Translate to French'];
    const { owner, listId } = await ownerWithList(t, { custom_prompts: prompts });
    await addItems(t, owner.token, listId, ['milk', 'bananas']);

    const response = await post(owner.token, `/lists/${listId}/process-items`);

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.skippedPrompts).toEqual(['Write a haiku about each item', 'Rate how healthy each item is']);
    const updated = Object.fromEntries((response.body.updatedItems as Item[]).map((item) => [item.content, item.properties]));
    expect(updated).toEqual({ milk: { department: 'Dairy & Eggs', name_fr: 'lait' }, bananas: { department: 'Produce', name_fr: 'bananes' } });
    expect((await itemRows(t, listId)).map((row) => fromJson(row.properties))).toEqual(Object.values(updated));
  });

  it('answers 501 naming every prompt when it can run none of them, and changes nothing', async () => {
    const { owner, listId } = await ownerWithList(t, { custom_prompts: ['Write a haiku about each item', 'Rate how healthy each item is'] });
    await addItems(t, owner.token, listId, ['milk']);
    const response = await post(owner.token, `/lists/${listId}/process-items`);
    expect(response.status).toBe(501);
    expect(response.body.error).toEqual({
      code: 'ai_not_configured',
      message: AI_MESSAGES.offlinePrompt('Write a haiku about each item', 'Rate how healthy each item is'),
    });
    expect(response.body.error.message).toMatch(/cannot run "Write a haiku about each item" and "Rate how healthy each item is": it understands/);
    expect(fromJson((await itemRows(t, listId))[0]!.properties)).toEqual({});
  });
});

describe('POST /lists/{id}/items/photo', () => {
  it('refuses what is not a photo: 400 not base64 or damaged, 415 not an image, 413 over 10 MB', async () => {
    const { owner, listId } = await ownerWithList(t);
    const photo = (photoData: unknown) => post(owner.token, `/lists/${listId}/items/photo`, { photoData });

    expect((await photo('data:image/jpeg;base64,***')).status).toBe(400);
    // "/" is base64 for no bytes at all (the fuzz test found it).
    expect((await photo('/')).body.error).toEqual({ code: 'unsupported_media_type', message: AI_MESSAGES.photoNotImage });
    expect((await photo(undefined)).body.error.message).toBe(AI_MESSAGES.photoRequired);
    const text = await photo(`data:image/jpeg;base64,${Buffer.from('milk, eggs and bread').toString('base64')}`);
    expect(text.status).toBe(415);
    expect(text.body.error).toEqual({ code: 'unsupported_media_type', message: AI_MESSAGES.photoNotImage });
    // sharp reads SVG, with its text: not a photo, and not a parser to feed a stranger's XML.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><text x="10" y="50" font-size="40">milk</text></svg>';
    const drawing = await photo(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`);
    expect(drawing.status).toBe(415);
    expect(drawing.body.error).toEqual({ code: 'unsupported_media_type', message: AI_MESSAGES.photoNotImage });
    // AVIF, which sharp reports as HEIF with AV1 inside, is a photo.
    const avif = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'white' } }).avif().toBuffer();
    expect((await photo(avif.toString('base64'))).status).not.toBe(415);
    // A JPEG cut short (an upload that broke off) is a damaged photo, not an unknown format (sweep 15 #3).
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: 'white' } }).jpeg().toBuffer();
    const cut = await photo(jpeg.subarray(0, jpeg.length / 2).toString('base64'));
    expect([cut.status, cut.body.error]).toEqual([400, { code: 'invalid_image', message: AI_MESSAGES.photoUnreadable }]);
    const huge = await photo(Buffer.alloc(10 * 1024 * 1024 + 16).toString('base64'));
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toBe(AI_MESSAGES.photoTooLarge);
  });

  it('refuses a photo whose header claims more than AI_PHOTO_MAX_PIXELS as too large, not as no image (413)', async () => {
    const { owner, listId } = await ownerWithList(t);
    // A 1 x 1 PNG whose header says 60,000 x 60,000 (3.6 gigapixels): a few dozen bytes.
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: 'black' } }).png().toBuffer();
    png.writeUInt32BE(60_000, 16);
    png.writeUInt32BE(60_000, 20);
    png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
    const response = await post(owner.token, `/lists/${listId}/items/photo`, { photoData: `data:image/png;base64,${png.toString('base64')}` });
    expect(response.status).toBe(413);
    expect(response.body.error).toEqual({ code: 'too_large', message: AI_MESSAGES.photoTooManyPixels });
  });

  it('refuses a photo over the pixels of an image on an item, so one photo works for both calls (413)', async () => {
    const { owner, listId } = await ownerWithList(t);
    // 10,000 x 6,000 of one colour: a few hundred KB of PNG, 60 megapixels.
    const png = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: 'white' } }).png().toBuffer();
    expect(10_000 * 6_000).toBeGreaterThan(IMAGE_MAX_PIXELS);
    const response = await post(owner.token, `/lists/${listId}/items/photo`, { photoData: `data:image/png;base64,${png.toString('base64')}` });
    expect(response.status).toBe(413);
    expect(response.body.error).toEqual({ code: 'too_large', message: AI_MESSAGES.photoTooManyPixels });
  });

  it('keeps the 1 MiB body limit on every other AI call', async () => {
    const { owner, listId } = await ownerWithList(t);
    const response = await post(owner.token, `/lists/${listId}/sort`, { prompt: 'x'.repeat(2 * 1024 * 1024) });
    expect(response.status).toBe(413);
  });
});
