import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.ts', 'test/**/*.test.ts'];
// The whole API suite runs twice: on embedded PGlite and on a real PostgreSQL server.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time (Vitest's default on 2 cores is one): most of a file's time is spent
    // waiting on databases, child processes and sockets. 550 s instead of 815 s on 2 cores.
    maxWorkers: 2,
    isolate: false,
    projects: [
      // fault.test.ts and ready-fault.test.ts stop a PostgreSQL server, driver-close.test.ts resets
      // the driver's socket to one: PostgreSQL only.
      {
        extends: true,
        test: {
          name: 'pglite',
          include,
          exclude: ['test/ops/fault.test.ts', 'test/ops/ready-fault.test.ts', 'test/ops/driver-close.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['test/support/global-pglite.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'postgres', include, env: { TEST_DB: 'postgres' }, globalSetup: ['test/support/global-postgres.ts'] },
      },
    ],
  },
});
