import { describe, expect, it } from 'vitest';
import { createInMemoryRepositories } from '../testing/in-memory-repositories.ts';
import { HealthService } from './health.service.ts';

describe('HealthService', () => {
  it('reports the database kind, the uptime on its clock and the version', async () => {
    const fake = createInMemoryRepositories();
    let clock = 10_000;
    const health = new HealthService(fake.repos, 'postgres', '1.2.3', () => clock);
    clock += 90_400;
    expect(await health.check()).toEqual({ status: 'ok', database: 'postgres', uptimeSeconds: 90, version: '1.2.3' });
  });

  it('live reads the clock only: it answers while the database does not', () => {
    const fake = createInMemoryRepositories();
    let clock = 5_000;
    const health = new HealthService(fake.repos, 'pglite', '1.2.3', () => clock);
    fake.down = true;
    clock += 61_600;
    expect(health.live()).toEqual({ status: 'live', uptimeSeconds: 62 });
  });

  it('fails while the database does not answer', async () => {
    const fake = createInMemoryRepositories();
    const health = new HealthService(fake.repos, 'pglite');
    fake.down = true;
    await expect(health.check()).rejects.toThrow('database unreachable');
    fake.down = false;
    await expect(health.check()).resolves.toMatchObject({ status: 'ok', database: 'pglite' });
  });
});
