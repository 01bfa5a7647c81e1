import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ADMIN_MESSAGES } from '../../common/admin.ts';
import { ACCESS_TOKEN_MESSAGES } from '../../common/access-tokens.ts';
import { AI_MESSAGES } from '../../common/ai.ts';
import { IMAGE_MESSAGES } from '../../common/images.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import type { ApiErrorBody } from '../../common/schemas/api.ts';
import { isDatabaseUnavailable, isForeignKeyViolation, isTransactionConflict } from '../db/errors.ts';
import { DomainError } from '../domain/errors.ts';
import { statusOf } from './error-status.ts';
import { JSON_CONTENT_TYPE } from './route-answer.ts';

const USER_FACING = new Set<unknown>([
  ...Object.values(MESSAGES),
  ...Object.values(SERVER_MESSAGES),
  ...Object.values(AI_MESSAGES),
  ...Object.values(ADMIN_MESSAGES),
  ...Object.values(IMAGE_MESSAGES),
  ...Object.values(ACCESS_TOKEN_MESSAGES),
]);

/** The message of a refused input: ours as it is, anything else with the field it is about ("limit: ..."). */
export function validationMessage(field: string, text: string | undefined): string {
  const message = text ?? 'Invalid input';
  return USER_FACING.has(message) || !field ? message : `${field}: ${message}`;
}

/** Fastify's own client errors, by code, with the answer we give instead of its wording. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'too_large', message: SERVER_MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: SERVER_MESSAGES.unsupportedMediaType,
  },
  // Raised by the router, before any route or hook runs (see `answerError` below).
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url', message: SERVER_MESSAGES.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'url_too_long', message: SERVER_MESSAGES.pathParamTooLong },
};

/** Our answer to one of Fastify's client errors (a body too large...), or undefined for any other error. */
export const knownClientError = (error: FastifyError) => (error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined);

export const errorBody = (code: string, message: string): ApiErrorBody => ({ error: { code, message } });

/**
 * Every error leaves as `{"error":{"code","message"}}`: our DomainErrors with the status of their kind (error-status.ts), validation
 * failures as 400 with the first problem, Fastify's client errors with our wording, and anything
 * unexpected as a logged 500 that says nothing about the internals (a 503 when the database could not
 * serve: a full disk, a database down). Also serves as Fastify's
 * `frameworkErrors` option: the router's own refusals (malformed percent-encoding, a path
 * parameter over the limit) never reach the error handler, and Fastify's answers to them are not
 * in our envelope.
 */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof DomainError) {
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds);
    return reply.status(statusOf(error)).send(errorBody(error.code, error.message));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0]!;
    const field = issue.instancePath.slice(1).replaceAll('/', '.');
    const text = issue.message ?? 'Invalid input';
    // No body, or JSON that is not an object, on a route without words of its own for it (the item
    // routes have): zod's "expected object, received null" is not ours.
    if (!field && !USER_FACING.has(text) && error.validationContext === 'body' && !isObject(request.body)) {
      return reply.status(400).send(errorBody('invalid_input', SERVER_MESSAGES.bodyNotObject));
    }
    return reply.status(400).send(errorBody('invalid_input', validationMessage(field, text)));
  }
  const known = knownClientError(error);
  if (known) return reply.status(known.status).send(errorBody(known.code, known.message));
  if (error.statusCode === 429) {
    return reply.status(429).send(errorBody('rate_limited', SERVER_MESSAGES.tooManyAttempts));
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.status(error.statusCode).send(errorBody('bad_request', error.message));
  }
  if (isForeignKeyViolation(error)) {
    return reply.status(409).send(errorBody('conflict', SERVER_MESSAGES.removedMeanwhile));
  }
  if (isTransactionConflict(error)) {
    request.log.warn({ err: error }, 'a transaction gave way to another');
    return reply.status(503).send(errorBody('transaction_conflict', SERVER_MESSAGES.transactionConflict));
  }
  if (isDatabaseUnavailable(error)) {
    // The operator's problem (a full disk, a database down), not the request's: the log says which.
    request.log.error({ err: error }, 'the database cannot serve this request');
    return reply.status(503).send(errorBody('database_unavailable', SERVER_MESSAGES.databaseUnavailable));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorBody('internal', SERVER_MESSAGES.internal));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
  // A plugin that answers 404 itself sends no body (@fastify/websocket, to a plain GET on the
  // socket route): it gets the envelope of every other 404.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode !== 404 || (payload !== undefined && payload !== null && payload !== '')) return payload;
    reply.header('content-type', JSON_CONTENT_TYPE);
    return JSON.stringify(errorBody('not_found', SERVER_MESSAGES.notFound));
  });
}

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
