import { describe, expect, it } from 'vitest';
import { isTrustworthyOrigin } from './trustworthy-origin.ts';

describe('isTrustworthyOrigin', () => {
  it('counts HTTPS anywhere and plain HTTP on loopback hosts', () => {
    expect(isTrustworthyOrigin('https', 'lists.example.org')).toBe(true);
    expect(isTrustworthyOrigin('https', '192.168.1.20')).toBe(true);
    for (const host of ['localhost', 'LOCALHOST', 'listo.localhost', '127.0.0.1', '127.1.2.3', '[::1]']) {
      expect(isTrustworthyOrigin('http', host)).toBe(true);
    }
  });

  it('does not count plain HTTP on a network address or name', () => {
    for (const host of ['192.168.1.20', 'lists.home.arpa', '[fe80::1]', '10.0.0.127', '127.0.0.1.example.org', 'localhost.example.org', '']) {
      expect(isTrustworthyOrigin('http', host)).toBe(false);
    }
  });
});
