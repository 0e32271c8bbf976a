import { offsetMinutes, robotTypes, type ReportBalanceConfig } from '@makerdesk/contract';
import { add, sign } from '@makerdesk/decimal';
import { alert, notify } from '../intents.ts';
import type { PairBotFigures } from '../ports.ts';
import type { MarketSnapshot, Strategy, TickInput, TickOutput } from '../strategy.ts';
import { localTime, midPrice, sameRun, shown } from './monitor-kit.ts';

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
    return { intents: [alert('info', `Balance report: ${schedule}; the first report is due at ${localTime(next, offset)}`)], state, reference };
  }
  if (slot <= known) return { intents: [], state: { ...state, lastSlot: known }, reference };
  const missed = Math.max(0, Math.round((slot - known) / periodMs(config)) - 1);
  const late = now - slot > 5 * 60_000 ? ` (late: the server was down at ${localTime(slot, offset)}${missed > 0 ? `; ${missed} earlier report(s) missed` : ''})` : '';
  const title = `${market.rules.symbol} balance report, ${localTime(slot, offset)}`;
  return { intents: [notify('info', title, reportText(market, reference) + late)], state, reference };
}

/** The report's lines: balances, the mid price, each bot's figures and the pair's totals (quote at the price precision, base at the amount precision). */
export function reportText(market: MarketSnapshot, mid: string | null): string {
  const { rules, balances } = market;
  const q = Math.min(8, Math.max(2, rules.pricePrecision));
  const b = rules.amountPrecision;
  const lines = [
    `Balances: ${rules.base} ${shown(balances.base.total, b)} (available ${shown(balances.base.available, b)}), ${rules.quote} ${shown(balances.quote.total, q)} (available ${shown(balances.quote.available, q)})`,
    `Mid price: ${mid ?? 'unknown (empty book)'}`,
  ];
  const bots = market.pairBots ?? [];
  const running = bots.filter((bot) => bot.status === 'running').length;
  lines.push(`Bots: ${bots.length} (${running} running)`);
  for (const bot of bots) lines.push(botLine(bot, q, rules.quote));
  if (bots.length > 0) {
    const fees = bots.reduce((sum, bot) => add(sum, bot.fees), '0');
    const totals = bots.map((bot) => bot.totalPnl);
    const total = totals.every((t): t is string => t !== null) ? signed(shown(totals.reduce((s, t) => add(s, t), '0'), q)) : 'unknown (no price)';
    lines.push(`Pair total P&L: ${total} ${rules.quote}, fees ${shown(fees, q)} ${rules.quote}`);
  }
  return lines.join('\n');
}

function botLine(bot: PairBotFigures, q: number, quote: string): string {
  const pnl = bot.totalPnl === null ? 'P&L unknown (no price)' : `P&L ${signed(shown(bot.totalPnl, q))} (realised ${signed(shown(bot.realizedPnl, q))}, unrealised ${signed(shown(bot.unrealizedPnl ?? '0', q))})`;
  return `#${bot.id} ${robotTypes[bot.type].name} (${bot.status}): ${bot.trades} trades, volume ${shown(bot.quoteVolume, q)} ${quote}, fees ${shown(bot.fees, q)}, ${pnl}`;
}

function signed(value: string): string {
  return sign(value) > 0 ? `+${value}` : value;
}

export const reportBalanceStrategy: Strategy<ReportBalanceConfig, ReportState> = {
  type: 'report_balance',
  watchOnly: true,
  intervalMs: () => REPORT_CHECK_MS,
  initialState: (config) => ({ run: null, schedule: scheduleKey(config), lastSlot: null }),
  needs: () => ({ bookDepth: 1, references: [], balances: true, pairFigures: true }),
  decide,
};
