import os from 'node:os';
import { defineConfig } from 'vitest/config';

/*
 * The server suites share one module graph per worker (isolate: false): every file builds its own
 * app and database, and no server module keeps state between apps, so importing the server once
 * per worker instead of once per file is safe, and markedly shortens both engines' runs on a
 * two-core machine (bench/README.md has the figures).
 */
const serverTests = [
  'server/**/*.routes.test.ts',
  'server/**/*.service.test.ts',
  'server/**/*.db.test.ts',
  'server/**/*.process.test.ts',
  'bench/**/*.db.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'web/**/*.test.{ts,tsx}',
          ],
          exclude: serverTests,
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server-sqlite',
          include: serverTests,
          isolate: false,
          globalSetup: ['server/test/build-server.global.ts'],
          env: { TEST_DB: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          include: serverTests,
          isolate: false,
          globalSetup: ['server/test/build-server.global.ts'],
          env: { TEST_DB: 'postgres' },
        },
      },
    ],
    // Vitest's default leaves one core free: one worker on a two-core machine. The server suites
    // wait on databases, child processes and sockets, so two workers finish them about a third
    // sooner (bench/README.md has the figures).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
