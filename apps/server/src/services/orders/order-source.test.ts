import { MAIN_ACCOUNT } from '@makerdesk/contract';
import { botScope, makerDeskClientOrderId, MANUAL_SCOPE } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import type { RobotSourceRow } from '../../repositories/robot.repository.ts';
import { attributeFill, matchesSource, robotDisplayName, sourcesFor, StreamSources, type RobotSourceLookup } from './order-source.ts';

const RESTRICTED = 2;
const alice = { id: 10, mainAccountId: RESTRICTED };
const bob = { id: 11, mainAccountId: RESTRICTED };
const main = { id: 1, mainAccountId: MAIN_ACCOUNT };
const bots: RobotSourceRow[] = [
  { id: 5, adminId: alice.id, type: 'depth_far', description: 'Alice ladder' },
  { id: 6, adminId: bob.id, type: 'depth_near', description: '' },
];

/** A lookup that counts its queries. */
function lookup(): RobotSourceLookup & { queries: number[][] } {
  const queries: number[][] = [];
  return {
    queries,
    async sourcesOf(ids) {
      queries.push(ids);
      return bots.filter((b) => ids.includes(b.id));
    },
  };
}

const bot = (id: number) => makerDeskClientOrderId(botScope(id));

describe('sourcesFor', () => {
  it('reads all the bots of an answer in one query, each once', async () => {
    const repo = lookup();
    const ids = [bot(5), bot(5), bot(6), makerDeskClientOrderId(MANUAL_SCOPE), 'x-foreign', null];
    const source = await sourcesFor(repo, main, 'en_US', ids);
    expect(repo.queries).toEqual([[5, 6]]);
    expect(ids.map(source)).toEqual([
      { kind: 'bot', robotId: 5, robotName: 'Alice ladder' },
      { kind: 'bot', robotId: 5, robotName: 'Alice ladder' },
      { kind: 'bot', robotId: 6, robotName: 'Depth near #6' },
      { kind: 'manual', robotId: null, robotName: null },
      { kind: 'other', robotId: null, robotName: null },
      { kind: 'other', robotId: null, robotName: null },
    ]);
  });

  it("treats another account's bot as other for a restricted reader, and a deleted bot as a bot without a name", async () => {
    const source = await sourcesFor(lookup(), alice, 'en_US', [bot(5), bot(6), bot(77)]);
    expect(source(bot(5))).toEqual({ kind: 'bot', robotId: 5, robotName: 'Alice ladder' });
    expect(source(bot(6))).toEqual({ kind: 'other', robotId: null, robotName: null });
    expect(source(bot(77))).toEqual({ kind: 'bot', robotId: 77, robotName: null });
  });

  it('asks nothing when no bot is named', async () => {
    const repo = lookup();
    await sourcesFor(repo, main, 'en_US', [makerDeskClientOrderId(MANUAL_SCOPE)]);
    expect(repo.queries).toEqual([]);
  });
});

describe('StreamSources', () => {
  it('reads each bot once per stream, a missing one too', async () => {
    const repo = lookup();
    const stream = new StreamSources(repo, bob, 'zh_CN');
    expect(await stream.of(bot(6))).toEqual({ kind: 'bot', robotId: 6, robotName: '近端深度 #6' });
    expect(await stream.of(bot(6))).toEqual({ kind: 'bot', robotId: 6, robotName: '近端深度 #6' });
    expect(await stream.of(bot(5))).toEqual({ kind: 'other', robotId: null, robotName: null });
    expect(await stream.of(bot(99))).toEqual({ kind: 'bot', robotId: 99, robotName: null });
    expect(await stream.of(bot(99))).toEqual({ kind: 'bot', robotId: 99, robotName: null });
    expect(repo.queries).toEqual([[6], [5], [99]]);
  });
});

describe('matchesSource and robotDisplayName', () => {
  it('filters by kind, by bot, or not at all', () => {
    const a = { kind: 'bot' as const, robotId: 5, robotName: 'A' };
    const m = { kind: 'manual' as const, robotId: null, robotName: null };
    expect(matchesSource(a, {})).toBe(true);
    expect(matchesSource(a, { source: 'bot' })).toBe(true);
    expect(matchesSource(m, { source: 'bot' })).toBe(false);
    expect(matchesSource(a, { robotId: 5 })).toBe(true);
    expect(matchesSource(a, { robotId: 6 })).toBe(false);
    expect(matchesSource(m, { robotId: 5 })).toBe(false);
  });

  it("names a bot by its description, else its type in the reader's language and its number", () => {
    expect(robotDisplayName({ id: 3, type: 'depth_far', description: '  Far book ' }, 'zh_CN')).toBe('Far book');
    expect(robotDisplayName({ id: 3, type: 'depth_far', description: '' }, 'en_US')).toBe('Depth far #3');
    expect(robotDisplayName({ id: 3, type: 'gone_type', description: '' }, 'en_US')).toBe('gone_type #3');
  });
});

describe('attributeFill: one rule for every list of fills', () => {
  const robots = new Map(bots.map((b) => [b.id, b]));
  const manualId = makerDeskClientOrderId(MANUAL_SCOPE);

  it('a fill of a bot of this account names the bot, from the venue as from the bots’ ledger', () => {
    expect(attributeFill({ ledger: 'venue', clientOrderId: bot(5) }, robots, alice, 'en_US')).toEqual({ kind: 'bot', robotId: 5, robotName: 'Alice ladder' });
    expect(attributeFill({ ledger: 'botLedger', robotId: 5 }, robots, alice, 'en_US')).toEqual({ kind: 'bot', robotId: 5, robotName: 'Alice ladder' });
    expect(attributeFill({ ledger: 'botLedger', robotId: 6 }, robots, main, 'zh_CN')).toEqual({ kind: 'bot', robotId: 6, robotName: '近端深度 #6' });
  });

  it('another account’s bot is other to a restricted reader, without its number or name', () => {
    expect(attributeFill({ ledger: 'venue', clientOrderId: bot(6) }, robots, alice, 'en_US')).toEqual({ kind: 'other', robotId: null, robotName: null });
    expect(attributeFill({ ledger: 'botLedger', robotId: 6 }, robots, alice, 'en_US')).toEqual({ kind: 'other', robotId: null, robotName: null });
  });

  it('a deleted bot keeps its number, with no name', () => {
    expect(attributeFill({ ledger: 'venue', clientOrderId: bot(404) }, robots, alice, 'en_US')).toEqual({ kind: 'bot', robotId: 404, robotName: null });
    expect(attributeFill({ ledger: 'botLedger', robotId: 404 }, robots, alice, 'en_US')).toEqual({ kind: 'bot', robotId: 404, robotName: null });
    expect(attributeFill({ ledger: 'botLedger', robotId: null }, robots, alice, 'en_US')).toEqual({ kind: 'bot', robotId: null, robotName: null });
  });

  it('a console order is manual, from the venue and in manual_fills (a row copied before the id was kept too)', () => {
    expect(attributeFill({ ledger: 'venue', clientOrderId: manualId }, robots, alice, 'en_US')).toEqual({ kind: 'manual', robotId: null, robotName: null });
    expect(attributeFill({ ledger: 'manualLedger', clientOrderId: manualId }, robots, alice, 'en_US')).toEqual({ kind: 'manual', robotId: null, robotName: null });
    expect(attributeFill({ ledger: 'manualLedger', clientOrderId: null }, robots, alice, 'en_US')).toEqual({ kind: 'manual', robotId: null, robotName: null });
  });

  it('another client of the key is other; so is a venue fill whose order is not known', () => {
    expect(attributeFill({ ledger: 'venue', clientOrderId: 'x-AB12cd' }, robots, alice, 'en_US')).toEqual({ kind: 'other', robotId: null, robotName: null });
    expect(attributeFill({ ledger: 'manualLedger', clientOrderId: 'web_8f2a' }, robots, alice, 'en_US')).toEqual({ kind: 'other', robotId: null, robotName: null });
    expect(attributeFill({ ledger: 'venue', clientOrderId: undefined }, robots, alice, 'en_US')).toEqual({ kind: 'other', robotId: null, robotName: null });
  });

  it('a bot-looking id in manual_fills is other: the account’s bots’ fills are never copied there', () => {
    expect(attributeFill({ ledger: 'manualLedger', clientOrderId: bot(5) }, robots, alice, 'en_US')).toEqual({ kind: 'other', robotId: null, robotName: null });
    expect(attributeFill({ ledger: 'manualLedger', clientOrderId: bot(404) }, robots, main, 'en_US')).toEqual({ kind: 'other', robotId: null, robotName: null });
  });
});
