import type { healthLiveResponse, healthResponse } from '@makerdesk/contract';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { Repositories } from '../repositories/repositories.ts';

export type Health = z.infer<typeof healthResponse>;
export type HealthLive = z.infer<typeof healthLiveResponse>;

export class HealthService {
  constructor(
    private readonly repos: Pick<Repositories, 'database'>,
    private readonly databaseKind: Database['kind'],
    private readonly version = process.env.npm_package_version ?? '0.1.0',
    private readonly now: () => number = Date.now,
    private readonly startedAt = now(),
  ) {}

  /** Answers only once the database answers: a database that is down fails the call. */
  async check(): Promise<Health> {
    await this.repos.database.ping();
    return { status: 'ok', database: this.databaseKind, uptimeSeconds: this.uptimeSeconds(), version: this.version };
  }

  /** GET /health/live: reads the clock only (no database), so it answers while the process and its event loop do. */
  live(): HealthLive {
    return { status: 'live', uptimeSeconds: this.uptimeSeconds() };
  }

  private uptimeSeconds(): number {
    return Math.round((this.now() - this.startedAt) / 1000);
  }
}
