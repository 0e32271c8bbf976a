import { parseRobotConfig, PUMP_TARGET_MIN_MINUTES, PUMP_TARGET_TEXT, SMART_TARGET_MIN_MINUTES, type RobotTypeKey } from '@makerdesk/contract';
import type { TFunction } from 'i18next';
import { formatPlain } from '@/lib/numbers';
import { percentFromFraction } from '@makerdesk/format';
import '../robots-i18n';

export interface ConfigIssue {
  /** Dotted path inside the config: 'baseSpreadMin', 'options.priceFloor', 'legs.0.symbol'. */
  field: string;
  message: string;
}

const MINUTE = 60_000;
const PUMP_TYPES: ReadonlySet<RobotTypeKey> = new Set(['pump_oscillating', 'pump_rapid', 'pump_ratio']);

/**
 * The issues of a config, checked with the contract's own schema (the server checks the same one),
 * so the form shows the server's texts as the user types. Smart sell and buy also need their target
 * date at least 60 minutes after the start, pump and dump bots at least 1 minute (the server checks
 * both when the bot is saved).
 */
export function configIssues(type: RobotTypeKey, config: Record<string, unknown>, startsAt: number): ConfigIssue[] {
  const parsed = parseRobotConfig(type, config);
  const issues = parsed.ok ? [] : [...parsed.issues];
  if ((type === 'smart_sell' || type === 'smart_buy') && typeof config.targetAt === 'number') {
    if (config.targetAt < startsAt + SMART_TARGET_MIN_MINUTES * MINUTE && !issues.some((i) => i.field === 'targetAt')) {
      issues.push({ field: 'targetAt', message: `The target date must be at least ${SMART_TARGET_MIN_MINUTES} minutes after the start` });
    }
  }
  if (PUMP_TYPES.has(type) && typeof config.targetAt === 'number') {
    if (config.targetAt < startsAt + PUMP_TARGET_MIN_MINUTES * MINUTE && !issues.some((i) => i.field === 'targetAt')) {
      issues.push({ field: 'targetAt', message: PUMP_TARGET_TEXT });
    }
  }
  return issues;
}

let last: { key: string; issues: ConfigIssue[] } | null = null;

/** The same check, remembered for the last config: every field's rule asks for it on each keystroke. */
export function cachedConfigIssues(type: RobotTypeKey, config: Record<string, unknown>, startsAt: number): ConfigIssue[] {
  // Minutes are enough for the start: the target-date rule is about an hour.
  const key = `${type}|${Math.floor(startsAt / MINUTE)}|${JSON.stringify(config)}`;
  if (last?.key !== key) last = { key, issues: configIssues(type, config, startsAt) };
  return last.issues;
}

/** The contract's and server's texts (English) as the console's language says them. */
const patterns: [RegExp, (t: TFunction<'robots'>, m: RegExpMatchArray, bound: (value: string) => string) => string][] = [
  [/^Min value cannot exceed max value$/, (t) => t('issue.minAboveMax')],
  [/^Max value must exceed min value$/, (t) => t('issue.maxBelowMin')],
  [/^Must be between (\S+) and (\S+)$/, (t, m, bound) => t('issue.between', { min: bound(m[1] ?? ''), max: bound(m[2] ?? '') })],
  [/^Must be above (\S+) and at most (\S+)$/, (t, m, bound) => t('issue.aboveAtMost', { min: bound(m[1] ?? ''), max: bound(m[2] ?? '') })],
  [/^Please enter a valid value$/, (t) => t('issue.invalid')],
  [/^Please enter a whole number$/, (t) => t('issue.integer')],
  [/^Use the form BASE\/QUOTE/, (t) => t('issue.symbol')],
  [/^A combo needs (\d+) to (\d+) pairs$/, (t, m) => t('issue.combo', { min: m[1] ?? '', max: m[2] ?? '' })],
  [/^A basket needs (\d+) to (\d+) pairs$/, (t, m) => t('issue.basket', { min: m[1] ?? '', max: m[2] ?? '' })],
  [/^The target date must be at least (\d+) minutes? after the start$/, (t, m) => t('issue.target', { minutes: m[1] ?? '', count: Number(m[1]) })],
  [/^Set at least one rule$/, (t) => t('issue.atLeastOneRule')],
  [/^The "below" threshold must be under the "above" one$/, (t) => t('issue.belowUnderAbove')],
  [/^Set (\d+) to (\d+) thresholds$/, (t, m) => t('issue.thresholds', { min: m[1] ?? '', max: m[2] ?? '' })],
  [/^Choose 1, 2, 3, 4, 6, 8, 12 or 24 hours$/, (t) => t('issue.everyHours')],
  [/^Use HH:MM, e\.g\. 08:00$/, (t) => t('issue.hhmm')],
  [/^Use \+HH:MM or -HH:MM, from -14:00 to \+14:00$/, (t) => t('issue.utcOffset')],
  [/^The start time must be at least (\d+) minutes? (ahead|from now)/, (t, m) => t('start.atLeast', { minutes: m[1] ?? '' })],
];

/**
 * A bound as the field shows its value: a fraction the API keeps ('0.0005') as the percent the form
 * is typed in ('0.05 %'), a percent field's bound with its sign; other units as they are.
 */
export function boundText(value: string, unit: string | undefined, t: TFunction<'robots'>): string {
  if (unit === 'fraction') {
    const percent = percentFromFraction(value);
    return percent === undefined ? value : t('unit.percentValue', { value: formatPlain(percent) });
  }
  if (unit === 'percent') return t('unit.percentValue', { value: formatPlain(value) });
  return value;
}

/**
 * One issue's text for the field it sits on, its bounds in the field's unit (`unit`: the field's
 * `x-unit`; a fraction's bounds in percent). zod's own texts (a required value missing, a wrong
 * type) read as the spec's "please enter a valid value".
 */
export function issueText(message: string, t: TFunction<'robots'>, unit?: string): string {
  const bound = (value: string) => boundText(value, unit, t);
  for (const [pattern, render] of patterns) {
    const match = message.match(pattern);
    if (match) return render(t, match, bound);
  }
  if (/^Invalid input|^Too (small|big)|^Invalid option|expected/i.test(message)) return t('issue.invalid');
  return message;
}
