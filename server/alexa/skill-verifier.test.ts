import { describe, expect, it } from 'vitest';
import { ALEXA_SERVER_MESSAGES, ALEXA_SPEECH } from '../../common/alexa.ts';
import { TEST_ALEXA } from '../oauth/linking-test-helpers.ts';
import { useTestApp } from '../test/test-app.ts';
import { CERTIFICATE_URL, envelope, makeSigningCertificate, postToSkill, sign, skillTestKit, speechOf } from './skill-test-helpers.ts';

const certificate = makeSigningCertificate();
const t = useTestApp({ config: { alexa: TEST_ALEXA }, alexaCertificates: { [CERTIFICATE_URL]: certificate.pem } });
const { linkedUser } = skillTestKit(t, certificate);

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
