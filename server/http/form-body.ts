import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { bodyText } from './body-text.ts';
import { badRequest } from '../domain/errors.ts';

export const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * The forms taken here (a sign-in, a token request) are a few hundred bytes. The bound keeps the
 * work of parsing one far below that of the API's 1 MiB JSON bodies: a megabyte of `a&a&a…` is
 * 250,000 fields.
 */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

/** Refused forms carry this code: the request is broken, whatever its fields say. */
export const INVALID_FORM = 'invalid_form';

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    // A percent escape that is no UTF-8 (`%E9`): a lenient parser would keep it raw or store U+FFFD.
    throw badRequest(SERVER_MESSAGES.formNotUtf8, INVALID_FORM);
  }
}

/**
 * The fields of a URL-encoded form. A name given twice answers an array of its values, so a schema
 * that wants one value refuses it (RFC 6749 §3.1 forbids repeats). A null-prototype object: a field
 * named `__proto__` is just a field.
 */
export function parseForm(text: string): Record<string, string | string[]> {
  const form = Object.create(null) as Record<string, string | string[]>;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decodeComponent(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decodeComponent(pair.slice(equals + 1));
    const earlier = form[name];
    if (earlier === undefined) form[name] = value;
    else if (Array.isArray(earlier)) earlier.push(value);
    else form[name] = [earlier, value];
  }
  return form;
}

/** Takes URL-encoded forms (the account-linking routes only), UTF-8 only as JSON is. */
export function registerFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT_BYTES }, (request: FastifyRequest, body, done) => {
    try {
      done(null, parseForm(bodyText(request, body as Buffer, { message: SERVER_MESSAGES.formNotUtf8, code: INVALID_FORM })));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
