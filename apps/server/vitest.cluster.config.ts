import { defineProject } from 'vitest/config';

/**
 * Several real servers on one PostgreSQL (always PostgreSQL: DATABASE_URL's server or the local
 * one). Its own project so the second, PostgreSQL pass of the server suite does not run it again.
 */
export default defineProject({
  test: {
    name: 'cluster',
    include: ['src/**/*.cluster.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
