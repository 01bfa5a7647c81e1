import { describe, expect, it } from 'vitest';
import { ITEM_PROPERTIES_MAX_BYTES } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { fromJson, toJson } from '../db/values.ts';
import { createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { addItems, ownerWithList } from '../test/items.ts';

/**
 * Properties set on an item come back on the next item of the same name, for the same user. Each
 * new item goes on a list of its own: on the same list, a second "milk" is a duplicate and is not
 * added (common/item-duplicates.ts).
 */
const t = useTestApp();

const newListOf = (user: { user: { id: string } }) => insertList(t, user.user.id);

/** What is remembered for the user, as stored. */
async function remembered(userId: string) {
  const rows = await t.database.db.selectFrom('item_properties').select(['name_key', 'properties']).where('user_id', '=', userId).execute();
  return rows.map((row) => ({ name_key: row.name_key, properties: fromJson(row.properties) }));
}

async function setProperties(token: string, listId: string, itemId: string, properties: Record<string, unknown>) {
  const response = await t.request({ method: 'PUT', path: `/lists/${listId}/items/${itemId}`, token, body: { properties } });
  expect(response.status).toBe(200);
}

describe('property memory', () => {
  it('is left out when it and the quantity typed would pass the size limit together; a rename that would is refused', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [milk] = await addItems(t, owner.token, listId, ['milk']);
    const note = 'x'.repeat(ITEM_PROPERTIES_MAX_BYTES - 20);
    await setProperties(owner.token, listId, milk!.id, { note });
    const quantity = '9'.repeat(450);

    const [added] = await addItems(t, owner.token, await newListOf(owner), [`${quantity} cans milk`]);
    expect(added!.properties).toEqual({ qty: `${quantity} cans` });

    const rename = await t.request({ method: 'PUT', path: `/lists/${listId}/items/${milk!.id}`, token: owner.token, body: { content: `${quantity} cans milk` } });
    expect(rename.status).toBe(400);
    expect(rename.body.error.message).toBe(SERVER_MESSAGES.itemPropertiesTooLarge);
    const [row] = await t.database.db.selectFrom('items').select(['content', 'properties']).where('id', '=', milk!.id).execute();
    expect({ content: row!.content, properties: fromJson(row!.properties) }).toEqual({ content: 'milk', properties: { note } });
  });

  it('starts a new item of the same name from the properties last set, on any list of the user', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [milk] = await addItems(t, owner.token, listId, ['Milk']);
    await setProperties(owner.token, listId, milk!.id, { department: 'Dairy', brand: 'Acme' });

    const [again] = await addItems(t, owner.token, await newListOf(owner), ['milk']);
    const [plural] = await addItems(t, owner.token, await newListOf(owner), ['  MILK ']);
    expect(again!.properties).toEqual({ department: 'Dairy', brand: 'Acme' });
    expect(plural!.properties).toEqual({ department: 'Dairy', brand: 'Acme' });
  });

  it('never re-applies a quantity: a plain name gets none, a typed one is what was typed', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [milk] = await addItems(t, owner.token, listId, ['milk']);
    await setProperties(owner.token, listId, milk!.id, { department: 'Dairy', qty: '2 gallons', quantity: '2' });

    const [plain] = await addItems(t, owner.token, await newListOf(owner), ['milk']);
    const [counted] = await addItems(t, owner.token, await newListOf(owner), ['3 milk']);
    expect(plain!.properties).toEqual({ department: 'Dairy' });
    expect(counted!.properties).toEqual({ department: 'Dairy', qty: '3' });
    const other = await newListOf(owner);
    const single = await t.request({ method: 'POST', path: `/lists/${other}/items`, token: owner.token, body: { content: 'milk' } });
    expect(single.body.properties).toEqual({ department: 'Dairy' });
  });

  it('does not keep a quantity in memory, and forgets a name set to a quantity only', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [eggs] = await addItems(t, owner.token, listId, ['eggs']);
    await setProperties(owner.token, listId, eggs!.id, { department: 'Dairy', qty: '12' });
    expect(await remembered(owner.user.id)).toEqual([{ name_key: 'egg', properties: { department: 'Dairy' } }]);

    await setProperties(owner.token, listId, eggs!.id, { qty: '6' });
    expect(await remembered(owner.user.id)).toEqual([]);
  });

  it('leaves out a quantity kept in memory before quantities were left out', async () => {
    const { owner, listId } = await ownerWithList(t);
    await t.database.db
      .insertInto('item_properties')
      .values({
        user_id: owner.user.id,
        name_key: 'flour',
        properties: toJson({ qty: '1 bag', department: 'Baking' }),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const [flour] = await addItems(t, owner.token, listId, ['flour']);
    expect(flour!.properties).toEqual({ department: 'Baking' });
  });

  it('lets a typed quantity win over a remembered one', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [eggs] = await addItems(t, owner.token, listId, ['eggs']);
    await setProperties(owner.token, listId, eggs!.id, { department: 'Dairy', qty: '12' });
    const other = await newListOf(owner);
    const single = await t.request({ method: 'POST', path: `/lists/${other}/items`, token: owner.token, body: { content: '6 eggs' } });
    expect(single.body.properties).toEqual({ department: 'Dairy', qty: '6' });
  });

  it('matches singular and plural as the parser normalises them', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [apples] = await addItems(t, owner.token, listId, ['apples']);
    await setProperties(owner.token, listId, apples!.id, { department: 'Produce' });
    const [apple] = await addItems(t, owner.token, await newListOf(owner), ['apple']);
    expect(apple!.properties).toEqual({ department: 'Produce' });
  });

  it('belongs to one user: another member adding the same name starts empty', async () => {
    const member = await createUser(t);
    const owner = await createUser(t);
    const listId = await insertList(t, owner.user.id, { shares: [{ userId: member.user.id, email: member.email, permission: 'edit' }] });
    const [bread] = await addItems(t, owner.token, listId, ['bread']);
    await setProperties(owner.token, listId, bread!.id, { department: 'Bakery' });
    const [theirs] = await addItems(t, member.token, await newListOf(member), ['bread']);
    expect(theirs!.properties).toEqual({});
  });

  it('applies to a rename with {content, properties: {}}, without the remembered quantity', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [butter, other] = await addItems(t, owner.token, listId, ['butter', 'marge']);
    await setProperties(owner.token, listId, butter!.id, { department: 'Dairy', qty: '1 pack' });
    const rename = (content: string) =>
      t.request({ method: 'PUT', path: `/lists/${listId}/items/${other!.id}`, token: owner.token, body: { content, properties: {} } });
    expect((await rename('2 butter')).body.properties).toEqual({ department: 'Dairy', qty: '2' });
    expect((await rename('butter')).body.properties).toEqual({ department: 'Dairy' });
  });

  it('forgets a name whose properties were cleared', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [rice] = await addItems(t, owner.token, listId, ['rice']);
    await setProperties(owner.token, listId, rice!.id, { department: 'Pantry' });
    await setProperties(owner.token, listId, rice!.id, {});
    const [again] = await addItems(t, owner.token, await newListOf(owner), ['rice']);
    expect(again!.properties).toEqual({});
  });

  it('is not changed by checking an item off or by adding one', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [tea] = await addItems(t, owner.token, listId, ['2 boxes tea']);
    await t.request({ method: 'PUT', path: `/lists/${listId}/items/${tea!.id}`, token: owner.token, body: { is_completed: true } });
    const rows = await t.database.db.selectFrom('item_properties').selectAll().where('user_id', '=', owner.user.id).execute();
    expect(rows).toEqual([]);
  });
});
