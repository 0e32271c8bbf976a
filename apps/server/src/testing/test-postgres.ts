/**
 * The PostgreSQL server a test run has, as the test command hands it to the tests (the root
 * vitest config's global setup, scripts/postgres.global-setup.ts, gets one and provides it), and
 * which database the server suite runs on in this pass.
 */
import { inject } from 'vitest';

/** The server's URL (its `postgres` database), or why the test command could not get one. */
export type TestPostgres = { url: string } | { unavailable: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testPostgres?: TestPostgres;
    /** Set by each pass of the server suite (apps/server/vitest.config.ts, vitest.postgres.config.ts). */
    serverSuiteDatabase?: 'pglite' | 'postgres';
  }
}

/**
 * The PostgreSQL server for a test that needs one. Without one it throws saying why: call it when
 * the test file loads, so the file fails with that message (from a `beforeAll` its tests would
 * only be reported as skipped).
 */
export function postgresServerUrl(): string {
  const provided = inject('testPostgres');
  if (provided === undefined) {
    throw new Error('This test needs PostgreSQL, and this run was given none: run it from the repository root (npm test, or npx vitest run --project server …), whose vitest.config.ts gets one.');
  }
  if ('unavailable' in provided) throw new Error(`This test needs PostgreSQL, and the test command could not get one. ${provided.unavailable}`);
  return provided.url;
}

/**
 * The PostgreSQL server the server suite runs on in this pass, or undefined for PGlite: the
 * PostgreSQL pass always, the PGlite pass only when DATABASE_URL is set.
 */
export function suiteDatabaseUrl(): string | undefined {
  const onPostgres = inject('serverSuiteDatabase') === 'postgres' || Boolean(process.env.DATABASE_URL);
  return onPostgres ? postgresServerUrl() : undefined;
}
