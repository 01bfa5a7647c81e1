import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { DomainError } from '../domain/errors.ts';
import { nestsDeeperThan, parseJsonLimited } from './json-body.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

function refusal(text: string): { code: string; message: string } | undefined {
  try {
    parseJsonLimited(text);
    return undefined;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, message: error.message };
  }
}

describe('nestsDeeperThan', () => {
  it('counts objects and arrays alike, up to the limit and no further', () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan('{"a":[{"b":{}}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":{}}]}', 3)).toBe(true);
  });

  it('measures depth, not the number of brackets', () => {
    expect(nestsDeeperThan(`[${Array(1000).fill('[]').join(',')}]`, 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(`["${'['.repeat(100)}"]`, 1)).toBe(false);
    expect(nestsDeeperThan(`["\\"${'{'.repeat(100)}"]`, 1)).toBe(false);
    expect(nestsDeeperThan(`["\\\\", ${nested(5)}]`, 5)).toBe(true);
  });

  it('scans a million levels without recursion', () => {
    expect(nestsDeeperThan(nested(1_000_000), JSON_MAX_DEPTH)).toBe(true);
  });
});

describe('parseJsonLimited', () => {
  it('parses JSON up to the depth limit, and a leading byte order mark', () => {
    expect(parseJsonLimited(nested(JSON_MAX_DEPTH))).toBeInstanceOf(Array);
    expect(parseJsonLimited(nestedObjects(JSON_MAX_DEPTH))).toHaveProperty('a');
    expect(parseJsonLimited('\uFEFF{"a":1}')).toEqual({ a: 1 });
  });

  it('refuses nesting past the limit with its own message', () => {
    const tooDeep = { code: 'invalid_json', message: SERVER_MESSAGES.jsonTooDeep };
    expect(refusal(nested(JSON_MAX_DEPTH + 1))).toEqual(tooDeep);
    expect(refusal(nestedObjects(JSON_MAX_DEPTH + 1))).toEqual(tooDeep);
  });

  it.each([
    ['empty text', ''],
    ['malformed JSON', '{"a":'],
  ])('refuses %s as invalid JSON', (_name, text) => {
    expect(refusal(text)).toEqual({ code: 'invalid_json', message: SERVER_MESSAGES.invalidJson });
  });

  it.each([
    ['a __proto__ key', '{"a":{"__proto__":{"admin":true}}}'],
    ['an escaped __proto__ key', '{"\\u005f_proto__":{}}'],
    ['a constructor with a prototype', '[{"constructor":{"prototype":{"admin":true}}}]'],
  ])('refuses %s with its own message', (_name, text) => {
    expect(refusal(text)).toEqual({ code: 'invalid_json', message: SERVER_MESSAGES.jsonPrototypeKey });
  });

  it('takes a constructor key that holds no prototype', () => {
    expect(parseJsonLimited('{"constructor":"Ada"}')).toEqual({ constructor: 'Ada' });
  });
});
