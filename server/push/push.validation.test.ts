import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PUSH_MESSAGES } from '../../common/push.ts';
import { createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { mayCall } from '../http/outbound-address.ts';

const keys = {
  p256dh: crypto.createECDH('prime256v1').generateKeys('base64url'),
  auth: crypto.randomBytes(16).toString('base64url'),
};

/** A subscription's endpoint is an address the server will call: only public https ones are kept. */
describe('push subscription validation', () => {
  const t = useTestApp();

  async function refusal(body: unknown) {
    const user = await createUser(t);
    const response = await t.request({ method: 'PUT', path: '/push/subscription', token: user.token, body });
    const stored = await t.database.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.user.id).execute();
    expect(stored).toEqual([]);
    expect(response.status).toBe(400);
    return response.body.error.message as string;
  }

  it.each([
    ['http://fcm.googleapis.com/fcm/send/abc', PUSH_MESSAGES.endpointInvalid],
    ['not a url', PUSH_MESSAGES.endpointInvalid],
    ['https://user:pw@push.example.com/x', PUSH_MESSAGES.endpointInvalid],
    ['https://127.0.0.1/push', PUSH_MESSAGES.endpointPrivate],
    ['https://localhost/push', PUSH_MESSAGES.endpointPrivate],
    ['https://[::1]/push', PUSH_MESSAGES.endpointPrivate],
    ['https://10.1.2.3/push', PUSH_MESSAGES.endpointPrivate],
    ['https://192.168.1.20:8443/push', PUSH_MESSAGES.endpointPrivate],
    ['https://169.254.169.254/latest/meta-data', PUSH_MESSAGES.endpointPrivate],
    ['https://[fe80::1]/push', PUSH_MESSAGES.endpointPrivate],
    ['https://[::ffff:10.0.0.1]/push', PUSH_MESSAGES.endpointPrivate],
    ['https://intranet/push', PUSH_MESSAGES.endpointPrivate],
    [`https://push.example.com/${'x'.repeat(1100)}`, PUSH_MESSAGES.endpointTooLong],
  ])('refuses %s', async (endpoint, message) => {
    expect(await refusal({ endpoint, keys })).toContain(message);
  });

  it('refuses keys of the wrong size or alphabet', async () => {
    const endpoint = 'https://push.example.com/abc';
    expect(await refusal({ endpoint, keys: { ...keys, p256dh: keys.p256dh.slice(0, 40) } })).toContain(PUSH_MESSAGES.keyP256dhInvalid);
    expect(await refusal({ endpoint, keys: { ...keys, p256dh: 'A'.repeat(10_000) } })).toContain(PUSH_MESSAGES.keyP256dhInvalid);
    expect(await refusal({ endpoint, keys: { ...keys, auth: crypto.randomBytes(64).toString('base64url') } })).toContain(PUSH_MESSAGES.keyAuthInvalid);
    expect(await refusal({ endpoint, keys: { ...keys, auth: '!!!!!!!!!!!!!!!!!!!!!!' } })).toContain(PUSH_MESSAGES.keyAuthInvalid);
  });

  it('keeps a public https endpoint, once per device', async () => {
    const user = await createUser(t);
    const body = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys };
    expect((await t.request({ method: 'PUT', path: '/push/subscription', token: user.token, body })).status).toBe(204);
    expect((await t.request({ method: 'PUT', path: '/push/subscription', token: user.token, body })).status).toBe(204);
    const stored = await t.database.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.user.id).execute();
    expect(stored).toHaveLength(1);
  });

  it('asks a signed-in session', async () => {
    const response = await t.request({ method: 'PUT', path: '/push/subscription', body: { endpoint: 'https://fcm.googleapis.com/x', keys } });
    expect(response.status).toBe(401);
  });
});

describe('the addresses a push request may reach', () => {
  it('refuses private, loopback, link-local and mapped ones; loopback only when allowed', () => {
    for (const address of ['10.0.0.1', '172.16.5.4', '192.168.0.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:192.168.0.1']) {
      expect(mayCall(address, false), address).toBe(false);
    }
    for (const address of ['142.250.74.10', '2a00:1450:4001:80b::200a', '::ffff:142.250.74.10']) expect(mayCall(address, false), address).toBe(true);
    expect(mayCall('127.0.0.1', true)).toBe(true);
    expect(mayCall('::1', true)).toBe(true);
    expect(mayCall('10.0.0.1', true)).toBe(false);
  });
});
