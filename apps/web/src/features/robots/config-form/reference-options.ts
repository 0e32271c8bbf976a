import type { Coin, Platform } from '@makerdesk/contract';

export interface ReferenceOption {
  value: string;
  label: string;
}

/**
 * The follow exchanges a reference may name: one per ccxt id (the config stores the id, which the
 * server opens without a key), labelled with the platforms' names; a stored id no platform has any
 * more stays choosable so an old bot still shows what it follows.
 */
export function referencePlatformOptions(platforms: readonly Platform[], current?: unknown): ReferenceOption[] {
  const names = new Map<string, string[]>();
  for (const p of platforms) names.set(p.code, [...(names.get(p.code) ?? []), p.name]);
  const options = [...names].map(([code, list]) => ({ value: code, label: `${[...new Set(list)].join(' / ')} · ${code}` }));
  if (typeof current === 'string' && current !== '' && !names.has(current)) options.push({ value: current, label: current });
  return options;
}

/** The desk's pairs on the platforms of that ccxt id, sorted; any other BASE/QUOTE may still be typed. */
export function referencePairOptions(platforms: readonly Platform[], coins: readonly Coin[], code: unknown): ReferenceOption[] {
  const ids = new Set(platforms.filter((p) => p.code === code).map((p) => p.id));
  const symbols = [...new Set(coins.filter((c) => ids.has(c.platformId)).map((c) => c.coinName))].sort();
  return symbols.map((s) => ({ value: s, label: s }));
}
