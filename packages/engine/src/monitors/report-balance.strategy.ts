import { botTypeKey, offsetMinutes, REPORT_BOT_LINES, text, type ReportBalanceConfig, type ServerText } from '@makerdesk/contract';
import { add, sign } from '@makerdesk/decimal';
import { alert, notify } from '../intents.ts';
import type { PairBotFigures } from '../ports.ts';
import type { MarketSnapshot, Strategy, TickInput, TickOutput } from '../strategy.ts';
import { assetAmount, figureOf, localTime, midPrice, priceOf, quoteDecimals, sameRun, shown } from './monitor-kit.ts';

/**
 * Balance timed report (docs/strategies.md, "Balance timed report"): at each slot of its schedule
 * (every N hours on the hour, or daily at HH:MM, in the configured UTC offset) one report of the
 * pair's balances and its bots' figures. The last slot reported is kept in state: one report per
 * slot across restarts, and after downtime that spanned slots, one catch-up report for the latest.
 */

/** How often the report bot looks at the clock: a report goes out at most this late after its slot. */
export const REPORT_CHECK_MS = 30_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface ReportState {
  run: number | null;
  /** The schedule the slots belong to; another schedule starts afresh. */
  schedule: string;
  /** Epoch ms of the last slot reported (or of the slot current when the run started). */
  lastSlot: number | null;
}

export function scheduleKey(config: ReportBalanceConfig): string {
  return config.schedule === 'every' ? `every ${config.everyHours}h ${config.utcOffset}` : `daily ${config.dailyAt} ${config.utcOffset}`;
}

function periodMs(config: ReportBalanceConfig): number {
  return config.schedule === 'every' ? config.everyHours * HOUR : DAY;
}

/** The latest slot at or before `now` (epoch ms). */
export function latestSlot(config: ReportBalanceConfig, now: number): number {
  const offset = offsetMinutes(config.utcOffset) * 60_000;
  const local = now + offset;
  if (config.schedule === 'every') {
    const period = periodMs(config);
    return Math.floor(local / period) * period - offset;
  }
  const [h, m] = config.dailyAt.split(':').map(Number);
  let slot = Math.floor(local / DAY) * DAY + (h ?? 0) * HOUR + (m ?? 0) * 60_000;
  if (slot > local) slot -= DAY;
  return slot - offset;
}

function decide(input: TickInput<ReportBalanceConfig, ReportState>): TickOutput<ReportState> {
  const { config, market, now } = input;
  const schedule = scheduleKey(config);
  const offset = offsetMinutes(config.utcOffset);
  const slot = latestSlot(config, now);
  const reference = midPrice(market.book);
  const known = sameRun(input.state, input.startedAt) && input.state.schedule === schedule && input.state.lastSlot !== null ? input.state.lastSlot : null;
  const state: ReportState = { run: input.startedAt, schedule, lastSlot: slot };
  if (known === null) {
    const next = slot + periodMs(config);
    return { intents: [alert('info', text('monitor.report.scheduled', { ...scheduleParams(config), due: localTime(next, offset) }))], state, reference };
  }
  if (slot <= known) return { intents: [], state: { ...state, lastSlot: known }, reference };
  const missed = Math.max(0, Math.round((slot - known) / periodMs(config)) - 1);
  const slotAt = localTime(slot, offset);
  const late: Record<string, string | number> = now - slot > 5 * 60_000 ? (missed > 0 ? { late: '@monitor.report.lateMissed', missed } : { late: '@monitor.report.late' }) : {};
  const title = text('monitor.report.title', { pair: market.rules.symbol, slot: slotAt });
  const body = reportText(market, reference);
  return { intents: [notify('info', title, { key: body.key, params: { ...body.params, ...late, slot: slotAt } })], state, reference };
}

/** The schedule as the report's first notice says it: `schedule` names the template, the rest its params. */
function scheduleParams(config: ReportBalanceConfig): Record<string, string | number> {
  return config.schedule === 'every'
    ? { schedule: '@monitor.report.every', hours: config.everyHours, offset: config.utcOffset }
    : { schedule: '@monitor.report.daily', at: config.dailyAt, offset: config.utcOffset };
}

/**
 * The report: balances, the mid price, each bot's figures (at most REPORT_BOT_LINES lines, the rest
 * counted) and the pair's totals; quote amounts at the price precision, base at the amount precision,
 * each with its unit.
 */
export function reportText(market: MarketSnapshot, mid: string | null): ServerText {
  const { rules, balances } = market;
  const q = quoteDecimals(rules);
  const quote = (v: string) => assetAmount(v, 'quote', rules);
  const params: Record<string, string | number> = {
    base: assetAmount(balances.base.total, 'base', rules),
    baseAvailable: assetAmount(balances.base.available, 'base', rules),
    quote: quote(balances.quote.total),
    quoteAvailable: quote(balances.quote.available),
    mid: mid === null ? '@monitor.report.unknownMid' : priceOf(mid, rules),
  };
  const bots = market.pairBots ?? [];
  params.botCount = bots.length;
  params.running = bots.filter((bot) => bot.status === 'running').length;
  const listed = bots.slice(0, REPORT_BOT_LINES);
  if (listed.length > 0) params.lines = `@monitor.report.lines${listed.length}`;
  listed.forEach((bot, index) => Object.assign(params, botParams(bot, index + 1, q, rules.quote)));
  if (bots.length > listed.length) Object.assign(params, { more: '@monitor.report.more', moreBots: bots.length - listed.length });
  if (bots.length > 0) {
    const fees = bots.reduce((sum, bot) => add(sum, bot.fees), '0');
    const totals = bots.map((bot) => bot.totalPnl);
    params.pairFees = quote(fees);
    if (totals.every((t): t is string => t !== null)) Object.assign(params, { totals: '@monitor.report.totals', pairTotal: signedAmount(totals.reduce((s, t) => add(s, t), '0'), q, rules.quote) });
    else params.totals = '@monitor.report.totalsUnknown';
  }
  return text('monitor.report.text', params);
}

/** Bot line `i`'s params (`id3`, `type3`, …): numbered, so that several bots' lines share one text. */
function botParams(bot: PairBotFigures, i: number, q: number, quote: string): Record<string, string | number> {
  const at = (v: string) => signedAmount(v, q, quote);
  return {
    [`bot${i}`]: `@monitor.report.bot${i}`,
    [`id${i}`]: bot.id,
    [`type${i}`]: `@${botTypeKey(bot.type)}`,
    [`status${i}`]: `@monitor.report.${bot.status}`,
    [`trades${i}`]: bot.trades,
    [`volume${i}`]: figureOf(bot.quoteVolume, q, quote),
    [`fees${i}`]: figureOf(bot.fees, q, quote),
    ...(bot.totalPnl === null
      ? { [`pnl${i}`]: '@monitor.report.pnlUnknown' }
      : { [`pnl${i}`]: `@monitor.report.pnl${i}`, [`total${i}`]: at(bot.totalPnl), [`realised${i}`]: at(bot.realizedPnl), [`unrealised${i}`]: at(bot.unrealizedPnl ?? '0') }),
  };
}

/** A quote amount with its sign (+ when above zero), grouped, with its unit: "+1,234.50 USDT". */
function signedAmount(value: string, q: number, unit: string): string {
  return `${sign(shown(value, q)) > 0 ? '+' : ''}${figureOf(value, q, unit)}`;
}

export const reportBalanceStrategy: Strategy<ReportBalanceConfig, ReportState> = {
  type: 'report_balance',
  watchOnly: true,
  intervalMs: () => REPORT_CHECK_MS,
  initialState: (config) => ({ run: null, schedule: scheduleKey(config), lastSlot: null }),
  needs: () => ({ bookDepth: 1, references: [], balances: true, pairFigures: true }),
  decide,
};
