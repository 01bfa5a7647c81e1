import { describe, expect, it } from 'vitest';
import { ALEXA_SERVER_MESSAGES, ALEXA_SPEECH } from '../../common/alexa.ts';
import { TEST_ALEXA } from '../test/oauth-linking.ts';
import { useTestApp } from '../test/test-app.ts';
import { INTENTS } from './skill.ts';
import { CERTIFICATE_URL, envelope, intent, makeSigningCertificate, postToSkill, sign, skillTestKit, speechOf } from '../test/alexa-skill.ts';
import { SKILL_TIMESTAMP_TOLERANCE_MS } from './skill-verifier.ts';

const certificate = makeSigningCertificate();
const t = useTestApp({ config: { alexa: TEST_ALEXA }, alexaCertificates: { [CERTIFICATE_URL]: certificate.pem } });
const { linkedUser, listWith, itemsOf } = skillTestKit(t, certificate);

const BYTE_ORDER_MARK = '\uFEFF';

describe('a signed body that starts with a byte order mark', () => {
  it('is taken when the signature covers the mark: still JSON (RFC 8259 8.1 lets a parser ignore it)', async () => {
    const user = await linkedUser();
    const body = `${BYTE_ORDER_MARK}${JSON.stringify(envelope({ type: 'LaunchRequest' }, { accessToken: user.accessToken, timestamp: t.clock.now }))}`;
    const answer = await postToSkill(t, body, certificate);
    expect(answer.status).toBe(200);
    expect(speechOf(answer)).toBe(ALEXA_SPEECH.welcome);
  });

  it('is refused as unsigned when the mark was added after signing: the signature is over the bytes received', async () => {
    const json = JSON.stringify(envelope({ type: 'LaunchRequest' }, { timestamp: t.clock.now }));
    const answer = await postToSkill(t, `${BYTE_ORDER_MARK}${json}`, certificate, { signature: sign(json, certificate) });
    expect(answer).toMatchObject({ status: 400, body: { error: { code: 'invalid_signature', message: ALEXA_SERVER_MESSAGES.signatureInvalid } } });
  });
});

describe('a signed request sent again', () => {
  it('is refused within its window (replayed_request), and nothing is done twice; another request passes', async () => {
    const user = await linkedUser();
    const listId = await listWith(user, 'Groceries');
    const body = JSON.stringify(envelope(intent(INTENTS.addItem, { item: 'milk', list: 'groceries' }), { accessToken: user.accessToken, timestamp: t.clock.now }));
    expect((await postToSkill(t, body, certificate)).status).toBe(200);
    for (const advance of [0, SKILL_TIMESTAMP_TOLERANCE_MS - 1_000]) {
      t.clock.advance(advance);
      const again = await postToSkill(t, body, certificate);
      expect(again).toMatchObject({ status: 400, body: { error: { code: 'replayed_request', message: ALEXA_SERVER_MESSAGES.requestReplayed } } });
    }
    expect((await itemsOf(user, listId)).map((item) => item.content)).toEqual(['milk']);
    // Past its window the timestamp refuses it, as it refuses any old request.
    t.clock.advance(2_000);
    expect((await postToSkill(t, body, certificate)).body.error.code).toBe('invalid_timestamp');
    // A request of its own id passes, though it says the same.
    const fresh = JSON.stringify(envelope(intent(INTENTS.addItem, { item: 'bread', list: 'groceries' }), { accessToken: user.accessToken, timestamp: t.clock.now }));
    expect((await postToSkill(t, fresh, certificate)).status).toBe(200);
  });

  it('at once, twice: one is answered, the other refused', async () => {
    const body = JSON.stringify(envelope({ type: 'LaunchRequest' }, { timestamp: t.clock.now }));
    const answers = await Promise.all([postToSkill(t, body, certificate), postToSkill(t, body, certificate)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });
});
