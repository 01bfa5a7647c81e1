import crypto from 'node:crypto';
import type { AuthResponse } from '../../common/schemas/auth.ts';
import type { TestApp } from './test-app.ts';

export interface TestUser extends AuthResponse {
  email: string;
  password: string;
}

/** Registers a user through the API; every field can be overridden. */
export async function createUser(
  t: TestApp,
  overrides: { email?: string; password?: string; first_name?: string } = {},
): Promise<TestUser> {
  const email = overrides.email ?? `user-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = overrides.password ?? 'secret-password';
  const response = await t.request({
    method: 'POST',
    path: '/auth/register',
    body: { email, password, ...(overrides.first_name ? { first_name: overrides.first_name } : {}) },
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...(response.body as AuthResponse), email, password };
}
