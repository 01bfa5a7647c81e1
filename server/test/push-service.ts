import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PushPayload } from '../../common/push.ts';

/**
 * A push service played by the tests, on https://127.0.0.1 with a certificate of its own (made
 * with openssl): it checks each request's VAPID signature (RFC 8292) against the key the server
 * should sign with, and decrypts the payload (aes128gcm, RFC 8291/8188) with the device keys it
 * handed out, as a browser's push service and the browser would. Written here, on Node's crypto,
 * rather than taken from `web-push-testing`, which runs as a detached daemon with a store on disk.
 */

export interface ReceivedPush {
  /** Which subscription (the last part of its endpoint). */
  device: string;
  payload: PushPayload;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
}

export interface Device {
  id: string;
  /** As a browser's `PushSubscription.toJSON()` gives it. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface TestPushService {
  url: string;
  /** The certificate to trust (AppDeps.pushCa, or NODE_EXTRA_CA_CERTS for a child process). */
  certificate: string;
  received: ReceivedPush[];
  /** Requests refused, with why (a bad signature, an undecryptable body): a test expects none. */
  refused: string[];
  newDevice(): Device;
  /** The push service forgets this device: it answers 410 Gone from now on. */
  forget(device: Device): void;
  close(): Promise<void>;
}

/** A key and a self-signed certificate for 127.0.0.1, valid for a day. */
export function makeCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-push-cert-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-keyout', key, '-out', cert, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    ], { stdio: 'ignore' });
    return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An uncompressed P-256 public key (base64url) as a KeyObject. */
function publicKeyOf(raw: Buffer): crypto.KeyObject {
  return crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, format: 'jwk' });
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`; returns why it is refused, or undefined. */
function checkVapid(header: string | undefined, audience: string, serverKey: string): string | undefined {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return `no vapid authorization: ${header}`;
  const [, jwt, key] = match as unknown as [string, string, string];
  if (key !== serverKey) return 'signed with another key';
  const [head, body, signature] = jwt.split('.');
  if (!head || !body || !signature) return 'malformed JWT';
  const valid = crypto.verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKeyOf(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) return 'bad VAPID signature';
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') return 'not ES256';
  if (claims.aud !== audience) return `audience ${claims.aud}`;
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp < now || claims.exp > now + 24 * 3600) return 'bad expiry';
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'bad subject';
  return undefined;
}

/** RFC 8291: the device's side of the decryption. */
function decrypt(body: Buffer, device: { ecdh: crypto.ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Starts the push service; `serverKey` is the VAPID public key every request must be signed with. */
export async function startTestPushService(serverKey: string, certificate = makeCertificate()): Promise<TestPushService> {
  const devices = new Map<string, { ecdh: crypto.ECDH; auth: Buffer; gone: boolean }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const server = https.createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const device = devices.get(id);
      const refuse = (status: number, why: string) => {
        if (status !== 410) refused.push(why);
        response.writeHead(status).end(why);
      };
      if (request.method !== 'POST' || !device) return refuse(404, `unknown ${request.method} ${request.url}`);
      if (device.gone) return refuse(410, 'gone');
      const why = checkVapid(request.headers.authorization, url, serverKey);
      if (why) return refuse(403, why);
      if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'not aes128gcm');
      try {
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), device)) as PushPayload;
        const header = (name: string) => request.headers[name] as string | undefined;
        received.push({ device: id, payload, ttl: header('ttl'), urgency: header('urgency'), topic: header('topic') });
        response.writeHead(201).end();
      } catch (error) {
        refuse(400, `undecryptable: ${String(error)}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    certificate: certificate.cert,
    received,
    refused,
    newDevice() {
      const id = crypto.randomUUID();
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      devices.set(id, { ecdh, auth, gone: false });
      return { id, subscription: { endpoint: `${url}/push/${id}`, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } } };
    },
    forget(device) {
      devices.get(device.id)!.gone = true;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
