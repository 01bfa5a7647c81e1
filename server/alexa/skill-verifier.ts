import type { IncomingHttpHeaders } from 'node:http';
import { SkillRequestSignatureVerifier, TimestampVerifier } from 'ask-sdk-express-adapter';
import type { RequestEnvelope } from 'ask-sdk-model';
import { z } from 'zod';
import { ALEXA_SERVER_MESSAGES } from '../../common/alexa.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { badRequest } from '../domain/errors.ts';
import { parseJsonLimited } from '../http/json-body.ts';
import { isStorableText } from '../http/text-guard.ts';
import { createCertificateFetchGate } from './certificate-fetch-gate.ts';
import { createReplayGuard } from './replay-guard.ts';

/**
 * The parts of a request envelope that the skill and ask-sdk read, each of the type they read it
 * as; the rest passes as Alexa sent it. Alexa signs only what it means to send, but a field of
 * another type would fail deep in the SDK, as a 500.
 */
const SkillEnvelope = z.looseObject({
  context: z.looseObject({
    System: z.looseObject({
      application: z.looseObject({ applicationId: z.string().min(1) }),
      user: z.looseObject({ accessToken: z.string().optional() }),
    }),
  }),
  session: z.looseObject({ new: z.boolean(), attributes: z.record(z.string(), z.unknown()).optional() }).optional(),
  request: z
    .looseObject({
      type: z.string(),
      requestId: z.string().min(1),
      timestamp: z.string(),
      intent: z
        .looseObject({
          name: z.string(),
          slots: z.record(z.string(), z.looseObject({ value: z.string().optional() })).optional(),
        })
        .optional(),
    })
    .refine((request) => request.type !== 'IntentRequest' || request.intent !== undefined),
});

/** Alexa's bound on a request's age (its own verifier's default), applied in both directions. */
export const SKILL_TIMESTAMP_TOLERANCE_MS = 150_000;
const CERTIFICATE_URL_HEADER = 'signaturecertchainurl';

/**
 * The library's verifier, with its certificate cache open to filling: certificates handed in are
 * trusted as if they had been fetched from their URL and checked (tests use a local one).
 */
class SignatureVerifier extends SkillRequestSignatureVerifier {
  constructor(certificates: Readonly<Record<string, string>>) {
    super();
    for (const [url, pem] of Object.entries(certificates)) this.certCache.set(url, pem);
  }

  knows(url: string): boolean {
    return this.certCache.has(url);
  }
}

export interface SkillVerifierDeps {
  now: () => Date;
  /** Only requests for this skill pass, when set. */
  skillId: string | undefined;
  /** Signing certificate chains (PEM) by their `SignatureCertChainUrl`, taken without a fetch. */
  certificates?: Readonly<Record<string, string>>;
}

/** `client`: the address the request came from, which the certificate fetch limit counts by. */
export type SkillRequestVerifier = (body: unknown, headers: IncomingHttpHeaders, client: string) => Promise<RequestEnvelope>;

const invalidSignature = () => badRequest(ALEXA_SERVER_MESSAGES.signatureInvalid, 'invalid_signature');
const invalidTimestamp = () => badRequest(ALEXA_SERVER_MESSAGES.timestampInvalid, 'invalid_timestamp');

/**
 * Checks that a request comes from Alexa, as Amazon requires of a skill's web service: the
 * signature over the exact bytes received (ask-sdk's verifier: certificate URL, chain to a trusted
 * root, Alexa's domain in it), and the timestamp within 150 s of our clock. The library's timestamp
 * check lets requests from the future through, so the difference is checked both ways here too.
 * A request that passed once is refused when it comes again within its window (replay-guard.ts).
 * Answers the parsed request envelope; refuses with 400 (429 past a client's certificate fetch
 * limit, certificate-fetch-gate.ts, or with the memory of request ids full).
 */
export function createSkillRequestVerifier(deps: SkillVerifierDeps): SkillRequestVerifier {
  const signatures = new SignatureVerifier(deps.certificates ?? {});
  const timestamps = new TimestampVerifier(SKILL_TIMESTAMP_TOLERANCE_MS);
  const admitFetch = createCertificateFetchGate();
  const admitOnce = createReplayGuard({ now: deps.now, windowMs: SKILL_TIMESTAMP_TOLERANCE_MS });

  return async (body, headers, client) => {
    if (typeof body !== 'string') throw invalidSignature();
    const certificateUrl = headers[CERTIFICATE_URL_HEADER];
    if (typeof certificateUrl === 'string' && !signatures.knows(certificateUrl)) admitFetch(certificateUrl, client);
    await signatures.verify(body, headers).catch(() => {
      throw invalidSignature();
    });
    // Signed by Alexa, so well-formed; parsed with the API's limits all the same.
    const parsed = parseJsonLimited(body);
    if (!isStorableText(parsed)) throw badRequest(SERVER_MESSAGES.textNotAllowed);
    const read = SkillEnvelope.safeParse(parsed);
    if (!read.success) throw badRequest(ALEXA_SERVER_MESSAGES.notSkillRequest);
    const envelope = read.data;
    const applicationId = envelope.context.System.application.applicationId;
    const timestamp = Date.parse(envelope.request.timestamp);
    // The library parses its text with JSON.parse, which takes no byte order mark: a signed body
    // with one, JSON all the same (RFC 8259 8.1), would fail there as if its timestamp were bad.
    // It gets the document already parsed, as text; the signature was checked over the bytes sent.
    await timestamps.verify(JSON.stringify(parsed)).catch(() => {
      throw invalidTimestamp();
    });
    if (!(Math.abs(deps.now().getTime() - timestamp) <= SKILL_TIMESTAMP_TOLERANCE_MS)) throw invalidTimestamp();
    if (deps.skillId !== undefined && applicationId !== deps.skillId) {
      throw badRequest(ALEXA_SERVER_MESSAGES.wrongSkill, 'wrong_skill');
    }
    admitOnce(envelope.request.requestId, timestamp);
    return envelope as unknown as RequestEnvelope;
  };
}
