import { MAIN_ACCOUNT, text } from '@makerdesk/contract';
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderStoredLine } from '../domain/trading-log-line.ts';
import { createInMemoryRepositories, type InMemoryRepositories } from '../testing/in-memory-repositories.ts';
import { ManualClock, settle } from '../testing/manual-clock.ts';
import { AlertDispatcher } from './alert-dispatcher.ts';
import { ChannelSecretBox } from './channel-secrets.ts';
import type { AlertMessage, OpenedChannel, SendOutcome } from './senders.ts';

const TOKEN = '123456789:AAHsecretsecretsecretsecretsecret00';
const policy = { minIntervalMs: 1000, maxAttempts: 4, backoffBaseMs: 1000, backoffMaxMs: 60_000 };

/** A sender that answers from a script (then ok) and records when each attempt came. */
function scriptedSender(clock: ManualClock, script: SendOutcome[] = []) {
  const attempts: { at: number; channel: OpenedChannel; message: AlertMessage }[] = [];
  const send = async (channel: OpenedChannel, message: AlertMessage): Promise<SendOutcome> => {
    attempts.push({ at: clock.now(), channel, message });
    return script.shift() ?? { ok: true };
  };
  return { send, attempts };
}

describe('AlertDispatcher', () => {
  let fake: InMemoryRepositories;
  let clock: ManualClock;
  let box: ChannelSecretBox;
  let adminId: number;
  let coinId: number;

  beforeEach(async () => {
    clock = new ManualClock();
    fake = createInMemoryRepositories(() => new Date(clock.now()));
    box = new ChannelSecretBox(randomBytes(32));
    adminId = (await fake.repos.admins.insert({ account: 'main@desk.io', passwordHash: 'h', role: 'admin', employeeName: 'Main', mainAccountId: MAIN_ACCOUNT }))!.id;
    await fake.repos.platforms.insertMissing([{ code: 'sim', name: 'Sim' }]);
    await fake.repos.coins.insertMissing((await fake.repos.platforms.findByCode('sim'))!.id, ['BTC/USDT']);
    coinId = (await fake.repos.coins.listAll())[0]!.id;
  });

  const telegramChannel = (name = 'desk', enabled = true) =>
    fake.repos.alerts.insertChannel({ adminId, kind: 'telegram', name, enabled, settings: { chatId: '-1001' }, secretSealed: box.seal(adminId, 'telegram', TOKEN) });

  function dispatcher(send: ReturnType<typeof scriptedSender>['send'], overrides: Partial<typeof policy> = {}, nodeId?: string) {
    return new AlertDispatcher({ repos: fake.repos, openChannel: (row) => box.open(row), send, clock, policy: { ...policy, ...overrides }, ...(nodeId ? { nodeId, claimMs: 60_000, sweepMs: 15_000 } : {}) });
  }

  const raise = (d: AlertDispatcher, title: string) => d.raise({ adminId, coinId, level: 'warn', title, text: `${title} text` });
  const logs = () => fake.tables.tradingLogs.map((l) => `${l.level}: ${renderStoredLine(l, 'en_US')}`);

  it('sends to every enabled channel, with the opened secret, and logs each outcome on the pair', async () => {
    const on = await telegramChannel('desk');
    await telegramChannel('off', false);
    const sender = scriptedSender(clock);
    const d = dispatcher(sender.send);
    const raised = await raise(d, 'Price below 60000');
    expect(raised.deliveries).toEqual([{ id: expect.any(Number), channelId: on.id }]);
    await clock.advance(0);
    expect(sender.attempts).toHaveLength(1);
    expect(sender.attempts[0]!.channel).toEqual({ kind: 'telegram', botToken: TOKEN, chatId: '-1001', baseUrl: null });
    expect(sender.attempts[0]!.message).toMatchObject({ coinName: 'BTC/USDT', title: 'Price below 60000', level: 'warn' });
    expect(fake.tables.alertDeliveries[0]).toMatchObject({ status: 'sent', attempts: 1, reason: null });
    expect(logs()).toEqual(['info: Alert "Price below 60000" sent via telegram "desk" (chat -1001)']);
    expect(fake.tables.tradingLogs[0]).toMatchObject({ coinId, adminId });
  });

  it('writes an alert with server texts in each channel’s language; an alert without them as stored', async () => {
    await telegramChannel('english');
    await fake.repos.alerts.insertChannel({ adminId, kind: 'telegram', name: 'chinese', enabled: true, lang: 'zh_CN', settings: { chatId: '-1002' }, secretSealed: box.seal(adminId, 'telegram', TOKEN) });
    const sender = scriptedSender(clock);
    const d = dispatcher(sender.send);
    await d.raise({
      adminId,
      coinId,
      level: 'warn',
      title: 'Emergency stop of BTC/USDT',
      text: 'stored words',
      message: { title: { key: 'incident.emergencyStopTitle', params: { pair: 'BTC/USDT' } }, text: { key: 'incident.halted', params: { by: 'ops', time: '2026-11-27 04:00:00 UTC', orders: 3, bots: 1 } } },
    });
    await raise(d, 'Old style');
    await clock.advance(0);
    await clock.advance(1000);
    const sent = sender.attempts.map((a) => [a.channel.kind === 'telegram' ? a.channel.chatId : '', a.message.title, a.message.text]);
    expect(sent).toEqual(
      expect.arrayContaining([
        ['-1001', 'Emergency stop of BTC/USDT', 'Halted by ops at 2026-11-27 04:00:00 UTC: 3 order(s) cancelled, 1 bot(s) stopped'],
        ['-1002', 'BTC/USDT 紧急停止', '已由 ops 于 2026-11-27 04:00:00 UTC 紧急停止：撤销 3 笔订单，停止 1 个机器人'],
        ['-1002', 'Old style', 'Old style text'],
      ]),
    );
    expect(fake.tables.alerts[0]).toMatchObject({ title: 'Emergency stop of BTC/USDT', text: 'stored words', message: { title: { key: 'incident.emergencyStopTitle' } } });
    expect(fake.tables.alerts[1]).toMatchObject({ message: null });
  });

  it('spaces messages on one channel by the least interval, without waiting on other channels', async () => {
    await telegramChannel('a');
    await fake.repos.alerts.insertChannel({ adminId, kind: 'email', name: 'b', enabled: true, settings: { to: 'desk@example.com' }, secretSealed: null });
    const sender = scriptedSender(clock);
    const d = dispatcher(sender.send);
    const start = clock.now();
    await raise(d, 'one');
    await raise(d, 'two');
    await raise(d, 'three');
    await clock.advance(0);
    const times = (kind: string) => sender.attempts.filter((a) => a.channel.kind === kind).map((a) => a.at - start);
    expect(times('telegram')).toEqual([0]);
    expect(times('email')).toEqual([0]);
    await clock.advance(999);
    expect(times('telegram')).toEqual([0]);
    await clock.advance(1);
    expect(times('telegram')).toEqual([0, 1000]);
    await clock.advance(1000);
    expect(times('telegram')).toEqual([0, 1000, 2000]);
    expect(times('email')).toEqual([0, 1000, 2000]);
    expect(sender.attempts.filter((a) => a.channel.kind === 'telegram').map((a) => a.message.title)).toEqual(['one', 'two', 'three']);
  });

  it('keeps the interval after the queue ran empty', async () => {
    await telegramChannel();
    const sender = scriptedSender(clock);
    const d = dispatcher(sender.send);
    await raise(d, 'one');
    await clock.advance(300);
    await raise(d, 'two');
    await clock.advance(0);
    expect(sender.attempts).toHaveLength(1);
    await clock.advance(700);
    expect(sender.attempts.map((a) => a.at - sender.attempts[0]!.at)).toEqual([0, 1000]);
  });

  it('retries with exponential back-off, logging each failed attempt, then delivers', async () => {
    await telegramChannel();
    const fail: SendOutcome = { ok: false, retryable: true, reason: { code: 'refused', status: 'HTTP 502' } };
    const sender = scriptedSender(clock, [fail, fail, fail]);
    const d = dispatcher(sender.send);
    const start = clock.now();
    await raise(d, 'Balance low');
    await clock.advance(10_000);
    expect(sender.attempts.map((a) => a.at - start)).toEqual([0, 1000, 3000, 7000]);
    expect(fake.tables.alertDeliveries[0]).toMatchObject({ status: 'sent', attempts: 4 });
    expect(logs()).toEqual([
      'warn: Alert "Balance low" via telegram "desk" (chat -1001): attempt 1 of 4 failed (refused: HTTP 502); retrying in 1 s',
      'warn: Alert "Balance low" via telegram "desk" (chat -1001): attempt 2 of 4 failed (refused: HTTP 502); retrying in 2 s',
      'warn: Alert "Balance low" via telegram "desk" (chat -1001): attempt 3 of 4 failed (refused: HTTP 502); retrying in 4 s',
      'info: Alert "Balance low" sent via telegram "desk" (chat -1001) at attempt 4',
    ]);
  });

  it("each delivery line reads in the reader's language, with a monitor's title in that language too", async () => {
    await telegramChannel();
    const fail: SendOutcome = { ok: false, retryable: true, reason: { code: 'refused', status: 'HTTP 502' } };
    const sender = scriptedSender(clock, [fail, fail, fail, fail]);
    const d = dispatcher(sender.send);
    const title = text('monitor.price.alertTitle', { pair: 'BTC/USDT' });
    await d.raise({ adminId, coinId, level: 'warn', title: 'BTC/USDT price alert', text: 'x', message: { title, text: text('verbatim', { text: 'x' }) } });
    await clock.advance(10_000);
    const zh = fake.tables.tradingLogs.map((l) => renderStoredLine(l, 'zh_CN'));
    expect(zh).toEqual([
      '告警“BTC/USDT 价格告警”通过 telegram "desk" (chat -1001) 发送：第 1 / 4 次尝试失败（被拒绝：HTTP 502）；1 秒后重试',
      '告警“BTC/USDT 价格告警”通过 telegram "desk" (chat -1001) 发送：第 2 / 4 次尝试失败（被拒绝：HTTP 502）；2 秒后重试',
      '告警“BTC/USDT 价格告警”通过 telegram "desk" (chat -1001) 发送：第 3 / 4 次尝试失败（被拒绝：HTTP 502）；4 秒后重试',
      '告警“BTC/USDT 价格告警”经 4 次尝试仍未能通过 telegram "desk" (chat -1001) 发送：被拒绝：HTTP 502',
    ]);
    // Only the key and params are stored: the English is rendered from them, as the Chinese is.
    expect(fake.tables.tradingLogs.map((l) => [l.message, l.textKey])).toEqual(fake.tables.tradingLogs.map(() => [null, expect.stringMatching(/^alerts\./)]));
    expect(logs().at(-1)).toBe('error: Alert "BTC/USDT price alert" not delivered via telegram "desk" (chat -1001) after 4 attempts: refused: HTTP 502');
  });

  it("honours Telegram's retry_after, and later alerts wait behind the retried one", async () => {
    await telegramChannel();
    const sender = scriptedSender(clock, [{ ok: false, retryable: true, reason: { code: 'refused', status: 'HTTP 429' }, retryAfterMs: 5000 }]);
    const d = dispatcher(sender.send);
    const start = clock.now();
    await raise(d, 'first');
    await raise(d, 'second');
    await clock.advance(20_000);
    expect(sender.attempts.map((a) => [a.message.title, a.at - start])).toEqual([
      ['first', 0],
      ['first', 5000],
      ['second', 6000],
    ]);
  });

  it('gives up after the last attempt, or at once on a final refusal, and says why', async () => {
    await telegramChannel();
    const retryable: SendOutcome = { ok: false, retryable: true, reason: { code: 'no_answer' } };
    const sender = scriptedSender(clock, [retryable, retryable, retryable, retryable, { ok: false, retryable: false, reason: { code: 'refused', status: 'HTTP 400' } }]);
    const d = dispatcher(sender.send);
    await raise(d, 'gone');
    await clock.advance(30_000);
    await raise(d, 'refused');
    await clock.advance(5000);
    expect(fake.tables.alertDeliveries.map((r) => [r.status, r.attempts, r.reason])).toEqual([
      ['failed', 4, 'no answer'],
      ['failed', 1, 'refused: HTTP 400'],
    ]);
    expect(logs().filter((l) => l.startsWith('error'))).toEqual([
      'error: Alert "gone" not delivered via telegram "desk" (chat -1001) after 4 attempts: no answer',
      'error: Alert "refused" not delivered via telegram "desk" (chat -1001) after 1 attempt: refused: HTTP 400',
    ]);
  });

  it('never writes the token to the trading log or a delivery row', async () => {
    await telegramChannel();
    const sender = scriptedSender(clock, [{ ok: false, retryable: false, reason: { code: 'refused', status: 'HTTP 401' } }]);
    const d = dispatcher(sender.send);
    await raise(d, 'x');
    await clock.advance(1000);
    const stored = JSON.stringify({ logs: fake.tables.tradingLogs, deliveries: fake.tables.alertDeliveries, channels: fake.tables.alertChannels });
    expect(stored).not.toContain(TOKEN);
    expect(stored).not.toContain('AAHsecret');
  });

  it('fails a delivery whose channel was switched off or deleted before its turn', async () => {
    const a = await telegramChannel('a');
    const sender = scriptedSender(clock);
    const d = dispatcher(sender.send);
    await raise(d, 'one');
    await raise(d, 'two');
    await raise(d, 'three');
    await clock.advance(0);
    await fake.repos.alerts.updateChannel(a.id, { enabled: false });
    await clock.advance(1000);
    await fake.repos.alerts.deleteOwnedChannel(a.id, adminId);
    await clock.advance(1000);
    expect(fake.tables.alertDeliveries.map((r) => [r.status, r.reason])).toEqual([
      ['sent', null],
      ['failed', 'the channel is switched off'],
      ['failed', 'the channel is switched off'],
    ]);
    expect(sender.attempts).toHaveLength(1);
  });

  it('sends a test message through a switched-off channel', async () => {
    const off = await telegramChannel('off', false);
    const sender = scriptedSender(clock);
    const d = dispatcher(sender.send);
    const raised = await d.raise({ adminId, coinId, level: 'info', title: 'Test message', text: 't' }, { channelId: off.id });
    const settled = d.settled(raised.deliveries[0]!.id, 15_000);
    await clock.advance(0);
    expect(await settled).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('answers a settle wait as pending when the delivery is still retrying', async () => {
    await telegramChannel();
    const sender = scriptedSender(clock, [{ ok: false, retryable: true, reason: { code: 'refused', status: 'HTTP 500' } }]);
    const d = dispatcher(sender.send, { backoffBaseMs: 30_000 });
    const raised = await raise(d, 'slow');
    const settled = d.settled(raised.deliveries[0]!.id, 10_000);
    await clock.advance(10_000);
    expect(await settled).toMatchObject({ status: 'pending', attempts: 1, reason: 'refused: HTTP 500' });
  });

  it('leaves undelivered alerts pending at close, and the next start delivers them', async () => {
    await telegramChannel();
    const first = scriptedSender(clock, [{ ok: false, retryable: true, reason: { code: 'refused', status: 'HTTP 502' } }]);
    const d1 = dispatcher(first.send);
    await raise(d1, 'one');
    await raise(d1, 'two');
    await clock.advance(0);
    await d1.close();
    await raise(d1, 'after close');
    await clock.advance(10_000);
    expect(first.attempts).toHaveLength(1);
    expect(fake.tables.alertDeliveries.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
      ['pending', 0],
    ]);

    const second = scriptedSender(clock);
    const d2 = dispatcher(second.send);
    expect(await d2.start()).toBe(3);
    await clock.advance(5000);
    expect(second.attempts.map((a) => a.message.title)).toEqual(['one', 'two', 'after close']);
    expect(fake.tables.alertDeliveries.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 1],
      ['sent', 1],
    ]);
    await settle();
  });

  it('with several servers, each sends what it raised; a dead server\'s deliveries are sent once, by another, after their claim runs out', async () => {
    await telegramChannel();
    const onA = scriptedSender(clock, [{ ok: false, retryable: true, reason: { code: 'refused', status: 'HTTP 502' } }]);
    const onB = scriptedSender(clock);
    const a = dispatcher(onA.send, { backoffBaseMs: 120_000, backoffMaxMs: 120_000 }, 'node-a');
    const b = dispatcher(onB.send, {}, 'node-b');
    await a.start();
    await b.start();
    await raise(a, 'raised on a');
    await raise(b, 'raised on b');
    await clock.advance(0);
    expect(onA.attempts.map((x) => x.message.title)).toEqual(['raised on a']);
    expect(onB.attempts.map((x) => x.message.title)).toEqual(['raised on b']);

    // a retries in 120 s: its sweeps keep its claim alive past 60 s, so b never takes it.
    await clock.advance(90_000);
    expect(onB.attempts.map((x) => x.message.title)).toEqual(['raised on b']);
    await clock.advance(35_000);
    expect(onA.attempts.map((x) => x.message.title)).toEqual(['raised on a', 'raised on a']);
    expect(fake.tables.alertDeliveries.map((r) => [r.status, r.claimedBy])).toEqual([
      ['sent', 'node-a'],
      ['sent', 'node-b'],
    ]);

    // a dies (no close: its claims stay) with a delivery queued for a retry.
    const dying = scriptedSender(clock, [{ ok: false, retryable: true, reason: { code: 'refused', status: 'HTTP 502' } }]);
    const c = dispatcher(dying.send, { backoffBaseMs: 600_000, backoffMaxMs: 600_000 }, 'node-c');
    await c.start();
    await raise(c, 'raised on c');
    await clock.advance(0);
    expect(dying.attempts).toHaveLength(1);
    (c as unknown as { closing: boolean }).closing = true; // as a SIGKILL would: no more sweeps, nothing let go of
    (c as unknown as { stop: () => void }).stop();
    await clock.advance(50_000);
    expect(onB.attempts.map((x) => x.message.title), 'its claim still runs').toEqual(['raised on b']);
    await clock.advance(40_000);
    const taken = [...onA.attempts, ...onB.attempts].filter((x) => x.message.title === 'raised on c');
    expect(taken, 'sent once, by a or b').toHaveLength(1);
    expect(fake.tables.alertDeliveries.at(-1)).toMatchObject({ status: 'sent', attempts: 2 });
    await a.close();
    await b.close();
    await settle();
  });
});
