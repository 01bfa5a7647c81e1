import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALEXA_SKILL_PATH } from '../../common/alexa.ts';
import { API_BASE_PATH } from '../../common/constants.ts';
import { linkAccount, SKILL_ID } from './oauth-linking.ts';
import { call } from './live.ts';
import { createUser, type TestUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * Alexa, played by the tests: a signing certificate of our own (made with openssl, self-signed for
 * Alexa's domain), handed to the app as if fetched from Amazon's URL, and requests signed with it.
 */

/** A URL of the shape Amazon uses, so it passes the verifier's URL checks; never fetched. */
export const CERTIFICATE_URL = 'https://s3.amazonaws.com/echo.api/listo-test-cert.pem';

export interface SigningCertificate {
  pem: string;
  privateKey: string;
}

/** A key and a self-signed certificate for echo-api.amazon.com, valid for a day. */
export function makeSigningCertificate(): SigningCertificate {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-alexa-cert-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1',
      '-keyout', key, '-out', cert,
      '-subj', '/CN=echo-api.amazon.com',
      '-addext', 'subjectAltName=DNS:echo-api.amazon.com',
    ], { stdio: 'ignore' });
    return { pem: fs.readFileSync(cert, 'utf8'), privateKey: fs.readFileSync(key, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface EnvelopeOptions {
  accessToken?: string;
  timestamp?: Date;
  /** Continue a conversation: its attributes; `new: false`. Without it, a one-shot request. */
  session?: { attributes: Record<string, unknown> };
  applicationId?: string;
}

/** A skill request as Alexa sends it (the fields the skill reads, and those the SDK needs). */
export function envelope(request: Record<string, unknown>, options: EnvelopeOptions = {}) {
  const application = { applicationId: options.applicationId ?? SKILL_ID };
  const user = { userId: 'amzn1.ask.account.TEST', ...(options.accessToken ? { accessToken: options.accessToken } : {}) };
  return {
    version: '1.0',
    session: {
      new: options.session === undefined,
      sessionId: 'amzn1.echo-api.session.TEST',
      application,
      user,
      attributes: options.session?.attributes ?? {},
    },
    context: {
      System: {
        application,
        user,
        device: { deviceId: 'amzn1.ask.device.TEST', supportedInterfaces: {} },
        apiEndpoint: 'https://api.amazonalexa.com',
      },
    },
    request: {
      requestId: `amzn1.echo-api.request.${crypto.randomUUID()}`,
      timestamp: (options.timestamp ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      locale: 'en-US',
      ...request,
    },
  };
}

/** An IntentRequest with its slots' values (slots left out are sent without a value, as Alexa does). */
export function intent(name: string, slots: Record<string, string | undefined> = {}) {
  return {
    type: 'IntentRequest',
    dialogState: 'COMPLETED',
    intent: {
      name,
      confirmationStatus: 'NONE',
      slots: Object.fromEntries(
        Object.entries(slots).map(([slot, value]) => [slot, { name: slot, confirmationStatus: 'NONE', ...(value === undefined ? {} : { value }) }]),
      ),
    },
  };
}

/** Signature-256 of the exact body, as Alexa computes it. */
export function sign(body: string, certificate: SigningCertificate): string {
  return crypto.createSign('RSA-SHA256').update(body, 'utf8').sign(certificate.privateKey, 'base64');
}

/** Posts a body to the skill endpoint, signed unless `signature` says otherwise. */
export async function postToSkill(
  t: TestApp,
  body: string,
  certificate: SigningCertificate,
  headers: { signature?: string | null; certificateUrl?: string; contentType?: string; contentEncoding?: string } = {},
) {
  const signature = headers.signature === undefined ? sign(body, certificate) : headers.signature;
  const response = await t.app.inject({
    method: 'POST',
    url: `${API_BASE_PATH}${ALEXA_SKILL_PATH}`,
    headers: {
      'content-type': headers.contentType ?? 'application/json; charset=utf-8',
      ...(headers.contentEncoding === undefined ? {} : { 'content-encoding': headers.contentEncoding }),
      signaturecertchainurl: headers.certificateUrl ?? CERTIFICATE_URL,
      ...(signature === null ? {} : { 'signature-256': signature }),
    },
    payload: body,
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

const XML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** What the skill said, as the plain text it was before escaping (its SSML without the <speak> element). */
export function speechOf(answer: { body: { response?: { outputSpeech?: { ssml?: string } } } }): string {
  const ssml = answer.body.response?.outputSpeech?.ssml ?? '';
  return ssml.replace(/^<speak>|<\/speak>$/g, '').replace(/&(?:amp|lt|gt|quot|apos);/g, (entity) => XML_ENTITIES[entity]!);
}

/**
 * What a skill test does again and again, for the test app `t` and its signing certificate:
 * signed requests from Alexa at the app's present time, linked users, lists made through the API.
 */
export function skillTestKit(t: TestApp, certificate: SigningCertificate) {
  function ask(request: Record<string, unknown>, options: EnvelopeOptions = {}) {
    return postToSkill(t, JSON.stringify(envelope(request, { timestamp: t.clock.now, ...options })), certificate);
  }

  /** A user with a linked account and their access token. */
  async function linkedUser(scope?: string): Promise<TestUser & { accessToken: string }> {
    const user = await createUser(t);
    const { accessToken } = await linkAccount(t, user, scope ? { scope } : {});
    return { ...user, accessToken };
  }

  /** A new list, a second newer than the one before it ("the newest list" is then well defined). */
  async function listWith(user: TestUser, name: string, items: string[] = []): Promise<string> {
    t.clock.advance(1000);
    const { list } = await call(t, user.token, 'POST', '/lists', { name });
    if (items.length > 0) await call(t, user.token, 'POST', `/lists/${list.id}/items/batch`, { items: items.map((content) => ({ content })) });
    return list.id;
  }

  const itemsOf = async (user: TestUser, listId: string) =>
    (await call(t, user.token, 'GET', `/lists/${listId}/items`)).items as { id: string; content: string; is_completed: boolean }[];

  return { ask, linkedUser, listWith, itemsOf };
}
