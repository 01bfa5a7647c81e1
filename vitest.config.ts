import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Server and shared-code tests, on the database the `LISTO_TEST_DB` variable names. */
const serverProject = (name: string, database: 'sqlite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    environment: 'node',
    include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    env: { LISTO_TEST_DB: database },
    // Server tests hash passwords and start child processes: give slow CI machines room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // CI keeps a machine-readable result for the summary line of .ci/run.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'],
    projects: [
      serverProject('server', 'sqlite'),
      // With TEST_DATABASE_URL set, every server test runs a second time, on PostgreSQL.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
        },
      },
    ],
  },
});
