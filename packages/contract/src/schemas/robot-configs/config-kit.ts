import { add, ceil, compare, div, isDecimal, max, min, mul, round } from '@makerdesk/decimal';
import { z } from 'zod';

/**
 * Building blocks of the bot config schemas. Every field carries its en/zh title and its bounds as
 * JSON Schema annotations (`x-*`), so `GET /robot/init/list` hands the console a schema it can render
 * a form from, with the same bounds and messages the server checks.
 */

export const MIN_ABOVE_MAX = 'Min value cannot exceed max value';
export const MAX_BELOW_MIN = 'Max value must exceed min value';

export interface FieldText {
  title: string;
  titleZh: string;
  /** One sentence shown under the field. */
  help?: string;
  helpZh?: string;
}

/** `asset`: an amount of the asset chosen in the same row's `asset` field (base or quote). */
export type DecimalUnit = 'base' | 'quote' | 'price' | 'fraction' | 'percent' | 'ratio' | 'asset';

export interface DecimalBounds extends FieldText {
  min: string;
  max: string;
  /** The value must be strictly above `min` (an amount or price of 0 makes no sense). */
  minExclusive?: boolean;
  unit: DecimalUnit;
  /** One order's amount (base): the console checks it against the pair's minimum amount (`x-order-amount`). */
  orderAmount?: true;
}

function boundsMessage(b: { min: string; max: string; minExclusive?: boolean }): string {
  return b.minExclusive ? `Must be above ${b.min} and at most ${b.max}` : `Must be between ${b.min} and ${b.max}`;
}

/** A decimal string (numbers are accepted and turned into their text) within bounds, exact. */
export function decimalField(b: DecimalBounds) {
  return z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().refine((v) => /^-?\d+(\.\d+)?$/.test(v), { message: 'Please enter a valid value' }))
    .refine((v) => !isDecimal(v) || (b.minExclusive ? compare(v, b.min) > 0 : compare(v, b.min) >= 0) && compare(v, b.max) <= 0, {
      message: boundsMessage(b),
    })
    .meta({
      title: b.title,
      'x-title-zh': b.titleZh,
      ...(b.help ? { description: b.help, 'x-help-zh': b.helpZh ?? b.help } : {}),
      'x-kind': 'decimal',
      'x-unit': b.unit,
      'x-min': b.min,
      'x-max': b.max,
      ...(b.minExclusive ? { 'x-min-exclusive': true } : {}),
      ...(b.orderAmount ? { 'x-order-amount': true } : {}),
    });
}

export interface IntegerBounds extends FieldText {
  min: number;
  max: number;
  unit?: 'seconds' | 'count' | 'minutes' | 'hours';
}

export function integerField(b: IntegerBounds) {
  return z.coerce
    .number<number>({ message: 'Please enter a valid value' })
    .int({ message: 'Please enter a whole number' })
    .min(b.min, { message: boundsMessage({ min: String(b.min), max: String(b.max) }) })
    .max(b.max, { message: boundsMessage({ min: String(b.min), max: String(b.max) }) })
    .meta({
      title: b.title,
      'x-title-zh': b.titleZh,
      ...(b.help ? { description: b.help, 'x-help-zh': b.helpZh ?? b.help } : {}),
      'x-kind': 'integer',
      'x-unit': b.unit ?? 'count',
      'x-min': b.min,
      'x-max': b.max,
    });
}

export function choiceField<const T extends readonly [string, ...string[]]>(values: T, text: FieldText & { labels: Record<T[number], [string, string]> }) {
  return z.enum(values).meta({
    title: text.title,
    'x-title-zh': text.titleZh,
    ...(text.help ? { description: text.help, 'x-help-zh': text.helpZh ?? text.help } : {}),
    'x-kind': 'choice',
    'x-labels': text.labels,
  });
}

/** A switch: true or false (`x-kind: boolean`); absent reads as off where the schema makes it optional. */
export function booleanField(text: FieldText) {
  return z.boolean({ message: 'Please choose on or off' }).meta({
    title: text.title,
    'x-title-zh': text.titleZh,
    ...(text.help ? { description: text.help, 'x-help-zh': text.helpZh ?? text.help } : {}),
    'x-kind': 'boolean',
  });
}

export function textField(text: FieldText & { max: number }) {
  return z
    .string()
    .trim()
    .min(1, { message: 'Please enter a valid value' })
    .max(text.max)
    .meta({ title: text.title, 'x-title-zh': text.titleZh, 'x-kind': 'text', ...(text.help ? { description: text.help, 'x-help-zh': text.helpZh ?? text.help } : {}) });
}

/** Epoch milliseconds. */
export function timeField(text: FieldText) {
  return z.coerce
    .number<number>({ message: 'Please enter a valid value' })
    .int()
    .positive()
    .meta({ title: text.title, 'x-title-zh': text.titleZh, 'x-kind': 'datetime', ...(text.help ? { description: text.help, 'x-help-zh': text.helpZh ?? text.help } : {}) });
}

interface RefineCtx {
  addIssue(issue: { code: 'custom'; message: string; path: (string | number)[] }): void;
}

/**
 * min < max (strictly, spec §5), optionally by at least `gap` (base spread: max from min + 0.0005).
 * Both fields get an issue, each with the spec's own text.
 */
export function checkMinBelowMax(
  value: Record<string, unknown>,
  ctx: RefineCtx,
  minKey: string,
  maxKey: string,
  gap?: string,
): void {
  const lo = value[minKey];
  const hi = value[maxKey];
  if (lo === undefined || hi === undefined || lo === null || hi === null) return;
  const los = String(lo);
  const his = String(hi);
  if (!isDecimal(los) || !isDecimal(his)) return;
  const floor = gap ? add(los, gap) : los;
  const ok = gap ? compare(his, floor) >= 0 : compare(his, floor) > 0;
  if (ok) return;
  ctx.addIssue({ code: 'custom', message: MIN_ABOVE_MAX, path: [minKey] });
  ctx.addIssue({ code: 'custom', message: MAX_BELOW_MIN, path: [maxKey] });
}

/** Declares a min/max pair in the JSON Schema, so the form can check it as the user types. */
export interface RangePair {
  min: string;
  max: string;
  gap?: string;
}

/** What the defaults of a type are built from: the pair the bot is for and its current price. */
export interface PairDefaults {
  symbol: string;
  price: string;
  pricePrecision: number;
  amountPrecision: number;
  minAmount: string;
  minNotional: string;
}

/** An amount of base worth about `quoteValue` at the pair's price, rounded up to the pair's precision and never under its minimum. */
export function amountWorth(pair: PairDefaults, quoteValue: string): string {
  const raw = ceil(div(quoteValue, pair.price, { decimals: pair.amountPrecision + 2, rounding: 'up' }), pair.amountPrecision);
  return compare(raw, pair.minAmount) < 0 ? pair.minAmount : raw;
}

/** The most a refresh tolerance can be (the field's bound). */
export const REFRESH_TOLERANCE_MAX = '0.05';

/**
 * The refresh tolerance a quoting type starts with, a fraction of the price: half of the bot's
 * smallest half-spread (`spread` is its smallest full spread, so a kept order stays between a half and
 * one and a half times its intended distance from the reference), never under two of the pair's ticks
 * at its price, never over the field's bound; rounded up to 6 decimals (0.0001 %, what the form shows).
 */
export function defaultRefreshTolerance(pair: PairDefaults, spread: string): string {
  const tick = `1e-${pair.pricePrecision}`;
  const twoTicks = div(mul('2', tick), pair.price, { decimals: 12, rounding: 'up' });
  const quarterSpread = div(spread, '4', { decimals: 12, rounding: 'up' });
  return min(ceil(max(quarterSpread, twoTicks), 6), REFRESH_TOLERANCE_MAX);
}

/** The pair's price times a factor, at the pair's precision. */
export function priceAt(pair: PairDefaults, factor: string): string {
  return round(mul(pair.price, factor), pair.pricePrecision, 'half-up');
}
