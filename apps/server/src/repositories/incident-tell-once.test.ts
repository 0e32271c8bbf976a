import { text } from '@makerdesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { IncidentRepository, type IncidentRow } from './incident.repository.ts';

/** An incident told once per event (the obligation monitor's), written by many callers at once (PGlite, and PostgreSQL's pool in the suite's PostgreSQL pass). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const breach = { coinId: 1, robotId: null, adminId: null, actorAdminId: null, level: 'error' as const, kind: 'obligation_breach' as const, title: text('incident.obligationBreachTitle', { pair: 'BTC/USDT' }), text: text('incident.obligationBreachTitle', { pair: 'BTC/USDT' }), details: { from: 0 } };
const kinds = ['obligation_breach', 'obligation_recovered'] as const;
const told = (latest: IncidentRow | undefined) => latest?.kind === 'obligation_breach';

describe('IncidentRepository.insertUnlessTold', () => {
  it('twelve callers telling the same breach at once write it once; the pair’s next event is written', async () => {
    // PostgreSQL: every connection of the pool open first, so the twelve transactions overlap.
    await Promise.all(Array.from({ length: 10 }, () => t.database.db.execute(sql`select pg_sleep(0.05)`)));
    const repos = Array.from({ length: 12 }, () => new IncidentRepository(t.database.db));
    const written = await Promise.all(repos.map((r) => r.insertUnlessTold(breach, kinds, told)));
    expect(written.filter((w) => w !== null)).toHaveLength(1);
    const repo = repos[0]!;
    expect((await repo.latestOfKinds(1, kinds))?.kind).toBe('obligation_breach');
    const recovered = await repo.insertUnlessTold({ ...breach, level: 'info', kind: 'obligation_recovered' }, kinds, (latest) => latest?.kind !== 'obligation_breach');
    expect(recovered?.kind).toBe('obligation_recovered');
    expect(await repo.insertUnlessTold(breach, kinds, told)).not.toBeNull();
    // Another pair's state is its own.
    expect((await repo.latestOfKinds(2, kinds))?.kind).toBeUndefined();
  });
});
