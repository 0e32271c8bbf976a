import { renderServerText, text, verbatim } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { mayRead, parseIncidentNotice, renderIncident } from './incident.service.ts';
import { botStopCause, botStopTexts, emergencyStopTexts, haltedBy, haltedText, incidentTime, obligationTexts } from './incident-texts.ts';

const AT = Date.UTC(2026, 10, 27, 4, 31, 5);

describe('incident texts', () => {
  it('an emergency stop says who, when and what, in both languages; a monitor’s reason stays its own words', () => {
    const made = emergencyStopTexts({ pair: 'BTC/USDT', by: 'ops@desk.io', at: AT, ordersCancelled: 12, botsStopped: 3, failed: 0 });
    expect(renderServerText(made.title, 'en_US')).toBe('Emergency stop of BTC/USDT');
    expect(renderServerText(made.text, 'en_US')).toBe('Halted by ops@desk.io at 2026-11-27 04:31:05 UTC: 12 order(s) cancelled, 3 bot(s) stopped. Reason: stop button pressed');
    expect(renderServerText(made.text, 'zh_CN')).toBe('由 ops@desk.io 于 2026-11-27 04:31:05 UTC 紧急停止：撤销 12 笔订单，停止 3 个机器人。原因：按下了紧急停止按钮');
    expect(made.details).toEqual({ by: 'ops@desk.io', ordersCancelled: 12, botsStopped: 3 });
    const byMonitor = emergencyStopTexts({ pair: 'BTC/USDT', by: { bot: 4 }, reason: 'price 31000 above the bound 30000', at: AT, ordersCancelled: 1, botsStopped: 1, failed: 2 });
    expect(renderServerText(byMonitor.text, 'en_US')).toBe('Halted by bot #4 at 2026-11-27 04:31:05 UTC: 1 order(s) cancelled, 1 bot(s) stopped, 2 order(s) not confirmed yet (still being cancelled). Reason: price 31000 above the bound 30000');
    expect(renderServerText(haltedText(made.details, AT), 'zh_CN')).toBe('已由 ops@desk.io 于 2026-11-27 04:31:05 UTC 紧急停止：撤销 12 笔订单，停止 3 个机器人');
    expect(incidentTime(0)).toBe('1970-01-01 00:00:00 UTC');
  });

  it('a stop a monitor asked for names the bot in the reader’s language, in the incident and the halted banner; a stop stored before reads as it was', () => {
    const byMonitor = emergencyStopTexts({ pair: 'BTC/USDT', by: { bot: 4 }, at: AT, ordersCancelled: 1, botsStopped: 2, failed: 0 });
    expect(byMonitor.text.params).toMatchObject({ by: '@incident.byBot', byBot: 4 });
    expect(renderServerText(byMonitor.text, 'zh_CN')).toBe('由 机器人 #4 于 2026-11-27 04:31:05 UTC 紧急停止：撤销 1 笔订单，停止 2 个机器人。原因：按下了紧急停止按钮');
    expect(byMonitor.details).toEqual({ byBot: 4, ordersCancelled: 1, botsStopped: 2 });
    expect(renderServerText(haltedText(byMonitor.details, AT), 'zh_CN')).toBe('已由 机器人 #4 于 2026-11-27 04:31:05 UTC 紧急停止：撤销 1 笔订单，停止 2 个机器人');
    expect(renderServerText(haltedBy(byMonitor.details), 'zh_CN')).toBe('机器人 #4');
    expect(renderServerText(haltedBy(byMonitor.details), 'en_US')).toBe('bot #4');
    // A stop recorded before: its details hold who as plain words, shown as they are.
    const before = { by: 'bot #4', ordersCancelled: 1, botsStopped: 2 };
    expect(renderServerText(haltedText(before, AT), 'zh_CN')).toBe('已由 bot #4 于 2026-11-27 04:31:05 UTC 紧急停止：撤销 1 笔订单，停止 2 个机器人');
    expect(renderServerText(haltedBy(before), 'zh_CN')).toBe('bot #4');
  });

  it('a bot’s own stop is told apart by its reason: failures, a refused key, a venue out of reach, a guard', () => {
    expect(botStopCause('5 ticks failed in a row; the last: price out of range')).toBe('failures');
    expect(botStopCause('5 ticks failed in a row; the last: request timed out')).toBe('venue_down');
    expect(botStopCause('5 ticks failed in a row; the last: Invalid API-key, IP, or permissions for action')).toBe('key_refused');
    expect(botStopCause('target reached')).toBe('guard');
    const failed = botStopTexts('failures', { bot: '#7', pair: 'BTC/USDT', reason: verbatim('5 ticks failed in a row') });
    expect(failed).toMatchObject({ kind: 'bot_stopped', level: 'error' });
    expect(renderServerText(failed.title, 'zh_CN')).toBe('机器人 #7 因连续失败而停止');
    expect(botStopTexts('guard', { bot: '#7', pair: 'BTC/USDT', reason: verbatim('x') })).toMatchObject({ kind: 'bot_stopped', level: 'warn' });
    expect(botStopTexts('key_refused', { bot: '#7', pair: 'BTC/USDT', reason: verbatim('x') })).toMatchObject({ kind: 'key_refused', level: 'error' });
    expect(botStopTexts('venue_down', { bot: '#7', pair: 'BTC/USDT', reason: verbatim('x') })).toMatchObject({ kind: 'venue_down', level: 'error' });
  });

  it('a bot’s own stop carries its stop reason as a server text: the incident reads it in the reader’s language', () => {
    const reason = text('bots.stopReason.failures', { failures: 5, error: 'timeout' });
    const made = botStopTexts('failures', { bot: '#7', pair: 'BTC/USDT', reason });
    expect(made.text).toEqual({ key: 'incident.botFailedText', params: { reason: '@bots.stopReason.failures', failures: 5, error: 'timeout', bot: '#7', pair: 'BTC/USDT' } });
    expect(renderServerText(made.text, 'zh_CN')).toBe('BTC/USDT 上的机器人 #7 已自行停止：连续 5 个周期失败；最后一次：timeout');
    expect(renderServerText(made.text, 'en_US')).toBe('Bot #7 on BTC/USDT stopped itself: 5 ticks failed in a row; the last: timeout');
  });
});

describe('the obligation monitor’s texts', () => {
  const terms = { maxSpreadBps: '15', depthWithinPct: '1' as const, minDepthQuote: '250000', minUptimePct: '95', period: 'month' as const };
  it('a breach says why in the reader’s language, with the terms it broke; the details keep what the monitor reads back', () => {
    const spread = obligationTexts({ type: 'breach', from: AT, kind: 'spread', minutes: 5 }, { pair: 'BTC/USDT', terms });
    expect(spread).toMatchObject({ kind: 'obligation_breach', level: 'error', details: { from: AT, why: 'spread', minutes: 5 } });
    expect(renderServerText(spread.text, 'en_US')).toBe(
      'The desk has not kept the obligation of BTC/USDT since 2026-11-27 04:31:05 UTC: 5 minute(s) in a row up less than 95 % of the time, mostly because its quotes were wider than 15 bps. The obligation: spread at most 15 bps, own depth within 1 % at least 250000 USDT per side',
    );
    const depth = obligationTexts({ type: 'breach', from: AT, kind: 'depth', minutes: 5 }, { pair: 'BTC/USDT', terms });
    expect(renderServerText(depth.text, 'zh_CN')).toContain('主要原因：1% 范围内己方某一侧深度低于 250000 USDT');
    const gap = obligationTexts({ type: 'breach', from: AT, kind: 'gap', minutes: 5 }, { pair: 'BTC/USDT', terms });
    expect(renderServerText(gap.text, 'en_US')).toContain('mostly because no sample was taken (the server was down or the book unread)');
  });

  it('the period out of reach names the month in the reader’s language', () => {
    const made = obligationTexts({ type: 'at_risk', periodStart: Date.UTC(2026, 10, 1), bestPct: '94.5', upSec: 3_600, elapsedSec: 7_200 }, { pair: 'BTC/USDT', terms });
    expect(made).toMatchObject({ kind: 'obligation_at_risk', level: 'warn', details: { periodStart: Date.UTC(2026, 10, 1), bestPct: '94.5' } });
    expect(renderServerText(made.title, 'en_US')).toBe('Uptime of BTC/USDT out of reach this month');
    expect(renderServerText(made.title, 'zh_CN')).toBe('BTC/USDT 本月在线时间已无法达标');
    expect(renderServerText(made.text, 'en_US')).toBe('Even up every second from now, the two-sided uptime of BTC/USDT this month can reach at most 94.5 %, under the obligation’s 95 % (up 1 h of 2 h so far)');
  });
});

describe('incident visibility and notices', () => {
  it('the main account reads every incident; a restricted one its own and the pair-wide ones', () => {
    expect(mayRead({ id: 1, mainAccountId: 1 }, { adminId: 5 })).toBe(true);
    expect(mayRead({ id: 5, mainAccountId: 2 }, { adminId: 5 })).toBe(true);
    expect(mayRead({ id: 5, mainAccountId: 2 }, { adminId: null })).toBe(true);
    expect(mayRead({ id: 5, mainAccountId: 2 }, { adminId: 1 })).toBe(false);
  });

  it('a notice from another server is checked before it is used, and renders in the reader’s language', () => {
    const notice = { id: 3, coinId: 1, coinName: 'BTC/USDT', robotId: null, adminId: null, level: 'warn', kind: 'emergency_stop', title: { key: 'incident.emergencyStopTitle', params: { pair: 'BTC/USDT' } }, text: { key: 'verbatim', params: { text: 'old words' } }, createdAt: AT };
    const parsed = parseIncidentNotice(notice);
    expect(parsed).toEqual(notice);
    expect(renderIncident({ ...parsed!, readAt: null }, 'zh_CN')).toMatchObject({ title: 'BTC/USDT 紧急停止', text: 'old words', readAt: null });
    for (const bad of [null, 'x', { ...notice, id: 1.5 }, { ...notice, level: 'fatal' }, { ...notice, kind: 'other' }, { ...notice, title: { key: '' } }, { ...notice, adminId: '1' }]) {
      expect(parseIncidentNotice(bad)).toBeNull();
    }
  });
});
