import { describe, expect, it } from 'vitest';
import { ALEXA_SPEECH } from '../../common/alexa.ts';
import { ITEM_BATCH_MAX, ITEM_CONTENT_MAX_LENGTH } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { TEST_ALEXA } from '../oauth/linking-test-helpers.ts';
import { call } from '../realtime/live-test-helpers.ts';
import { useTestApp } from '../test/test-app.ts';
import { INTENTS } from './skill.ts';
import { CERTIFICATE_URL, intent, makeSigningCertificate, skillTestKit, speechOf } from './skill-test-helpers.ts';

/** What the skill says and does when lists hold long or odd things, or the user says a lot (sweep 13). */
const certificate = makeSigningCertificate();
const t = useTestApp({ config: { alexa: TEST_ALEXA }, alexaCertificates: { [CERTIFICATE_URL]: certificate.pem } });
const { ask, linkedUser, listWith } = skillTestKit(t, certificate);

const itemCount = async (listId: string) =>
  Number((await t.database.db.selectFrom('items').select((eb) => eb.fn.countAll().as('n')).where('list_id', '=', listId).executeTakeFirstOrThrow()).n);

describe('the skill reads a quantity', () => {
  it('from qty, else quantity, only when it is text or a number', async () => {
    const user = await linkedUser();
    const listId = await listWith(user, 'Props', ['milk', 'eggs', 'bread', 'jam', 'tea']);
    const { items } = await call(t, user.token, 'GET', `/lists/${listId}/items`);
    const properties = [{ qty: { a: 1 } }, { qty: [1, 2] }, { qty: true }, { quantity: '3 jars' }, { qty: 2 }];
    for (const [index, set] of properties.entries()) {
      await call(t, user.token, 'PUT', `/lists/${listId}/items/${items[index].id}`, { properties: set });
    }
    const answer = await ask(intent(INTENTS.readList, { list: 'props' }), { accessToken: user.accessToken });
    expect(speechOf(answer)).toBe(ALEXA_SPEECH.listItems('Props', 5, 'milk, eggs, bread, 3 jars jam and 2 tea', 0));
  });
});

describe('"add" splits what was said first, then holds each item to the limits', () => {
  it('many short items are added, however long the whole; too many, or one too long, is said in words', async () => {
    const user = await linkedUser();
    const listId = await listWith(user, 'Bin');
    const add = (item: string) => ask(intent(INTENTS.addItem, { item, list: 'bin' }), { accessToken: user.accessToken });

    const many = Array.from({ length: ITEM_BATCH_MAX }, (_, i) => `x${i}`);
    expect(many.join(', ').length).toBeGreaterThan(ITEM_CONTENT_MAX_LENGTH);
    const added = await add(many.join(', '));
    expect(speechOf(added)).toBe(ALEXA_SPEECH.added(`${many.slice(0, -1).join(', ')} and ${many.at(-1)}`, 'Bin'));
    expect(await itemCount(listId)).toBe(ITEM_BATCH_MAX);

    const tooMany = Array.from({ length: 3 * ITEM_BATCH_MAX }, (_, i) => `y${i}`).join(', ');
    expect(speechOf(await add(tooMany))).toBe(SERVER_MESSAGES.itemBatchTooLarge);
    expect(speechOf(await add(`milk, ${'z'.repeat(ITEM_CONTENT_MAX_LENGTH + 1)}`))).toBe(SERVER_MESSAGES.itemContentTooLong);
    expect(await itemCount(listId)).toBe(ITEM_BATCH_MAX);
  });
});
