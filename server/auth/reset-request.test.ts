import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/messages.ts';
import type { Mail } from '../mail/mailer.ts';
import { createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';

/**
 * A reset request answers before any mail is sent, so its answer time cannot tell whether the
 * address has an account: proved with a mailer that hangs until the test lets it go.
 */
let release: () => void = () => {};
let held = new Promise<void>((resolve) => (release = resolve));
const sent: Mail[] = [];
const t = useTestApp({
  mailer: {
    delivers: true,
    async send(mail) {
      await held;
      sent.push(mail);
    },
    close() {},
  },
});

describe('POST /auth/password-reset', () => {
  it('answers before the mail goes out, the same for a known and an unknown address', async () => {
    release();
    const user = await createUser(t);
    await t.settle();
    sent.length = 0;
    held = new Promise<void>((resolve) => (release = resolve));

    const known = await t.request({ method: 'POST', path: '/auth/password-reset', body: { email: user.email } });
    const unknown = await t.request({ method: 'POST', path: '/auth/password-reset', body: { email: 'nobody@example.com' } });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.body).toEqual({ message: MESSAGES.passwordResetSent });
    expect(unknown.body).toEqual(known.body);
    expect(sent).toEqual([]);

    release();
    await t.settle();
    expect(sent.map((mail) => mail.to)).toEqual([user.email]);
  });
});
