import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { INVALID_FORM, parseForm } from './form-body.ts';

describe('parseForm', () => {
  it('decodes names and values, `+` as a space, and a bare name as empty', () => {
    expect({ ...parseForm('email=ada%40example.com&password=caf%C3%A9+au+lait&remember&&') }).toEqual({
      email: 'ada@example.com',
      password: 'café au lait',
      remember: '',
    });
  });

  it('answers every value of a name given twice, so a schema that wants one refuses it', () => {
    expect({ ...parseForm('scope=a&scope=b&scope=c') }).toEqual({ scope: ['a', 'b', 'c'] });
  });

  it('keeps `__proto__` as a plain field', () => {
    const form = parseForm('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(form)).toBeNull();
    expect(Object.entries(form)).toEqual([['__proto__', 'x'], ['constructor', 'y']]);
  });

  it.each(['password=caf%E9', 'pass%FFword=x', 'password=%', 'password=%zz'])('refuses %s: no UTF-8 behind its escape', (text) => {
    expect(() => parseForm(text)).toThrow(expect.objectContaining({ kind: 'invalid', code: INVALID_FORM, message: SERVER_MESSAGES.formNotUtf8 }));
  });
});
