import type { Repositories } from '../repositories/repositories.ts';

/**
 * What the retention tests (services/retention/*.test.ts) set up alike: bots switched on without a
 * credential or a config (only their ledger is read).
 */

/** A running bot of `type` on the pair, for its ledger only: its id. */
export async function insertLedgerBot(repos: Pick<Repositories, 'robots'>, adminId: number, coinId: number, type: string): Promise<number> {
  const row = await repos.robots.insert({
    adminId,
    coinId,
    credentialId: null,
    type,
    config: {},
    status: 'running',
    stopReason: null,
    startMode: 'now',
    startAt: null,
    priceMode: 'normal',
    description: type,
    startedAt: null,
  });
  return row.id;
}
