import os from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const SERVER_TESTS = ['server/**/*.test.ts', 'scripts/**/*.test.ts'];
/** Tests of code that cannot reach a database (common/ imports nothing of the server's). */
const DATABASE_FREE_TESTS = ['common/**/*.test.ts', 'eslint-rules/**/*.test.js'];

/**
 * Server and shared-code tests, on the database the `LISTO_TEST_DB` variable names. The PostgreSQL
 * run leaves out what no database changes: the database-free tests, and main.test.ts, whose child
 * processes start on a data folder of their own (SQLite) in either run.
 */
const serverProject = (name: string, database: 'sqlite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    environment: 'node',
    include: database === 'sqlite' ? [...SERVER_TESTS, ...DATABASE_FREE_TESTS] : SERVER_TESTS,
    exclude: database === 'sqlite' ? configDefaults.exclude : [...configDefaults.exclude, 'server/main.test.ts'],
    // Files share a worker's modules instead of importing the server again each (docs/decisions/068):
    // each file still has its own app, database and ports, and server code keeps no module state.
    isolate: false,
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['server/test/setup.ts'],
    env: { LISTO_TEST_DB: database },
    // Server tests hash passwords and start child processes: give slow CI machines room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Two test files at a time on a two-core machine (Vitest's default leaves one core to itself):
    // a server test file waits on its database, sockets and child processes much of the time, and
    // each file has its own database and ports (docs/decisions/068-test-time.md).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
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
          // A file's first test loads its screens' chunks in jsdom; with two files at a time on two
          // busy cores that took over the default 5 s. The limit ends a hang; it does not judge speed.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
