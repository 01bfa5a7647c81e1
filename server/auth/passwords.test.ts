import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

// The server tests hash at a lower cost (server/test/setup.ts); these check the server's own.
vi.unmock('./passwords.ts');

describe('passwords', () => {
  it('verifies the password it hashed and nothing else', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct hors', hash)).toBe(false);
  });

  it("hashes at the server's cost: scrypt with N=2^15, r=8, p=1", async () => {
    expect((await hashPassword('correct horse')).split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });
});
