import type { Lang } from '../envelope.ts';
import { accountLimitEntries } from './account-limits.entries.ts';
import { accountEntries } from './account.entries.ts';
import { alertEntries } from './alerts.entries.ts';
import { analysisEntries } from './analysis.entries.ts';
import { deskEntries } from './desk.entries.ts';
import { liquidityEntries } from './liquidity.entries.ts';
import { botEntries } from './bots.entries.ts';
import { copyTradingEntries } from './copy-trading.entries.ts';
import { fatFingerEntries } from './fat-finger.entries.ts';
import { coreEntries } from './core.entries.ts';
import { noticeEntries } from './notice.entries.ts';
import { operationsEntries } from './operations.entries.ts';
import { outboundEntries } from './outbound.entries.ts';
import { outcomeEntries } from './outcome.entries.ts';
import { pairEntries } from './pair.entries.ts';
import { pairAdminEntries } from './pair-admin.entries.ts';
import { paramsEntries } from './params.entries.ts';
import { systemEntries } from './system.entries.ts';
import { traderEntries } from './trader.entries.ts';
import { tradingEntries } from './trading.entries.ts';
import type { CatalogueEntry } from './types.ts';
import { walletEntries } from './wallet.entries.ts';

/** Every entry file's entries, as written (a code listed twice stays twice here; the Map keeps the last). */
export const catalogueEntries: readonly CatalogueEntry[] = [
  ...coreEntries,
  ...tradingEntries,
  ...pairEntries,
  ...accountEntries,
  ...paramsEntries,
  ...traderEntries,
  ...noticeEntries,
  ...copyTradingEntries,
  ...walletEntries,
  ...systemEntries,
  ...botEntries,
  ...pairAdminEntries,
  ...alertEntries,
  ...outboundEntries,
  ...analysisEntries,
  ...deskEntries,
  ...liquidityEntries,
  ...operationsEntries,
  ...accountLimitEntries,
  ...outcomeEntries,
  ...fatFingerEntries,
];

export const catalogue: ReadonlyMap<number, CatalogueEntry> = new Map(catalogueEntries.map((e) => [e.code, e]));

export function catalogueEntry(code: number): CatalogueEntry | undefined {
  return catalogue.get(code);
}

export function isKnownCode(code: unknown): code is number {
  return typeof code === 'number' && catalogue.has(code);
}

/** Fills `{name}` placeholders; a missing param leaves an empty string, never the raw brace. */
export function renderMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function messageFor(code: number, lang: Lang, params?: Record<string, string | number>): string {
  const entry = catalogue.get(code);
  if (!entry) return renderMessage(lang === 'zh_CN' ? coreZh.unknown : coreEn.unknown, { code });
  return renderMessage(lang === 'zh_CN' ? entry.zh : entry.en, params);
}

const coreEn = { unknown: 'Unknown error ({code})' };
const coreZh = { unknown: '未知错误（{code}）' };
