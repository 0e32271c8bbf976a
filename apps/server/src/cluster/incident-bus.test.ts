import { randomUUID } from 'node:crypto';
import { text } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncidentRepository, IncidentRow } from '../repositories/incident.repository.ts';
import type { Port } from '../repositories/repositories.ts';
import { IncidentService, type IncidentNotice } from '../services/incidents/incident.service.ts';
import { scratchDatabase, type ScratchDatabase } from '../testing/scratch-database.ts';
import { postgresServerUrl } from '../testing/test-postgres.ts';
import { PgClusterBus } from './pg-cluster-bus.ts';

/**
 * An incident recorded on one server reaches the sockets of every other server sharing the
 * PostgreSQL (LISTEN/NOTIFY): each server's IncidentService hears it on the bus, checked.
 */
let scratch: ScratchDatabase;
const buses: PgClusterBus[] = [];
const none = async () => {
  throw new Error('not used');
};

beforeAll(async () => {
  scratch = await scratchDatabase(postgresServerUrl());
  if (scratch.target.kind !== 'postgres') throw new Error('expected a PostgreSQL scratch database');
});
afterAll(async () => {
  for (const bus of buses) await bus.close();
  await scratch.drop();
});

/** The rows as the database would answer them (the SQL is route-tested); only the bus is under test here. */
function rows(): Port<IncidentRepository> {
  let id = 0;
  return {
    insert: async (incident) => ({ ...incident, id: ++id, clearedAt: null, createdAt: new Date(Date.UTC(2026, 10, 27, 4)) }) as IncidentRow,
    coinName: async () => 'BTC/USDT',
    list: none,
    unreadCount: none,
    markRead: none,
    halted: none,
    clearHalts: none,
    latestKeyRefusal: async () => undefined,
    latestOfKinds: async () => undefined,
    insertUnlessTold: none,
    amend: async () => undefined,
  };
}

async function server(): Promise<IncidentService> {
  if (scratch.target.kind !== 'postgres') throw new Error('PostgreSQL only');
  const bus = await PgClusterBus.open({ url: scratch.target.url, nodeId: randomUUID(), log: { warn: () => undefined, error: () => undefined } });
  buses.push(bus);
  return new IncidentService(rows(), { listFor: async () => [], requireUsablePair: none }, bus);
}

describe('incidents between servers', () => {
  it('one recorded on server A is heard on server B (and on A), whole', async () => {
    const a = await server();
    const b = await server();
    const heardA: IncidentNotice[] = [];
    const heardB: IncidentNotice[] = [];
    a.subscribe((n) => heardA.push(n));
    b.subscribe((n) => heardB.push(n));
    await a.record({ coinId: 1, adminId: 7, level: 'error', kind: 'venue_down', title: text('incident.venueDownTitle'), text: text('incident.venueDownText', { bot: '#3', pair: 'BTC/USDT', reason: 'timeout' }) });
    await expect.poll(() => heardB.length, { timeout: 5000 }).toBe(1);
    expect(heardB[0]).toEqual({
      id: 1,
      coinId: 1,
      coinName: 'BTC/USDT',
      robotId: null,
      adminId: 7,
      level: 'error',
      kind: 'venue_down',
      title: { key: 'incident.venueDownTitle', params: {} },
      text: { key: 'incident.venueDownText', params: { bot: '#3', pair: 'BTC/USDT', reason: 'timeout' } },
      createdAt: Date.UTC(2026, 10, 27, 4),
    });
    await expect.poll(() => heardA.length, { timeout: 5000 }).toBe(1);
  });
});
