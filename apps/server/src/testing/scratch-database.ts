import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseTarget } from '../db/client.ts';

/** A database made for one test or bench run, and how to get rid of it. */
export interface ScratchDatabase {
  target: DatabaseTarget;
  drop(): Promise<void>;
}

/**
 * A throwaway database on the PostgreSQL server named by `postgresUrl`, or, without one, a PGlite
 * folder in the temp dir (`inMemory`: no folder, for a single process).
 */
export async function scratchDatabase(postgresUrl: string | undefined, options: { inMemory?: boolean } = {}): Promise<ScratchDatabase> {
  if (!postgresUrl) {
    if (options.inMemory) return { target: { kind: 'pglite', dataDir: null }, drop: async () => undefined };
    const dataDir = mkdtempSync(join(tmpdir(), 'makerdesk-scratch-'));
    return { target: { kind: 'pglite', dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const { default: pg } = await import('pg');
  const name = `makerdesk_test_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { target: { kind: 'postgres', url: url.toString() }, drop: () => run(`drop database if exists ${name} with (force)`) };
}
