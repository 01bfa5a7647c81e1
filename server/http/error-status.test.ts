import { describe, expect, it } from 'vitest';
import { aiErrors } from '../ai/ai-errors.ts';
import {
  badRequest,
  conflict,
  DOMAIN_ERROR_KINDS,
  DomainError,
  emailUnconfirmed,
  forbidden,
  notFound,
  tooLarge,
  tooManyRequests,
  unauthorized,
  unsupportedMediaType,
  wrongPassword,
} from '../domain/errors.ts';
import { STATUS_OF_KIND, statusOf } from './error-status.ts';

/**
 * The statuses the API answered before errors carried a kind instead: each former factory, and
 * each status that code wrote by hand (a payment-required quota, an ended invitation link).
 */
const BEFORE: [string, DomainError, number][] = [
  ['badRequest', badRequest('x'), 400],
  ['wrongPassword of a change', wrongPassword('invalid', 'x'), 400],
  ['unauthorized', unauthorized(), 401],
  ['wrongPassword at sign-in', wrongPassword('notSignedIn', 'x'), 401],
  ['the image quota', new DomainError('quotaExceeded', 'quota_exceeded', 'x'), 402],
  ['forbidden', forbidden('x'), 403],
  ['emailUnconfirmed', emailUnconfirmed('x'), 403],
  ['notFound', notFound(), 404],
  ['conflict', conflict('x'), 409],
  ['an ended invitation link', new DomainError('gone', 'invitation_link_used', 'x'), 410],
  ['tooLarge', tooLarge('x'), 413],
  ['unsupportedMediaType', unsupportedMediaType('x'), 415],
  ['an unknown item of the offline assistant', aiErrors.unknownItem('x', 'en'), 422],
  ['tooManyRequests', tooManyRequests(), 429],
  ['AI not configured', aiErrors.notConfigured(), 501],
  ['the AI model failed', aiErrors.failed(), 502],
  ['the AI model busy', aiErrors.busy(), 503],
  ['the AI model timed out', aiErrors.timeout(), 504],
];

describe('STATUS_OF_KIND', () => {
  it.each(BEFORE)('answers %s with %i, as before', (_name, error, status) => {
    expect(statusOf(error)).toBe(status);
  });

  it('maps every kind, and no kind that does not exist', () => {
    expect(Object.keys(STATUS_OF_KIND).sort()).toEqual([...DOMAIN_ERROR_KINDS].sort());
  });

  it('has a case above for every kind', () => {
    expect(new Set(BEFORE.map(([, error]) => error.kind))).toEqual(new Set(DOMAIN_ERROR_KINDS));
  });
});
