/**
 * The root vitest config's global setup: when the run includes a project of the server's, gets the
 * PostgreSQL server for it (ensure-postgres.ts) and provides it to the tests as `testPostgres`
 * (apps/server/src/testing/test-postgres.ts reads it). A throwaway server is stopped at the end.
 */
import type { TestProject } from 'vitest/node';
import { realSystem, runPostgres } from './ensure-postgres.ts';

/** The projects whose tests use PostgreSQL (apps/server's vitest configs). */
const USES_POSTGRES = new Set(['server', 'server-postgres', 'cluster']);

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!project.vitest.projects.some((p) => USES_POSTGRES.has(p.name))) return undefined;
  const postgres = await runPostgres(realSystem);
  project.provide('testPostgres', postgres.provided);
  return postgres.release;
}
