import { MAIN_ACCOUNT, RESTRICTED_ACCOUNT } from '@makerdesk/contract';
import { mul } from '@makerdesk/decimal';
import type { FillRecord, JournalOrder } from '@makerdesk/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInMemoryRepositories } from '../testing/in-memory-repositories.ts';
import { freshDatabase } from '../testing/test-app.ts';
import type { AdminRow } from '../domain/account.ts';
import type { CoinRow } from './coin.repository.ts';
import { PairKeyTakenError } from './credential.repository.ts';
import { createRepositories, type Repositories } from './repositories.ts';
import type { NewRobot } from './robot.repository.ts';
import type { TradingLogFilter } from './trading-log.repository.ts';

/**
 * One behaviour, two implementations: the SQL repositories (PGlite, or PostgreSQL with
 * DATABASE_URL) and the in-memory fakes the service tests use, so the fakes cannot drift.
 */
const targets: { name: string; open(): Promise<{ repos: Repositories; close(): Promise<void> }> }[] = [
  {
    name: 'SQL',
    async open() {
      const { database, drop } = await freshDatabase();
      await database.migrate();
      return {
        repos: createRepositories(database.db),
        async close() {
          await database.close();
          await drop();
        },
      };
    },
  },
  { name: 'in-memory fake', open: async () => ({ repos: createInMemoryRepositories().repos, close: async () => undefined }) },
];

describe.each(targets)('repositories ($name)', (target) => {
  let repos: Repositories;
  let close: () => Promise<void>;
  let main: AdminRow;
  let sub: AdminRow;
  let btc: CoinRow;
  let eth: CoinRow;
  let simId: number;

  const account = (name: string, mainAccountId = RESTRICTED_ACCOUNT) => ({ account: name, passwordHash: 'h', role: 'trader', employeeName: name, mainAccountId });
  const minutes = (n: number) => new Date(Date.UTC(2030, 0, 1, 0, n));

  beforeAll(async () => {
    ({ repos, close } = await target.open());
    await repos.platforms.insertMissing([
      { code: 'sim', name: 'Sim' },
      { code: 'binance', name: 'Binance' },
    ]);
    await repos.platforms.insertMissing([{ code: 'sim', name: 'Renamed' }]);
    simId = (await repos.platforms.findByCode('sim'))!.id;
    await repos.coins.insertMissing(simId, ['BTC/USDT', 'ETH/USDT']);
    await repos.coins.insertMissing(simId, ['BTC/USDT']);
    [btc, eth] = (await repos.coins.listAll()) as [CoinRow, CoinRow];
    main = (await repos.admins.insert(account('main@desk.io', MAIN_ACCOUNT)))!;
    sub = (await repos.admins.insert(account('sub@desk.io')))!;
  });
  afterAll(() => close());

  it('platforms and pairs are added once, by natural key', async () => {
    expect((await repos.platforms.list()).map((p) => [p.code, p.name])).toEqual([
      ['sim', 'Sim'],
      ['binance', 'Binance'],
    ]);
    expect((await repos.platforms.findById(simId))?.code).toBe('sim');
    expect((await repos.coins.listAll()).map((c) => c.coinName)).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(btc).toMatchObject({ platformId: simId, marketKind: 'spot', status: 'enabled', endTimeStamp: null });
  });

  it('admins: an account is registered once; lists filter literally and case-insensitively, by status, a page at a time', async () => {
    expect(await repos.admins.insert(account('sub@desk.io'))).toBeUndefined();
    expect(main).toMatchObject({ status: 'active', lastLoginAt: null });
    const a = (await repos.admins.insert(account('x_y@desk.io')))!;
    const b = (await repos.admins.insert(account('X%Z@desk.io')))!;
    await repos.admins.insert(account('xqy@desk.io'));
    expect((await repos.admins.list({ account: '_' }, { limit: 10, offset: 0 })).rows.map((r) => r.id)).toEqual([a.id]);
    expect((await repos.admins.list({ account: 'x%z' }, { limit: 10, offset: 0 })).rows.map((r) => r.id)).toEqual([b.id]);
    expect(await repos.admins.update(b.id, { status: 'suspended', employeeName: 'B' })).toMatchObject({ id: b.id, status: 'suspended', employeeName: 'B' });
    expect((await repos.admins.list({ status: 'suspended' }, { limit: 10, offset: 0 })).rows.map((r) => r.id)).toEqual([b.id]);
    const second = await repos.admins.list({}, { limit: 2, offset: 2 });
    expect(second.total).toBe(5);
    expect(second.rows.map((r) => r.account)).toEqual(['x_y@desk.io', 'X%Z@desk.io']);
    expect((await repos.admins.findByAccount('main@desk.io'))?.id).toBe(main.id);
    expect((await repos.admins.findMainAccount())?.id).toBe(main.id);
    expect(await repos.admins.update(99_999, { role: 'viewer' })).toBeUndefined();
  });

  it('sessions: revoking ends live sessions, answers their ids and stamps their login logs once; the spared session stays', async () => {
    const signIn = async (admin: AdminRow, id: string, at: Date) => {
      const loginLogId = await repos.sessions.insertLoginLog({ adminId: admin.id, account: admin.account, loginTime: at, loginIp: '10.0.0.1', userAgent: 'UA' });
      await repos.sessions.insertSession({ id, adminId: admin.id, loginLogId, createdAt: at, expiresAt: minutes(600) });
      return loginLogId;
    };
    const l1 = await signIn(sub, 'sub-1', minutes(1));
    const l2 = await signIn(sub, 'sub-2', minutes(2));
    const l3 = await signIn(sub, 'sub-3', minutes(2));
    const lm = await signIn(main, 'main-1', minutes(3));

    expect(await repos.sessions.findUnrevoked('sub-1', sub.id)).toMatchObject({ session: { id: 'sub-1', loginLogId: l1, revokedAt: null }, admin: { id: sub.id } });
    expect(await repos.sessions.findUnrevoked('sub-1', main.id)).toBeUndefined();

    // Each call answers the sessions it revoked (for the revocation notice), never one already ended.
    expect(await repos.sessions.revokeSession('sub-1', minutes(10))).toEqual(['sub-1']);
    expect(await repos.sessions.revokeAllSessions(sub.id, minutes(20), 'sub-3')).toEqual(['sub-2']);
    expect(await repos.sessions.revokeSession('sub-1', minutes(30))).toEqual([]);
    expect(await repos.sessions.findUnrevoked('sub-1', sub.id)).toBeUndefined();
    expect(await repos.sessions.findUnrevoked('sub-2', sub.id)).toBeUndefined();
    expect(await repos.sessions.findUnrevoked('sub-3', sub.id)).toBeDefined();
    expect(await repos.sessions.findUnrevoked('main-1', main.id)).toBeDefined();

    const logs = await repos.sessions.listLoginLogs({ adminId: sub.id }, { limit: 10, offset: 0 });
    expect(logs.total).toBe(3);
    expect(logs.rows.map((l) => [l.id, l.logoutTime])).toEqual([
      [l3, null],
      [l2, minutes(20)],
      [l1, minutes(10)],
    ]);
    const byAccount = await repos.sessions.listLoginLogs({ account: 'MAIN@' }, { limit: 10, offset: 0 });
    expect(byAccount.rows.map((l) => l.id)).toEqual([lm]);
    expect((await repos.sessions.listLoginLogs({}, { limit: 1, offset: 1 })).rows.map((l) => l.id)).toEqual([l3]);
  });

  it('password reset codes: the newest usable one of the subject, attempts counted, consumed once; decoys have no account; expired ones deleted', async () => {
    const now = minutes(0);
    await repos.passwordResets.insertCode({ subject: 's-sub', adminId: sub.id, codeHash: 'old', expiresAt: minutes(10) });
    await repos.passwordResets.insertCode({ subject: 's-sub', adminId: sub.id, codeHash: 'new', expiresAt: minutes(10) });
    await repos.passwordResets.insertCode({ subject: 's-main', adminId: main.id, codeHash: 'main', expiresAt: minutes(10) });
    await repos.passwordResets.insertCode({ subject: 's-ghost', adminId: null, codeHash: 'decoy', expiresAt: minutes(10) });
    const usable = (await repos.passwordResets.findUsableCode('s-sub', now, 2))!;
    expect(usable).toMatchObject({ subject: 's-sub', adminId: sub.id, codeHash: 'new', attempts: 0, consumedAt: null });
    expect(await repos.passwordResets.findUsableCode('s-sub', minutes(10), 2)).toBeUndefined();
    expect(await repos.passwordResets.findUsableCode('s-ghost', now, 2)).toMatchObject({ adminId: null, codeHash: 'decoy' });

    await repos.passwordResets.recordFailedAttempt(usable.id);
    await repos.passwordResets.recordFailedAttempt(usable.id);
    expect((await repos.passwordResets.findUsableCode('s-sub', now, 2))?.codeHash).toBe('old');
    expect((await repos.passwordResets.findUsableCode('s-sub', now, 3))).toMatchObject({ codeHash: 'new', attempts: 2 });

    expect(await repos.passwordResets.consumeCode(usable.id, now)).toBe(true);
    expect(await repos.passwordResets.consumeCode(usable.id, now)).toBe(false);
    await repos.passwordResets.consumeOpenCodes('s-sub', now);
    expect(await repos.passwordResets.findUsableCode('s-sub', now, 9)).toBeUndefined();
    expect((await repos.passwordResets.findUsableCode('s-main', now, 9))?.codeHash).toBe('main');

    await repos.passwordResets.insertCode({ subject: 's-main', adminId: main.id, codeHash: 'later', expiresAt: minutes(30) });
    await repos.passwordResets.deleteExpired(minutes(20));
    expect(await repos.passwordResets.findUsableCode('s-ghost', now, 9)).toBeUndefined();
    expect((await repos.passwordResets.findUsableCode('s-main', now, 9))?.codeHash).toBe('later');
  });

  it('throttles: locked rows start empty; saved, given back (never below 0), cleared, pruned once forgotten', async () => {
    const empty = await repos.throttles.lock(['t:b', 't:a', 't:a'], minutes(1));
    expect(empty).toEqual([
      { key: 't:a', count: 0, lastAt: new Date(0), forgetAt: minutes(1) },
      { key: 't:b', count: 0, lastAt: new Date(0), forgetAt: minutes(1) },
    ]);
    await repos.throttles.save({ key: 't:a', count: 2, lastAt: minutes(2), forgetAt: minutes(60) });
    await repos.throttles.save({ key: 't:a', count: 3, lastAt: minutes(3), forgetAt: minutes(60) });
    await repos.throttles.giveBack('t:a');
    await repos.throttles.giveBack('t:b');
    expect(await repos.transaction(({ throttles }) => throttles.lock(['t:a', 't:b'], minutes(9)))).toEqual([
      { key: 't:a', count: 2, lastAt: minutes(3), forgetAt: minutes(60) },
      { key: 't:b', count: 0, lastAt: new Date(0), forgetAt: minutes(1) },
    ]);
    expect(await repos.throttles.prune(minutes(59))).toBe(1);
    await repos.throttles.clear('t:a');
    expect(await repos.throttles.lock(['t:a'], minutes(70))).toEqual([{ key: 't:a', count: 0, lastAt: new Date(0), forgetAt: minutes(70) }]);
    expect(await repos.throttles.prune(minutes(70))).toBe(1);
  });

  it('coins: binding is idempotent and scopes what a restricted account sees', async () => {
    expect(await repos.coins.isBound(sub.id, eth.id)).toBe(false);
    const first = await repos.coins.bind(sub.id, eth.id);
    expect(await repos.coins.bind(sub.id, eth.id)).toEqual(first);
    expect(await repos.coins.isBound(sub.id, eth.id)).toBe(true);
    expect((await repos.coins.listBoundTo(sub.id)).map((c) => c.id)).toEqual([eth.id]);
    await repos.coins.bind(main.id, btc.id);
    expect((await repos.coins.listPermissions()).map((p) => [p.adminId, p.coinName])).toEqual([
      [sub.id, 'ETH/USDT'],
      [main.id, 'BTC/USDT'],
    ]);
    expect((await repos.coins.listPermissions(sub.id)).map((p) => p.id)).toEqual([first.id]);
    expect(await repos.coins.findById(99_999)).toBeUndefined();
  });

  it('credentials: records carry their pair and platform names; owners only; one per account and pair', async () => {
    const sealed = { apiKeySealed: 'a', apiKeyHash: 'hash-a', secretKeySealed: 's', passphraseSealed: null, memberId: null, hosts: ['203.0.113.7'] };
    const first = await repos.credentials.insert({ ...sealed, adminId: main.id, platformId: simId, coinId: btc.id });
    await expect(repos.credentials.insert({ ...sealed, adminId: main.id, platformId: simId, coinId: btc.id })).rejects.toBeInstanceOf(PairKeyTakenError);
    expect(first).toMatchObject({ adminId: main.id, coinName: 'BTC/USDT', platformCode: 'sim', hosts: ['203.0.113.7'] });
    expect(await repos.credentials.findOwned(first.id, sub.id)).toBeUndefined();
    expect((await repos.credentials.findFor(main.id, btc.id))?.id).toBe(first.id);
    expect(await repos.credentials.update(first.id, { coinId: eth.id, hosts: [], memberId: 'm' })).toMatchObject({ id: first.id, coinName: 'ETH/USDT', hosts: [], memberId: 'm' });
    expect(await repos.credentials.findFor(main.id, btc.id)).toBeUndefined();
    const second = await repos.credentials.insert({ ...sealed, adminId: main.id, platformId: simId, coinId: btc.id });
    expect((await repos.credentials.listByAdmin(main.id)).map((c) => c.id)).toEqual([first.id, second.id]);
    await expect(repos.credentials.update(second.id, { coinId: eth.id })).rejects.toBeInstanceOf(PairKeyTakenError);
    expect((await repos.credentials.findFor(main.id, btc.id))?.id).toBe(second.id);
    expect(await repos.credentials.update(99_999, { hosts: [] })).toBeUndefined();
  });

  /** A journal row as the executor writes it before sending the order. */
  const journalRow = (robotId: number, clientOrderId: string, at: number, fields: Partial<JournalOrder> = {}): JournalOrder => ({
    robotId,
    clientOrderId,
    tag: 'L1',
    symbol: 'BTC/USDT',
    side: 'buy',
    price: '100',
    amount: '1',
    timeInForce: 'GTC',
    state: 'sending',
    orderNo: null,
    filledAmount: '0',
    filledValue: '0',
    error: null,
    createdAt: at,
    updatedAt: at,
    ...fields,
  });

  const robotFor = (admin: AdminRow, coin: CoinRow, patch: Partial<NewRobot> = {}) =>
    repos.robots.insert({
      adminId: admin.id,
      coinId: coin.id,
      credentialId: null,
      type: 'depth_far',
      config: { depthLayersMin: 20 },
      status: 'stopped',
      stopReason: null,
      startMode: 'now',
      startAt: null,
      priceMode: 'normal',
      description: '',
      startedAt: null,
      ...patch,
    });

  it('trading logs: appended, listed per pair newest first', async () => {
    const robot = await robotFor(main, btc);
    for (const message of ['one', 'two', 'three']) await repos.tradingLogs.append({ coinId: btc.id, adminId: main.id, robotId: robot.id, level: 'info', message });
    await repos.tradingLogs.append({ coinId: eth.id, adminId: null, robotId: null, level: 'warn', message: 'other pair' });
    const pageOne = await repos.tradingLogs.listByCoin(btc.id, { limit: 2, offset: 0 });
    expect(pageOne.total).toBe(3);
    expect(pageOne.rows.map((r) => r.message)).toEqual(['three', 'two']);
    expect(pageOne.rows[0]).toMatchObject({ coinId: btc.id, robotId: robot.id, level: 'info', createdAt: expect.any(Date) });
  });

  it('trading logs: a batch in one insert; filters by bot, level and time (from inclusive, to exclusive)', async () => {
    const robot = await robotFor(main, eth);
    const t = (s: number) => new Date(Date.UTC(2031, 0, 1, 0, 0, s));
    await repos.tradingLogs.appendMany([
      { coinId: eth.id, adminId: main.id, robotId: robot.id, level: 'info', message: 'a', createdAt: t(1) },
      { coinId: eth.id, adminId: main.id, robotId: robot.id, level: 'error', message: 'b', createdAt: t(2) },
      { coinId: eth.id, adminId: main.id, robotId: null, level: 'error', message: 'c', createdAt: t(3) },
    ]);
    const list = async (filter: TradingLogFilter) => (await repos.tradingLogs.listByCoin(eth.id, { limit: 10, offset: 0 }, filter)).rows.map((r) => r.message);
    expect(await list({ robotId: robot.id })).toEqual(['b', 'a']);
    expect(await list({ level: 'error', from: t(2) })).toEqual(['c', 'b']);
    expect(await list({ from: t(1), to: t(3) })).toEqual(['b', 'a']);
    expect((await repos.tradingLogs.listByCoin(eth.id, { limit: 1, offset: 0 }, { level: 'error', from: t(0) })).total).toBe(2);
  });

  it("robots: owned lists per pair, the engine's store (running bots with their pair, state, stop with a reason), runs", async () => {
    const a = await robotFor(sub, eth, { status: 'running', startedAt: minutes(1), startAt: minutes(2), startMode: 'scheduled' });
    const b = await robotFor(sub, eth, { type: 'amm' });
    await robotFor(main, eth);
    expect((await repos.robots.listFor(sub.id, eth.id)).map((r) => [r.id, r.coinName])).toEqual([
      [a.id, 'ETH/USDT'],
      [b.id, 'ETH/USDT'],
    ]);
    expect(await repos.robots.update(b.id, { status: 'running', description: 'grid', updatedAt: minutes(3) })).toMatchObject({ id: b.id, status: 'running', description: 'grid' });
    expect(await repos.robots.update(99_999, { status: 'running', updatedAt: minutes(3) })).toBeUndefined();
    expect((await repos.robots.listRunning()).filter((r) => r.id === a.id || r.id === b.id)).toEqual([
      { id: a.id, adminId: sub.id, coinId: eth.id, symbol: 'ETH/USDT', type: 'depth_far', config: { depthLayersMin: 20 }, status: 'running', startMode: 'scheduled', startAt: minutes(2).getTime(), priceMode: 'normal', state: null, startedAt: minutes(1).getTime() },
      expect.objectContaining({ id: b.id, type: 'amm' }),
    ]);
    const running = await repos.robots.runningCoinIds();
    expect(running.has(eth.id), 'the pairs some bot runs on').toBe(true);
    expect(running.has(btc.id) === (await repos.robots.listRunning()).some((r) => r.coinId === btc.id)).toBe(true);
    await repos.robots.saveState(a.id, { step: 3, levels: ['1.5'] });
    expect((await repos.robots.get(a.id))?.state).toEqual({ step: 3, levels: ['1.5'] });
    // States saved at the same moment (written together): each bot keeps its own, the later of two, and null clears.
    await Promise.all([repos.robots.saveState(a.id, { step: 4 }), repos.robots.saveState(b.id, 'text'), repos.robots.saveState(a.id, { step: 5, note: "it's" })]);
    expect((await repos.robots.get(a.id))?.state).toEqual({ step: 5, note: "it's" });
    expect((await repos.robots.get(b.id))?.state).toBe('text');
    await Promise.all([repos.robots.saveState(b.id, null), repos.robots.saveState(a.id, { step: 3, levels: ['1.5'] })]);
    expect((await repos.robots.get(b.id))?.state).toBeNull();
    expect((await repos.robots.get(a.id))?.state).toEqual({ step: 3, levels: ['1.5'] });
    expect(await repos.robots.get(99_999)).toBeNull();

    await repos.robots.openRun(a.id, minutes(10));
    await repos.robots.openRun(a.id, minutes(11));
    await repos.robots.openRunsForRunning(minutes(12));
    await repos.robots.closeRun(b.id, minutes(20));
    await repos.robots.markStopped(a.id, 'Stopped after 10 failed ticks');
    expect(await repos.robots.findById(a.id)).toMatchObject({ status: 'stopped', stopReason: 'Stopped after 10 failed ticks' });
    const runs = await repos.robots.runsOf([a.id, b.id]);
    expect(runs.map((r) => [r.robotId, r.startedAt, r.stoppedAt === null])).toEqual([
      [a.id, minutes(10).getTime(), false],
      [b.id, minutes(12).getTime(), false],
    ]);
    expect(runs[1]?.stoppedAt).toBe(minutes(20).getTime());
    await repos.robots.openRun(b.id, minutes(30));
    await repos.robots.closeAllRuns(minutes(40));
    expect((await repos.robots.runsOf([b.id])).map((r) => r.stoppedAt)).toEqual([minutes(20).getTime(), minutes(40).getTime()]);
  });

  it('robots: a bot switched off with journal orders not final is listed for the sweep at start; running or settled bots are not', async () => {
    const stopped = await robotFor(main, btc);
    const running = await robotFor(main, btc, { status: 'running' });
    const settled = await robotFor(main, btc);
    const at = Date.UTC(2031, 6, 1);
    const order = (robotId: number, clientOrderId: string) => journalRow(robotId, clientOrderId, at, { state: 'open' });
    await repos.robotJournal.insert([order(stopped.id, `MDb${stopped.id}Zsweep`), order(running.id, `MDb${running.id}Zsweep`), order(settled.id, `MDb${settled.id}Zsweep`)]);
    await repos.robotJournal.settle([{ robotId: settled.id, clientOrderId: `MDb${settled.id}Zsweep`, patch: { state: 'canceled', updatedAt: at + 1 } }], []);
    const ids = (await repos.robots.listStoppedWithLiveOrders()).map((r) => r.id);
    expect(ids).toContain(stopped.id);
    expect(ids).not.toContain(running.id);
    expect(ids).not.toContain(settled.id);
    await repos.robotJournal.settle([{ robotId: stopped.id, clientOrderId: `MDb${stopped.id}Zsweep`, patch: { state: 'canceled', updatedAt: at + 2 } }], []);
    expect((await repos.robots.listStoppedWithLiveOrders()).map((r) => r.id)).not.toContain(stopped.id);
  });

  it('journal: written before the venue call, settled in one go, fills kept once, the ledger by average cost', async () => {
    const robot = await robotFor(main, btc);
    const t0 = Date.UTC(2031, 5, 1, 12);
    const order = (clientOrderId: string, side: 'buy' | 'sell', price: string, amount: string) => journalRow(robot.id, clientOrderId, t0, { side, price, amount });
    await repos.robotJournal.insert([order('MDb1Zbuy1', 'buy', '100', '2'), order('MDb1Zbuy2', 'buy', '110', '3'), order('MDb1Zsell', 'sell', '120.50', '4')]);
    // Inserting a journalled order again leaves the first row as it was.
    await repos.robotJournal.insert([order('MDb1Zbuy1', 'buy', '999', '9')]);
    expect((await repos.robotJournal.live(robot.id)).map((o) => [o.clientOrderId, o.price, o.state])).toEqual([
      ['MDb1Zbuy1', '100', 'sending'],
      ['MDb1Zbuy2', '110', 'sending'],
      ['MDb1Zsell', '120.5', 'sending'],
    ]);

    const fill = (clientOrderId: string, side: 'buy' | 'sell', price: string, amount: string, filledAfter: string, at: number): FillRecord => ({
      robotId: robot.id,
      clientOrderId,
      side,
      price,
      amount,
      quoteAmount: mul(price, amount),
      fee: '0.1',
      filledAfter,
      at,
    });
    const f1 = fill('MDb1Zbuy1', 'buy', '100', '2', '2', t0 + 1000);
    const f2 = fill('MDb1Zbuy2', 'buy', '110', '3', '3', t0 + 2000);
    await repos.robotJournal.settle(
      [
        { robotId: robot.id, clientOrderId: 'MDb1Zbuy1', patch: { state: 'filled', orderNo: 'n1', filledAmount: '2', filledValue: '200', updatedAt: t0 + 1000 } },
        { robotId: robot.id, clientOrderId: 'MDb1Zbuy2', patch: { state: 'filled', orderNo: 'n2', filledAmount: '3', filledValue: '330', updatedAt: t0 + 2000 } },
        { robotId: robot.id, clientOrderId: 'MDb1Zsell', patch: { state: 'open', orderNo: 'n3', updatedAt: t0 + 2000 } },
      ],
      [f1, f2],
    );
    // Reconciliation sees the same fills again, then a partial fill of the sell, then the same partial with the scale changed.
    await repos.robotJournal.settle([], [f1, f2]);
    await repos.robotJournal.settle(
      [{ robotId: robot.id, clientOrderId: 'MDb1Zsell', patch: { filledAmount: '1.5', filledValue: '180.75', updatedAt: t0 + 3000 } }],
      [fill('MDb1Zsell', 'sell', '120.5', '1.5', '1.5', t0 + 3000)],
    );
    await repos.robotJournal.settle([], [fill('MDb1Zsell', 'sell', '120.5', '1.5', '1.50', t0 + 3000)]);
    await repos.robotJournal.settle([{ robotId: robot.id, clientOrderId: 'MDb1Zsell', patch: { state: 'canceled', updatedAt: t0 + 4000 } }], []);

    expect(await repos.robotJournal.live(robot.id)).toEqual([]);
    expect(await repos.robotJournal.liveCounts([robot.id])).toEqual(new Map());

    const all = { from: 0, to: t0 + 10_000 };
    const early = { from: t0, to: t0 + 2500 };
    const data = (await repos.robotJournal.figuresData([robot.id, 99_999], [all, early])).get(robot.id)!;
    expect(data.position).toEqual({ base: '3.5', avgCost: '106' });
    expect(data.fills[0]).toEqual({ count: 3, boughtBase: '5', soldBase: '1.5', boughtQuote: '530', soldQuote: '180.75', fees: '0.3', realized: '21.75' });
    expect(data.fills[1]).toMatchObject({ count: 2, soldBase: '0', realized: '0' });
    expect(data.orders).toEqual([
      { placed: 3, filled: 2, canceled: 1 },
      { placed: 3, filled: 2, canceled: 0 },
    ]);
    expect((await repos.robotJournal.figuresData([99_999], [all])).get(99_999)).toEqual({
      fills: [{ count: 0, boughtBase: '0', soldBase: '0', boughtQuote: '0', soldQuote: '0', fees: '0', realized: '0' }],
      orders: [{ placed: 0, filled: 0, canceled: 0 }],
      position: { base: '0', avgCost: null },
    });
  });

  it('journal: the writes of many bots at the same moment land together and exactly; an order changed twice at once ends with its later change; a write that fails, fails alone', async () => {
    const bots = await Promise.all([1, 2, 3, 4, 5].map(() => robotFor(main, btc)));
    const t1 = Date.UTC(2032, 0, 1);
    const row = (robotId: number, clientOrderId: string) => journalRow(robotId, clientOrderId, t1, { price: '100.5', amount: '0.25' });
    const one = (b: { id: number }) => `MDb${b.id}Zmany1`;
    const two = (b: { id: number }) => `MDb${b.id}Zmany2`;
    await Promise.all(bots.map((b) => repos.robotJournal.insert([row(b.id, one(b)), row(b.id, two(b))])));
    // Every bot's acknowledgements, a partial fill and a cancel asked for at once; the second order is changed twice.
    await Promise.all(
      bots.flatMap((b) => [
        repos.robotJournal.settle([{ robotId: b.id, clientOrderId: one(b), patch: { state: 'open', orderNo: `n${b.id}`, updatedAt: t1 + 1 } }], []),
        repos.robotJournal.settle([{ robotId: b.id, clientOrderId: two(b), patch: { state: 'open', orderNo: `m${b.id}`, updatedAt: t1 + 1 } }], []),
        repos.robotJournal.settle([{ robotId: b.id, clientOrderId: one(b), patch: { filledAmount: '0.1', filledValue: '10.05', error: null, updatedAt: t1 + 2 } }], []),
        repos.robotJournal.settle([{ robotId: b.id, clientOrderId: two(b), patch: { state: 'canceling', updatedAt: t1 + 3 } }], []),
      ]),
    );
    for (const b of bots) {
      expect((await repos.robotJournal.live(b.id)).map((o) => [o.clientOrderId, o.state, o.orderNo, o.filledAmount, o.filledValue, o.price, o.updatedAt])).toEqual([
        [one(b), 'open', `n${b.id}`, '0.1', '10.05', '100.5', t1 + 2],
        [two(b), 'canceling', `m${b.id}`, '0', '0', '100.5', t1 + 3],
      ]);
    }
    if (target.name === 'SQL') {
      // An order of a bot that does not exist breaks the foreign key: that write is refused, the one beside it lands.
      const [bad, good] = await Promise.allSettled([repos.robotJournal.insert([row(2_000_000, 'MDb2000000Zbad')]), repos.robotJournal.insert([row(bots[0]!.id, 'MDbZgood')])]);
      expect(bad.status).toBe('rejected');
      expect(good.status).toBe('fulfilled');
      expect((await repos.robotJournal.live(bots[0]!.id)).map((o) => o.clientOrderId)).toContain('MDbZgood');
    }
  });

  it('simulator keys: a key keeps its first secret unless replaced', async () => {
    expect(await repos.simKeys.insertIfAbsent('hash-1', 'sealed-1')).toBe(true);
    expect(await repos.simKeys.insertIfAbsent('hash-1', 'sealed-2')).toBe(false);
    expect(await repos.simKeys.findSealedSecret('hash-1')).toBe('sealed-1');
    await repos.simKeys.upsert('hash-1', 'sealed-3');
    await repos.simKeys.upsert('hash-2', 'sealed-4');
    expect([await repos.simKeys.findSealedSecret('hash-1'), await repos.simKeys.findSealedSecret('hash-2'), await repos.simKeys.findSealedSecret('nope')]).toEqual(['sealed-3', 'sealed-4', undefined]);
  });

  it('simulator keys: the credentials on the platform that hold a key, with their account’s standing, addresses and pairs there; unnamed keys listed for indexing', async () => {
    const holder = (await repos.admins.insert(account('holder@desk.io')))!;
    const boss = (await repos.admins.insert(account('boss@desk.io', MAIN_ACCOUNT)))!;
    const binanceId = (await repos.platforms.findByCode('binance'))!.id;
    await repos.coins.insertMissing(binanceId, ['BTC/USDT']);
    const liveBtc = (await repos.coins.listAll()).find((c) => c.platformId === binanceId);
    await repos.coins.bind(holder.id, eth.id);
    await repos.coins.bind(holder.id, btc.id);
    await repos.coins.bind(holder.id, liveBtc!.id);
    expect(await repos.simKeys.findAccess('held', 'sim')).toBeUndefined();
    await repos.simKeys.insertIfAbsent('held', 'sealed-held');
    await repos.simKeys.insertIfAbsent('other', 'sealed-other');
    expect(await repos.simKeys.findAccess('held', 'sim')).toEqual({ secretSealed: 'sealed-held', holders: [] });
    const key = { apiKeySealed: 'k', secretKeySealed: 's', passphraseSealed: null, memberId: null };
    const held = await repos.credentials.insert({ ...key, apiKeyHash: 'held', adminId: holder.id, platformId: simId, coinId: btc.id, hosts: ['203.0.113.7'] });
    await repos.credentials.insert({ ...key, apiKeyHash: 'held', adminId: boss.id, platformId: simId, coinId: eth.id, hosts: [] });
    // The same key on another platform is that platform's business.
    await repos.credentials.insert({ ...key, apiKeyHash: 'held', adminId: holder.id, platformId: binanceId, coinId: liveBtc!.id, hosts: ['198.51.100.1'] });
    const holders = async (hash: string) => (await repos.simKeys.findAccess(hash, 'sim'))?.holders;
    expect(await repos.simKeys.findAccess('held', 'sim')).toEqual({
      secretSealed: 'sealed-held',
      holders: [
        { status: 'active', mainAccountId: RESTRICTED_ACCOUNT, hosts: ['203.0.113.7'], pairs: ['BTC/USDT', 'ETH/USDT'] },
        { status: 'active', mainAccountId: MAIN_ACCOUNT, hosts: [], pairs: [] },
      ],
    });
    await repos.admins.update(holder.id, { status: 'suspended' });
    expect((await holders('held'))?.map((h) => h.status)).toEqual(['suspended', 'active']);
    // A key replaced in its credential is held no more; nor is one whose account is gone.
    await repos.credentials.update(held.id, { apiKeyHash: 'other' });
    await repos.admins.delete(boss.id);
    expect(await holders('held')).toEqual([]);
    expect((await holders('other'))?.map((h) => h.hosts)).toEqual([['203.0.113.7']]);

    expect(await repos.credentials.listUnhashed()).toEqual([]);
  });

  it('a transaction commits every write when its work resolves, and none when it throws', async () => {
    await expect(
      repos.transaction(async (tx) => {
        await tx.admins.insert(account('ghost@desk.io'));
        await tx.tradingLogs.append({ coinId: btc.id, adminId: null, robotId: null, level: 'info', message: 'ghost' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await repos.admins.findByAccount('ghost@desk.io')).toBeUndefined();
    expect((await repos.tradingLogs.listByCoin(btc.id, { limit: 10, offset: 0 })).rows.map((r) => r.message)).not.toContain('ghost');

    const id = await repos.transaction(async (tx) => (await tx.admins.insert(account('kept@desk.io')))!.id);
    expect((await repos.admins.findById(id))?.account).toBe('kept@desk.io');
    await repos.database.ping();
  });

  it('deleting an account takes its sessions, bindings and keys, and keeps its login logs without it', async () => {
    const gone = (await repos.admins.insert(account('gone@desk.io')))!;
    const loginLogId = await repos.sessions.insertLoginLog({ adminId: gone.id, account: gone.account, loginTime: minutes(5), loginIp: '10.0.0.2', userAgent: null });
    await repos.sessions.insertSession({ id: 'gone-1', adminId: gone.id, loginLogId, createdAt: minutes(5), expiresAt: minutes(600) });
    await repos.coins.bind(gone.id, btc.id);
    await repos.credentials.insert({ adminId: gone.id, platformId: simId, coinId: btc.id, apiKeySealed: 'a', apiKeyHash: 'hash-gone', secretKeySealed: 's', passphraseSealed: null, memberId: null, hosts: [] });
    await repos.admins.delete(gone.id);
    expect(await repos.admins.findById(gone.id)).toBeUndefined();
    expect(await repos.sessions.findUnrevoked('gone-1', gone.id)).toBeUndefined();
    expect(await repos.coins.listPermissions(gone.id)).toEqual([]);
    expect(await repos.credentials.listByAdmin(gone.id)).toEqual([]);
    const logs = await repos.sessions.listLoginLogs({ account: 'gone@' }, { limit: 10, offset: 0 });
    expect(logs.rows).toEqual([expect.objectContaining({ id: loginLogId, adminId: null })]);
  });
  it('alert channels are per account; an alert lands with its deliveries; pending ones are listed for resumption; a deleted channel leaves its deliveries unlinked', async () => {
    const tg = await repos.alerts.insertChannel({ adminId: main.id, kind: 'telegram', name: 'desk', enabled: true, settings: { chatId: '-1001' }, secretSealed: 'sealed' });
    const off = await repos.alerts.insertChannel({ adminId: main.id, kind: 'email', name: '', enabled: false, settings: { to: 'a@desk.io' }, secretSealed: null });
    await repos.alerts.insertChannel({ adminId: sub.id, kind: 'email', name: 'sub', enabled: true, settings: { to: 's@desk.io' }, secretSealed: null });
    expect((await repos.alerts.listChannels(main.id)).map((c) => c.id)).toEqual([tg.id, off.id]);
    expect((await repos.alerts.listEnabledChannels(main.id)).map((c) => c.id)).toEqual([tg.id]);
    expect(await repos.alerts.findOwnedChannel(tg.id, sub.id)).toBeUndefined();
    expect((await repos.alerts.updateChannel(off.id, { enabled: true, settings: { to: 'b@desk.io' } }))?.settings).toEqual({ to: 'b@desk.io' });

    const alert = await repos.alerts.insertAlert({ adminId: main.id, coinId: btc.id, robotId: null, level: 'warn', title: 'Low', text: 't' }, [
      { channelId: tg.id, channelKind: 'telegram', channelName: 'desk' },
      { channelId: off.id, channelKind: 'email', channelName: 'b@desk.io' },
    ]);
    expect(alert.deliveries.map((d) => [d.channelId, d.status, d.attempts])).toEqual([
      [tg.id, 'pending', 0],
      [off.id, 'pending', 0],
    ]);
    const [first, second] = alert.deliveries as [NonNullable<(typeof alert.deliveries)[0]>, NonNullable<(typeof alert.deliveries)[0]>];
    await repos.alerts.updateDelivery(first.id, { status: 'sent', attempts: 2, sentAt: minutes(1) });
    expect((await repos.alerts.claimPendingDeliveries({ nodeId: 'a', ms: 60_000 })).map((d) => [d.id, d.alert.title])).toEqual([[second.id, 'Low']]);
    expect(await repos.alerts.deleteOwnedChannel(tg.id, sub.id)).toBe(false);
    expect(await repos.alerts.deleteOwnedChannel(tg.id, main.id)).toBe(true);
    expect(await repos.alerts.findDelivery(first.id)).toMatchObject({ channelId: null, channelName: 'desk', status: 'sent', attempts: 2 });
    const page = await repos.alerts.listAlerts(main.id, btc.id, { limit: 10, offset: 0 });
    expect(page.total).toBe(1);
    expect(page.rows[0]?.deliveries.map((d) => d.id)).toEqual([first.id, second.id]);
    expect((await repos.alerts.listAlerts(sub.id, btc.id, { limit: 10, offset: 0 })).total).toBe(0);
    expect((await repos.alerts.listAlerts(main.id, eth.id, { limit: 10, offset: 0 })).total).toBe(0);
  });
  it('a pending delivery is sent by the one server holding its claim; a claim that ran out or was let go of is taken over', async () => {
    const tg = await repos.alerts.insertChannel({ adminId: main.id, kind: 'telegram', name: 'desk', enabled: true, settings: { chatId: '-1001' }, secretSealed: 'sealed' });
    const a = { nodeId: 'node-a', ms: 60_000 };
    const b = { nodeId: 'node-b', ms: 60_000 };
    const raised = await repos.alerts.insertAlert({ adminId: main.id, coinId: btc.id, robotId: null, level: 'warn', title: 'Low', text: 't' }, [{ channelId: tg.id, channelKind: 'telegram', channelName: 'desk' }], a);
    const id = raised.deliveries[0]!.id;
    expect(raised.deliveries[0]).toMatchObject({ claimedBy: 'node-a' });
    expect(await repos.alerts.claimPendingDeliveries(b), 'held by a').toEqual([]);
    expect(await repos.alerts.claimPendingDeliveries(a), 'a queues it already').toEqual([]);
    expect(await repos.alerts.holdClaim(id, b)).toBe(false);
    expect(await repos.alerts.holdClaim(id, a)).toBe(true);
    expect(await repos.alerts.renewClaims(a)).toBe(1);

    await repos.alerts.releaseClaims('node-a');
    expect((await repos.alerts.claimPendingDeliveries(b)).map((d) => d.id), 'let go of by a graceful stop').toEqual([id]);
    expect(await repos.alerts.holdClaim(id, a), 'a no longer holds it').toBe(false);

    // b's claim runs out (b died): a takes it over, and b, were it only stalled, finds it gone.
    await repos.alerts.renewClaims({ nodeId: 'node-b', ms: -1000 });
    expect((await repos.alerts.claimPendingDeliveries(a)).map((d) => d.id)).toEqual([id]);
    expect(await repos.alerts.holdClaim(id, b)).toBe(false);
    await repos.alerts.updateDelivery(id, { status: 'sent' });
    expect(await repos.alerts.holdClaim(id, a), 'sent: nothing more to hold').toBe(false);
    expect(await repos.alerts.renewClaims(a)).toBe(0);
  });
});
