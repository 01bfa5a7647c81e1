import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../common/messages.ts';
import { ApiError } from './client.ts';
import { foundGoneAlready } from './removals.ts';

const answered = (status: number, message: string) => new ApiError(status, 'not_found', message);

describe('foundGoneAlready', () => {
  it.each([
    ['an item gone', 'DELETE', '/lists/l1/items/i1', answered(404, 'Item not found'), true],
    ['an image gone', 'DELETE', '/lists/l1/items/i1/image', answered(404, 'Image not found'), true],
    ['a list gone', 'DELETE', '/lists/l1', answered(404, MESSAGES.listNotFound), true],
    ['a share of a list gone', 'DELETE', '/lists/l1/shares/u1', answered(404, MESSAGES.listNotFound), true],
    ['an item on a list the caller lost', 'DELETE', '/lists/l1/items/i1', answered(404, MESSAGES.listNotFound), false],
    ['an image on a list the caller lost', 'DELETE', '/lists/l1/items/i1/image', answered(404, MESSAGES.listNotFound), false],
    ['an edit of an item gone', 'PUT', '/lists/l1/items/i1', answered(404, 'Item not found'), false],
    ['a refusal', 'DELETE', '/lists/l1/items/i1', answered(403, 'You cannot edit this list'), false],
  ] as const)('%s: %s', (_case, method, path, error, gone) => {
    expect(foundGoneAlready({ method, path }, error)).toBe(gone);
  });
});
