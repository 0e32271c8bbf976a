import { defineProject, mergeConfig } from 'vitest/config';
import server from './vitest.config.ts';

/** The server suite a second time, on the PostgreSQL server the test command got (DATABASE_URL's, the local one, or a throwaway one). */
export default mergeConfig(
  server,
  defineProject({
    test: { name: 'server-postgres', provide: { serverSuiteDatabase: 'postgres' } },
  }),
);
