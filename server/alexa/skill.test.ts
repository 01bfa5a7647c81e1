import { describe, expect, it } from 'vitest';
import { ALEXA_SERVER_MESSAGES, ALEXA_SPEECH } from '../../common/alexa.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { CLIENT_ID, TEST_ALEXA } from '../test/oauth-linking.ts';
import { call, TestSocket } from '../test/live.ts';
import { createUser } from '../test/factories.ts';
import { insertList, shareLists } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { BUILT_IN_INTENTS, INTENTS } from './skill.ts';
import {
  CERTIFICATE_URL,
  envelope,
  intent,
  makeSigningCertificate,
  postToSkill,
  sign,
  skillTestKit,
  speechOf,
} from '../test/alexa-skill.ts';
import { SKILL_TIMESTAMP_TOLERANCE_MS } from './skill-verifier.ts';
import { SPOKEN_ITEMS_MAX } from './voice-actions.ts';

const certificate = makeSigningCertificate();
const t = useTestApp({ config: { alexa: TEST_ALEXA }, alexaCertificates: { [CERTIFICATE_URL]: certificate.pem } });

const { ask, linkedUser, listWith, itemsOf } = skillTestKit(t, certificate);

describe('requests are taken only when Alexa signed them, just now, for this skill', () => {
  it('a signed request is answered', async () => {
    const user = await linkedUser();
    const answer = await ask({ type: 'LaunchRequest' }, { accessToken: user.accessToken });
    expect(answer.status).toBe(200);
    expect(speechOf(answer)).toBe(ALEXA_SPEECH.welcome);
  });

  it('unsigned, tampered, signed by another key, or with a made-up signature: 400, and nothing is done', async () => {
    const user = await linkedUser();
    const listId = await listWith(user, 'Groceries');
    const request = intent(INTENTS.addItem, { item: 'milk', list: 'groceries' });
    const body = JSON.stringify(envelope(request, { accessToken: user.accessToken, timestamp: t.clock.now }));
    const stranger = makeSigningCertificate();
    for (const [sent, signature] of [
      [body, null],
      [body.replace('milk', 'beer'), sign(body, certificate)],
      [body, sign(body, stranger)],
      [body, 'bm90IGEgc2lnbmF0dXJl'],
    ] as const) {
      const answer = await postToSkill(t, sent, certificate, { signature });
      expect(answer).toMatchObject({ status: 400, body: { error: { code: 'invalid_signature', message: ALEXA_SERVER_MESSAGES.signatureInvalid } } });
    }
    expect(await itemsOf(user, listId)).toEqual([]);
  });

  it(`a request older or newer than ${SKILL_TIMESTAMP_TOLERANCE_MS / 1000} s: 400`, async () => {
    const user = await linkedUser();
    // ask-sdk's own check reads the real clock: the app's is set to it, or a file slower than 10 s
    // since the app started would see the request 10 s inside the window refused as too old.
    t.clock.now = new Date();
    const at = (offsetMs: number) => new Date(t.clock.now.getTime() + offsetMs);
    for (const offset of [-SKILL_TIMESTAMP_TOLERANCE_MS - 5_000, SKILL_TIMESTAMP_TOLERANCE_MS + 5_000]) {
      const answer = await ask({ type: 'LaunchRequest' }, { accessToken: user.accessToken, timestamp: at(offset) });
      expect(answer).toMatchObject({ status: 400, body: { error: { code: 'invalid_timestamp' } } });
    }
    const late = await ask({ type: 'LaunchRequest' }, { accessToken: user.accessToken, timestamp: at(-SKILL_TIMESTAMP_TOLERANCE_MS + 10_000) });
    expect(late.status).toBe(200);
  });

  it('a request for another skill, or signed bytes that are not a skill request: 400', async () => {
    const other = await ask({ type: 'LaunchRequest' }, { applicationId: 'amzn1.ask.skill.someone-else' });
    expect(other).toMatchObject({ status: 400, body: { error: { code: 'wrong_skill' } } });
    for (const body of ['{"hello":', '{"hello":"world"}']) {
      const answer = await postToSkill(t, body, certificate);
      expect(answer.status).toBe(400);
    }
    // Signed, but with a field the skill reads missing or of another type: never a 500.
    const launch = envelope({ type: 'LaunchRequest' }, { timestamp: t.clock.now });
    const withoutUser = { ...launch, context: { System: { ...launch.context.System, user: undefined } } };
    const arrayToken = { ...launch, context: { System: { ...launch.context.System, user: { userId: 'u', accessToken: ['a'] } } } };
    const intentless = envelope({ type: 'IntentRequest' }, { timestamp: t.clock.now });
    const numberSlot = envelope(intent(INTENTS.addItem), { timestamp: t.clock.now });
    (numberSlot.request as unknown as { intent: { slots: unknown } }).intent.slots = { item: { name: 'item', value: 7 } };
    for (const body of [withoutUser, arrayToken, intentless, numberSlot]) {
      const answer = await postToSkill(t, JSON.stringify(body), certificate);
      expect(answer).toMatchObject({ status: 400, body: { error: { code: 'invalid_input', message: ALEXA_SERVER_MESSAGES.notSkillRequest } } });
    }
  });
  it('a signed body in another charset, or compressed, is refused as every body is: 415', async () => {
    const user = await linkedUser();
    const body = JSON.stringify(envelope({ type: 'LaunchRequest' }, { accessToken: user.accessToken, timestamp: t.clock.now }));
    const latin1 = await postToSkill(t, body, certificate, { contentType: 'application/json; charset=iso-8859-1' });
    expect(latin1).toMatchObject({ status: 415, body: { error: { code: 'unsupported_media_type', message: SERVER_MESSAGES.bodyNotUtf8 } } });
    const gzip = await postToSkill(t, body, certificate, { contentEncoding: 'gzip' });
    expect(gzip).toMatchObject({ status: 415, body: { error: { code: 'unsupported_media_type', message: SERVER_MESSAGES.bodyEncodingUnsupported } } });
  });
});

describe('who is asking', () => {
  it('without a linked account, or after unlinking: the linking card, and nothing is done', async () => {
    const anonymous = await ask(intent(INTENTS.readList, { list: 'groceries' }));
    expect(anonymous.body.response.card).toEqual({ type: 'LinkAccount' });
    expect(speechOf(anonymous)).toBe(ALEXA_SPEECH.linkAccount);

    const user = await linkedUser();
    const listId = await listWith(user, 'Groceries');
    await call(t, user.token, 'DELETE', `/auth/linked-apps/${CLIENT_ID}`);
    const revoked = await ask(intent(INTENTS.addItem, { item: 'milk', list: 'groceries' }), { accessToken: user.accessToken });
    expect(revoked.body.response.card).toEqual({ type: 'LinkAccount' });
    expect(await itemsOf(user, listId)).toEqual([]);
  });

  it('a session token in place of an access token is not a link', async () => {
    const user = await createUser(t);
    const answer = await ask({ type: 'LaunchRequest' }, { accessToken: user.token });
    expect(answer.body.response.card).toEqual({ type: 'LinkAccount' });
  });

  it('an app linked for reading only reads: adding and checking off are refused in words', async () => {
    const user = await linkedUser('lists:read');
    const listId = await listWith(user, 'Groceries', ['eggs']);
    const add = await ask(intent(INTENTS.addItem, { item: 'milk', list: 'groceries' }), { accessToken: user.accessToken });
    expect(speechOf(add)).toBe(ALEXA_SPEECH.notAllowed);
    const check = await ask(intent(INTENTS.checkOffItem, { item: 'eggs' }), { accessToken: user.accessToken });
    expect(speechOf(check)).toBe(ALEXA_SPEECH.notAllowed);
    expect((await itemsOf(user, listId)).map((item) => [item.content, item.is_completed])).toEqual([['eggs', false]]);
    const read = await ask(intent(INTENTS.readList, { list: 'groceries' }), { accessToken: user.accessToken });
    expect(speechOf(read)).toBe(ALEXA_SPEECH.listItems('Groceries', 1, 'eggs'));
  });

  it("a list shared for viewing is read, not changed; another user's private list is not found", async () => {
    const user = await linkedUser();
    const owner = await createUser(t);
    await insertList(t, owner.user.id, { name: 'Party', shares: [{ userId: user.user.id, email: user.email, permission: 'view' }] });
    await insertList(t, owner.user.id, { name: 'Secret' });
    const add = await ask(intent(INTENTS.addItem, { item: 'cake', list: 'party' }), { accessToken: user.accessToken });
    expect(speechOf(add)).toBe(ALEXA_SPEECH.readOnly);
    const secret = await ask(intent(INTENTS.readList, { list: 'secret' }), { accessToken: user.accessToken });
    expect(speechOf(secret)).toBe(ALEXA_SPEECH.listNotFound('secret', 'Party'));
  });
});

describe('"check off" without a list', () => {
  it('passes over a list shared for viewing to the same item on a list the user may change; on a viewed list alone it is refused', async () => {
    const user = await linkedUser();
    const own = await listWith(user, 'Groceries', ['milk']);
    const owner = await createUser(t);
    const viewed = await listWith(owner, 'Their list', ['milk', 'flour']);
    await shareLists(t, owner.user.id, [viewed], user.user);
    const milk = await ask(intent(INTENTS.checkOffItem, { item: 'milk' }), { accessToken: user.accessToken });
    expect(speechOf(milk)).toBe(ALEXA_SPEECH.checkedOff('milk', 'Groceries'));
    expect((await itemsOf(user, own)).map((item) => item.is_completed)).toEqual([true]);
    const flour = await ask(intent(INTENTS.checkOffItem, { item: 'flour' }), { accessToken: user.accessToken });
    expect(speechOf(flour)).toBe(ALEXA_SPEECH.readOnly);
    expect((await itemsOf(owner, viewed)).map((item) => item.is_completed)).toEqual([false, false]);
  });
});

describe('what the skill does', () => {
  it('"add {item} to {list}" adds through the item service: a live subscriber of the app sees it', async () => {
    const user = await linkedUser();
    const listId = await listWith(user, 'Groceries');
    await listWith(user, 'Hardware store');
    const socket = await TestSocket.open(t, user.token);
    await socket.subscribe('i', 'items', { listId });

    const request = intent(INTENTS.addItem, { item: '2 bottles of milk and eggs', list: 'my grocery list' });
    const answer = await ask(request, { accessToken: user.accessToken });
    expect(answer.body.response.shouldEndSession).toBe(true);
    expect(speechOf(answer)).toBe('Added 2 bottles milk and eggs to Groceries.');
    const change = await socket.next((m) => m.type === 'change', 'the new items');
    expect(change.type === 'change' && change.changes.map((c) => [c.op, (c.doc as { content: string }).content])).toEqual([
      ['added', 'milk'],
      ['added', 'eggs'],
    ]);
    socket.close();

    const again = await ask(intent(INTENTS.addItem, { item: 'Milk', list: 'groceries' }), { accessToken: user.accessToken });
    expect(speechOf(again)).toBe(ALEXA_SPEECH.alreadyOn('Milk', 'Groceries'));
    expect(await itemsOf(user, listId)).toHaveLength(2);
  });

  it('"add" keeps names whole as the app does: the built-in ones, and one kept as one item on the list', async () => {
    const user = await linkedUser();
    const listId = await listWith(user, 'Groceries', ['"chips and salsa"']);
    const add = (item: string) => ask(intent(INTENTS.addItem, { item, list: 'groceries' }), { accessToken: user.accessToken });

    expect(speechOf(await add('mac and cheese and milk'))).toBe('Added mac and cheese and milk to Groceries.');
    expect(speechOf(await add('chips and salsa'))).toBe(ALEXA_SPEECH.alreadyOn('chips and salsa', 'Groceries'));
    expect((await itemsOf(user, listId)).map((item) => item.content).sort()).toEqual(['chips and salsa', 'mac and cheese', 'milk']);
  });

  it('"what\'s on {list}" reads the unchecked items, and stops after a handful', async () => {
    const user = await linkedUser();
    const listId = await listWith(user, 'Groceries', ['milk', 'eggs', 'bread']);
    const [milk] = await itemsOf(user, listId);
    await call(t, user.token, 'PUT', `/lists/${listId}/items/${milk!.id}`, { is_completed: true });
    const answer = await ask(intent(INTENTS.readList, { list: 'the groceries' }), { accessToken: user.accessToken });
    expect(speechOf(answer)).toBe(ALEXA_SPEECH.listItems('Groceries', 2, 'eggs and bread'));

    const many = Array.from({ length: SPOKEN_ITEMS_MAX + 3 }, (_, i) => `thing ${i + 1}`);
    await listWith(user, 'Garage', many);
    const long = await ask(intent(INTENTS.readList, { list: 'garage' }), { accessToken: user.accessToken });
    expect(speechOf(long)).toBe(ALEXA_SPEECH.listItems('Garage', many.length, `${many.slice(0, SPOKEN_ITEMS_MAX).join(', ')}, ${ALEXA_SPEECH.andMore(3)}`));

    await listWith(user, 'Empty');
    const empty = await ask(intent(INTENTS.readList, { list: 'empty' }), { accessToken: user.accessToken });
    expect(speechOf(empty)).toBe(ALEXA_SPEECH.nothingOn('Empty'));
  });

  it('"check off {item}" finds the item on whichever list holds it, newest list first', async () => {
    const user = await linkedUser();
    const groceries = await listWith(user, 'Groceries', ['milk', 'eggs']);
    await listWith(user, 'Hardware', ['nails']);
    const answer = await ask(intent(INTENTS.checkOffItem, { item: 'the eggs' }), { accessToken: user.accessToken });
    expect(speechOf(answer)).toBe(ALEXA_SPEECH.checkedOff('eggs', 'Groceries'));
    expect((await itemsOf(user, groceries)).map((item) => [item.content, item.is_completed])).toEqual([['milk', false], ['eggs', true]]);

    const gone = await ask(intent(INTENTS.checkOffItem, { item: 'eggs' }), { accessToken: user.accessToken });
    expect(speechOf(gone)).toBe(ALEXA_SPEECH.itemNotFound('eggs'));
    const named = await ask(intent(INTENTS.checkOffItem, { item: 'milk', list: 'hardware' }), { accessToken: user.accessToken });
    expect(speechOf(named)).toBe(ALEXA_SPEECH.itemNotOnList('milk', 'Hardware'));
  });

  it('in a conversation, the list named last is the one meant, and the skill keeps listening', async () => {
    const user = await linkedUser();
    const groceries = await listWith(user, 'Groceries', ['milk']);
    const party = await listWith(user, 'Party', ['milk']);
    const read = await ask(intent(INTENTS.readList, { list: 'groceries' }), { accessToken: user.accessToken, session: { attributes: {} } });
    expect(read.body.response.shouldEndSession).toBe(false);
    expect(read.body.response.reprompt).toBeDefined();
    expect(read.body.sessionAttributes).toEqual({ listId: groceries });

    const session = { attributes: read.body.sessionAttributes };
    const check = await ask(intent(INTENTS.checkOffItem, { item: 'milk' }), { accessToken: user.accessToken, session });
    expect(speechOf(check)).toBe(ALEXA_SPEECH.checkedOff('milk', 'Groceries'));
    const add = await ask(intent(INTENTS.addItem, { item: 'bread' }), { accessToken: user.accessToken, session });
    expect(speechOf(add)).toBe(ALEXA_SPEECH.added('bread', 'Groceries'));
    expect((await itemsOf(user, party)).map((item) => item.is_completed)).toEqual([false]);
    // Without a conversation, the newest list.
    const oneShot = await ask(intent(INTENTS.addItem, { item: 'cake' }), { accessToken: user.accessToken });
    expect(speechOf(oneShot)).toBe(ALEXA_SPEECH.added('cake', 'Party'));
  });

  it('says which lists there are when it cannot find one, and what to do without any', async () => {
    const user = await linkedUser();
    const none = await ask(intent(INTENTS.readList, { list: 'groceries' }), { accessToken: user.accessToken });
    expect(speechOf(none)).toBe(ALEXA_SPEECH.noLists);
    await listWith(user, 'Groceries');
    await listWith(user, 'Hardware');
    const missing = await ask(intent(INTENTS.addItem, { item: 'milk', list: 'garden' }), { accessToken: user.accessToken });
    expect(speechOf(missing)).toBe(ALEXA_SPEECH.listNotFound('garden', 'Hardware and Groceries'));
    const noItem = await ask(intent(INTENTS.addItem, { list: 'groceries' }), { accessToken: user.accessToken });
    expect(speechOf(noItem)).toBe(ALEXA_SPEECH.whichItem);
  });

  it('speaks names as text, never as SSML', async () => {
    const user = await linkedUser();
    await listWith(user, 'Tom & Jerry <3', ['<audio src="x"/>']);
    const answer = await ask(intent(INTENTS.readList, { list: 'tom jerry' }), { accessToken: user.accessToken });
    expect(answer.body.response.outputSpeech.ssml).toBe(
      '<speak>Tom &amp; Jerry &lt;3 has 1 item: &lt;audio src=&quot;x&quot;/&gt;.</speak>',
    );
  });

  it('help, stop, cancel, the fallback, and the end of a session', async () => {
    const user = await linkedUser();
    const { accessToken } = user;
    const session = { attributes: {} };
    const help = await ask(intent(BUILT_IN_INTENTS.help), { accessToken, session });
    expect(speechOf(help)).toBe(ALEXA_SPEECH.help);
    expect(help.body.response.shouldEndSession).toBe(false);
    for (const name of [BUILT_IN_INTENTS.stop, BUILT_IN_INTENTS.cancel]) {
      const stop = await ask(intent(name), { accessToken, session });
      expect(speechOf(stop)).toBe(ALEXA_SPEECH.goodbye);
      expect(stop.body.response.shouldEndSession).toBe(true);
    }
    const fallback = await ask(intent(BUILT_IN_INTENTS.fallback), { accessToken, session });
    expect(speechOf(fallback)).toContain(ALEXA_SPEECH.notUnderstood);
    const ended = await ask({ type: 'SessionEndedRequest', reason: 'USER_INITIATED' }, { accessToken, session });
    expect(ended.status).toBe(200);
    expect(ended.body.response).toEqual({});
  });
});
