import { describe, expect, it } from 'vitest';
import { ALEXA_SPEECH, ALEXA_SPEECH_MAX_CHARS, SPOKEN_ECHO_MAX_CHARS } from '../../common/alexa.ts';
import { ITEM_BATCH_MAX, ITEM_CONTENT_MAX_LENGTH, LIST_NAME_MAX_LENGTH } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { TEST_ALEXA } from '../test/oauth-linking.ts';
import { call } from '../test/live.ts';
import { useTestApp } from '../test/test-app.ts';
import { INTENTS } from './skill.ts';
import { CERTIFICATE_URL, intent, makeSigningCertificate, skillTestKit, speechOf } from '../test/alexa-skill.ts';
import { ssmlText } from './spoken.ts';

/** What the skill says and does when lists hold long or odd things, or the user says a lot (sweep 13). */
const certificate = makeSigningCertificate();
const t = useTestApp({ config: { alexa: TEST_ALEXA }, alexaCertificates: { [CERTIFICATE_URL]: certificate.pem } });
const { ask, linkedUser, listWith } = skillTestKit(t, certificate);

/** Alexa's own limit: an outputSpeech over this many characters of SSML is refused. */
const ALEXA_OUTPUT_SPEECH_LIMIT = 8_000;

const ssmlOf = (answer: { body: { response: { outputSpeech: { ssml: string } } } }) => answer.body.response.outputSpeech.ssml;

/** Names of one length, told apart by their first word, of "&"s, which SSML spells "&amp;": five times as long. */
const ampersands = (count: number, length: number) =>
  Array.from({ length: count }, (_, i) => `n${i} ${'&'.repeat(length - `n${i} `.length)}`);

const itemCount = async (listId: string) =>
  Number((await t.database.db.selectFrom('items').select((eb) => eb.fn.countAll().as('n')).where('list_id', '=', listId).executeTakeFirstOrThrow()).n);

describe("what the skill says fits in Alexa's outputSpeech", () => {
  it('"what\'s on" a list of long names reads as many as fit, then "and N more"', async () => {
    const user = await linkedUser();
    const names = ampersands(25, ITEM_CONTENT_MAX_LENGTH);
    await listWith(user, 'Garage', names);
    const answer = await ask(intent(INTENTS.readList, { list: 'garage' }), { accessToken: user.accessToken });
    expect(ssmlOf(answer).length).toBeLessThanOrEqual(ALEXA_OUTPUT_SPEECH_LIMIT);
    const said = names.filter((name) => speechOf(answer).includes(name)).length;
    expect(said).toBeGreaterThan(0);
    const saying = (count: number) => ALEXA_SPEECH.listItems('Garage', 25, `${names.slice(0, count).join(', ')}, ${ALEXA_SPEECH.andMore(25 - count)}`);
    expect(speechOf(answer)).toBe(saying(said));
    // As many as fit: one more would not have.
    expect(ssmlText(saying(said + 1)).length).toBeGreaterThan(ALEXA_SPEECH_MAX_CHARS);
  });

  it('a list not found: what the user said is cut short, and the lists named are as many as fit', async () => {
    const user = await linkedUser();
    for (const name of ampersands(10, LIST_NAME_MAX_LENGTH)) await listWith(user, name);
    const spoken = 'garden shed '.repeat(20_000);
    const answer = await ask(intent(INTENTS.readList, { list: spoken }), { accessToken: user.accessToken });
    expect(ssmlOf(answer).length).toBeLessThanOrEqual(ALEXA_OUTPUT_SPEECH_LIMIT);
    const echo = spoken.slice(0, SPOKEN_ECHO_MAX_CHARS).trimEnd();
    expect(speechOf(answer)).toMatch(new RegExp(`^I couldn't find a list called ${echo}\\. Your lists are: n9 &+, .*, and \\d+ more\\.$`));
  });
});

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
    expect(speechOf(answer)).toBe(ALEXA_SPEECH.listItems('Props', 5, 'milk, eggs, bread, 3 jars jam and 2 tea'));
  });
});

describe('what the skill says is well-formed SSML, whatever the names hold', () => {
  /** What XML 1.0 forbids in text: Alexa refuses an outputSpeech holding one. */
  const NOT_XML_TEXT = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

  it('says a space for each character XML cannot hold, in names, quantities and echoes, and escapes names once', async () => {
    const user = await linkedUser();
    const listId = await listWith(user, 'Odd', ['a\uFFFEb', 'AT&amp;T', 'milk']);
    const { items } = await call(t, user.token, 'GET', `/lists/${listId}/items`);
    await call(t, user.token, 'PUT', `/lists/${listId}/items/${items[2].id}`, { properties: { qty: '2\u0007' } });
    const read = await ask(intent(INTENTS.readList, { list: 'odd' }), { accessToken: user.accessToken });
    expect(ssmlOf(read)).not.toMatch(NOT_XML_TEXT);
    expect(speechOf(read)).toBe(ALEXA_SPEECH.listItems('Odd', 3, 'a b, AT&amp;T and 2  milk'));
    const missed = await ask(intent(INTENTS.checkOffItem, { item: 'bre\u0001ad' }), { accessToken: user.accessToken });
    expect(ssmlOf(missed)).not.toMatch(NOT_XML_TEXT);
    expect(speechOf(missed)).toBe(ALEXA_SPEECH.itemNotFound('bre ad'));
  });

  it('leaves out a quantity too long to say, so the answer stays within the limit', async () => {
    const user = await linkedUser();
    const listId = await listWith(user, 'Long', ['milk']);
    const { items } = await call(t, user.token, 'GET', `/lists/${listId}/items`);
    await call(t, user.token, 'PUT', `/lists/${listId}/items/${items[0].id}`, { properties: { qty: '&'.repeat(9_000) } });
    const read = await ask(intent(INTENTS.readList, { list: 'long' }), { accessToken: user.accessToken });
    expect(ssmlOf(read).length).toBeLessThanOrEqual(ALEXA_OUTPUT_SPEECH_LIMIT);
    expect(speechOf(read)).toBe(ALEXA_SPEECH.listItems('Long', 1, 'milk'));
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
