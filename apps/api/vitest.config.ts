import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.ts', 'test/**/*.test.ts'];
// The whole API suite runs twice: on embedded PGlite and on a real PostgreSQL server.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      // fault.test.ts and ready-fault.test.ts stop a PostgreSQL server: PostgreSQL only.
      {
        extends: true,
        test: {
          name: 'pglite',
          include,
          exclude: ['test/fault.test.ts', 'test/ready-fault.test.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: { name: 'postgres', include, env: { TEST_DB: 'postgres' }, globalSetup: ['test/global-postgres.ts'] },
      },
    ],
  },
});
