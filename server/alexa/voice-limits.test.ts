import { describe, expect, it } from 'vitest';
import { ALEXA_SPEECH } from '../../common/alexa.ts';
import { TEST_ALEXA } from '../oauth/linking-test-helpers.ts';
import { call } from '../realtime/live-test-helpers.ts';
import { useTestApp } from '../test/test-app.ts';
import { INTENTS } from './skill.ts';
import { CERTIFICATE_URL, intent, makeSigningCertificate, skillTestKit, speechOf } from './skill-test-helpers.ts';

/** What the skill says and does when lists hold long or odd things, or the user says a lot (sweep 13). */
const certificate = makeSigningCertificate();
const t = useTestApp({ config: { alexa: TEST_ALEXA }, alexaCertificates: { [CERTIFICATE_URL]: certificate.pem } });
const { ask, linkedUser, listWith } = skillTestKit(t, certificate);

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
