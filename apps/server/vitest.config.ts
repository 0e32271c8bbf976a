import { defineProject } from 'vitest/config';

/** Several real servers on one PostgreSQL: their own project (vitest.cluster.config.ts), run once. */
export const SEVERAL_SERVERS_TESTS = ['src/cluster/several-servers.test.ts'];

/** The server suite, on PGlite (or on PostgreSQL when DATABASE_URL is set); vitest.postgres.config.ts runs it again on PostgreSQL. */
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: SEVERAL_SERVERS_TESTS,
    setupFiles: ['src/testing/suite-database.setup.ts'],
    provide: { serverSuiteDatabase: 'pglite' },
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
