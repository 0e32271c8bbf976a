/**
 * Loaded before each file of the server suite. In a pass on PostgreSQL with no server to be had,
 * every file fails at once saying why, rather than each file's `beforeAll` failing and its tests
 * being reported as skipped.
 */
import { suiteDatabaseUrl } from './test-postgres.ts';

suiteDatabaseUrl();
