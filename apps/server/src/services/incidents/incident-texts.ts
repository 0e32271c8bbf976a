import { durationText, nestText, text, verbatim, type ServerText } from '@makerdesk/contract';

/** What the incident centre stores for each kind: pure builders of its server texts (no IO). */

/** A moment as every reader reads it the same: `2026-11-27 04:31:05 UTC`. */
export function incidentTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A duration as people read it: `45 s`, `3 min 20 s`, `2 h 5 min` (the contract's, shared with the engine's log lines). */
export const spanText = durationText;

export interface EmergencyStopFacts {
  pair: string;
  /** The account that pressed it (its name), or the monitor that asked (its bot id: "bot #4" in each reader's language). */
  by: string | { bot: number };
  /** A monitor's reason (words as written, or a server text); absent: the stop button. */
  reason?: string | ServerText;
  at: number;
  ordersCancelled: number;
  botsStopped: number;
  /** Orders still being cancelled when the stop answered. */
  failed: number;
}

export function emergencyStopTexts(f: EmergencyStopFacts): { title: ServerText; text: ServerText; details: Record<string, string | number> } {
  const params = {
    ...byParams(f.by),
    time: incidentTime(f.at),
    orders: f.ordersCancelled,
    bots: f.botsStopped,
    ...reasonParams(f.reason),
  };
  return {
    title: text('incident.emergencyStopTitle', { pair: f.pair }),
    text: f.failed > 0 ? text('incident.emergencyStopFailed', { ...params, failed: f.failed }) : text('incident.emergencyStopText', params),
    details: { ...(typeof f.by === 'string' ? { by: f.by } : { byBot: f.by.bot }), ordersCancelled: f.ordersCancelled, botsStopped: f.botsStopped },
  };
}

function reasonParams(reason: string | ServerText | undefined): Record<string, string | number> {
  if (reason === undefined) return { reason: '@incident.reasonStopButton' };
  if (typeof reason === 'string') return { reason };
  if (reason.key === 'verbatim') return { reason: String(reason.params.text ?? '') };
  return { ...reason.params, reason: `@${reason.key}` };
}

/** Who stopped, as params of an incident text: an account's name, or a monitor as "bot #4" in the reader's language. */
function byParams(by: string | { bot: number }): Record<string, string | number> {
  return typeof by === 'string' ? { by } : { by: '@incident.byBot', byBot: by.bot };
}

/** Who stopped the pair, from its stop's details (a monitor's bot id, or an account's name), in the reader's language. */
export function haltedBy(details: Record<string, string | number>): ServerText {
  return typeof details.byBot === 'number' ? text('incident.byBot', { byBot: details.byBot }) : verbatim(String(details.by ?? ''));
}

/** The halted pair's banner, from its stop's details and time. */
export function haltedText(details: Record<string, string | number>, at: number): ServerText {
  return text('incident.halted', { ...nestText('by', haltedBy(details)), time: incidentTime(at), orders: Number(details.ordersCancelled ?? 0), bots: Number(details.botsStopped ?? 0) });
}

export type BotStopCause = 'failures' | 'guard' | 'key_refused' | 'venue_down';

/**
 * Why a bot stopped itself, from the engine's reason: repeated failures (and which), a refusal of
 * its key, or a guard (the strategy's own stop, a bound, a refused start).
 */
export function botStopCause(reason: string): BotStopCause {
  const failures = /ticks failed in a row/i.test(reason);
  if (/api[- ]?key|signature|unauthori[sz]ed|permission|invalid key|-2014|-2015|-1022/i.test(reason)) return 'key_refused';
  if (failures && /timed? ?out|unreachable|ECONN|ENOTFOUND|network|venue.*(down|unavailable)|503|502/i.test(reason)) return 'venue_down';
  if (failures) return 'failures';
  return 'guard';
}

/** The incident of a bot that stopped itself; `reason` is its stop reason as stored (rendered in each reader's language). */
export function botStopTexts(cause: BotStopCause, facts: { bot: string; pair: string; reason: ServerText }): { kind: 'bot_stopped' | 'key_refused' | 'venue_down'; level: 'warn' | 'error'; title: ServerText; text: ServerText } {
  const params = { ...nestText('reason', facts.reason), bot: facts.bot, pair: facts.pair };
  switch (cause) {
    case 'failures':
      return { kind: 'bot_stopped', level: 'error', title: text('incident.botFailedTitle', params), text: text('incident.botFailedText', params) };
    case 'key_refused':
      return { kind: 'key_refused', level: 'error', title: text('incident.keyRefusedTitle', params), text: text('incident.keyRefusedText', params) };
    case 'venue_down':
      return { kind: 'venue_down', level: 'error', title: text('incident.venueDownTitle', params), text: text('incident.venueDownText', params) };
    case 'guard':
      return { kind: 'bot_stopped', level: 'warn', title: text('incident.botGuardTitle', params), text: text('incident.botGuardText', params) };
  }
}

/** The obligation's terms as params of its texts (decimals as the contract writes them). */
export interface ObligationTermsParams {
  maxSpreadBps: string;
  depthWithinPct: string;
  minDepthQuote: string;
  minUptimePct: string;
  period: 'day' | 'month';
}

const WHY_KEY = { gap: 'incident.obligationWhy.gap', no_quote: 'incident.obligationWhy.noQuote', spread: 'incident.obligationWhy.spread', depth: 'incident.obligationWhy.depth' } as const;

export type ObligationIncident = { kind: 'obligation_breach' | 'obligation_recovered' | 'obligation_at_risk'; level: 'info' | 'warn' | 'error'; title: ServerText; text: ServerText; details: Record<string, string | number> };

/**
 * The obligation monitor's incidents (issue 20 part 4): a breach (N minutes in a row under the
 * obligation, and mostly why), its end, and the period's uptime out of reach. `details` keep what
 * the monitor reads back after a restart (the breach's start, the period warned of).
 */
export function obligationTexts(
  event: { type: 'breach'; from: number; kind: keyof typeof WHY_KEY; minutes: number } | { type: 'recovered'; from: number; to: number; minutes: number } | { type: 'at_risk'; periodStart: number; bestPct: string; upSec: number; elapsedSec: number },
  facts: { pair: string; terms: ObligationTermsParams },
): ObligationIncident {
  const { terms } = facts;
  // The minimum depth in the pair's quote asset (BTC/USDT: "250000 USDT").
  const quote = facts.pair.split('/')[1];
  const minDepthQuote = quote ? `${terms.minDepthQuote} ${quote}` : terms.minDepthQuote;
  const base = { pair: facts.pair, maxSpreadBps: terms.maxSpreadBps, depthWithinPct: terms.depthWithinPct, minDepthQuote, minUptimePct: terms.minUptimePct };
  switch (event.type) {
    case 'breach':
      return {
        kind: 'obligation_breach',
        level: 'error',
        title: text('incident.obligationBreachTitle', { pair: facts.pair }),
        text: text('incident.obligationBreachText', { ...base, since: incidentTime(event.from), minutes: event.minutes, why: `@${WHY_KEY[event.kind]}` }),
        details: { from: event.from, why: event.kind, minutes: event.minutes },
      };
    case 'recovered':
      return {
        kind: 'obligation_recovered',
        level: 'info',
        title: text('incident.obligationRecoveredTitle', { pair: facts.pair }),
        text: text('incident.obligationRecoveredText', { pair: facts.pair, since: incidentTime(event.to), minutes: event.minutes, down: spanText(event.to - event.from), from: incidentTime(event.from) }),
        details: { from: event.from, to: event.to, minutes: event.minutes },
      };
    case 'at_risk': {
      const period = `@incident.obligationPeriod.${terms.period}`;
      return {
        kind: 'obligation_at_risk',
        level: 'warn',
        title: text('incident.obligationAtRiskTitle', { pair: facts.pair, period }),
        text: text('incident.obligationAtRiskText', { ...base, period, bestPct: event.bestPct, up: spanText(event.upSec * 1000), elapsed: spanText(event.elapsedSec * 1000) }),
        details: { periodStart: event.periodStart, bestPct: event.bestPct, upSec: event.upSec, elapsedSec: event.elapsedSec },
      };
    }
  }
}
