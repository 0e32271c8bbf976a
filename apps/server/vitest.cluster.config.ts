import { defineProject } from 'vitest/config';
import { SEVERAL_SERVERS_TESTS } from './vitest.config.ts';

/**
 * Several real servers on one PostgreSQL (always PostgreSQL: the server the test command got). Its
 * own project so that neither pass of the server suite runs it: once per `vitest run`.
 */
export default defineProject({
  test: {
    name: 'cluster',
    include: SEVERAL_SERVERS_TESTS,
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
