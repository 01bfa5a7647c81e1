import { vi } from 'vitest';
import type { ScryptParams } from '../auth/passwords.ts';

/**
 * Server tests register thousands of accounts: each hashes its password at scrypt's lowest cost
 * (1 MiB, about a millisecond) instead of the server's (32 MiB, 50 ms or more). The stored hash
 * keeps its format and names its cost, so every check reads it back as it would a real one;
 * server/auth/passwords.test.ts checks the real cost.
 */
const TEST_PARAMS: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

vi.mock(import('../auth/passwords.ts'), async (importOriginal) => {
  const passwords = await importOriginal();
  return { ...passwords, hashPassword: (password: string) => passwords.hashPassword(password, TEST_PARAMS) };
});
