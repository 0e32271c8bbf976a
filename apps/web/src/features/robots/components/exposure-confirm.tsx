import { botExposure, ErrorCode, shareOf, type RobotTypeKey, type SideExposure } from '@makerdesk/contract';
import { add, div } from '@makerdesk/decimal';
import type { QueryClient } from '@tanstack/react-query';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { TFunction } from 'i18next';
import { askGuardConfirmation, isGuardRefusal } from '@/components/guard-confirm';
import { formatFixed, isPositive } from '@/lib/numbers';
import { getPriceQueryOptions } from '@/market-data/api/get-price';
import { getWalletQueryOptions } from '@/market-data/api/get-wallet';
import type { PairPrecision } from '@/market-data/utils/precision';

interface ExposureContext {
  coinId: number;
  type: RobotTypeKey;
  config: Record<string, unknown>;
  pair: { base: string; quote: string };
  precision: PairPrecision;
  queryClient: QueryClient;
}

/** A share as people read it: '0.1234' → '12.34 %'; null (no balance) → '—'. */
function percent(share: string | null): string {
  return share === null ? '—' : `${formatFixed(div(share, '0.01', { decimals: 4, rounding: 'half-up' }), 2)}%`;
}

/**
 * The rows of the exposure confirmation: per side, one order's and the whole side's notional, and
 * their share of the balance that funds the side (quote for bids, base for asks, valued at the mid).
 */
export function exposureRows(
  t: TFunction<'robots'>,
  exposure: { buy: SideExposure | null; sell: SideExposure | null },
  available: { base: string; quote: string },
  ctx: Pick<ExposureContext, 'pair' | 'precision'>,
): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  const quote = (v: string) => `${formatFixed(v, 2)} ${ctx.pair.quote}`;
  const base = (v: string) => `${formatFixed(v, ctx.precision.amount)} ${ctx.pair.base}`;
  for (const side of ['buy', 'sell'] as const) {
    const s = exposure[side];
    if (!s) continue;
    const funds = side === 'buy' ? available.quote : available.base;
    const single = side === 'buy' ? s.perOrderQuote : s.perOrderBase;
    const total = side === 'buy' ? s.totalQuote : s.totalBase;
    rows.push({
      label: t(`exposure.${side}.perOrder`),
      value: t('exposure.value', { notional: quote(s.perOrderQuote), size: base(s.perOrderBase), share: percent(shareOf(single, funds)) }),
    });
    rows.push({
      label: t(`exposure.${side}.total`, { count: s.orders }),
      value: t('exposure.value', { notional: quote(s.totalQuote), size: base(s.totalBase), share: percent(shareOf(total, funds)) }),
    });
  }
  rows.push({ label: t('exposure.available'), value: `${quote(available.quote)} · ${base(available.base)}` });
  return rows;
}

/**
 * Sends `send(false)`; when the server answers that the key's available balance cannot fund the
 * configuration (1030082), shows per-order and total notional and their share of the balance, and
 * sends `send(true)` (confirmExposure) only on confirmation. Null when the user declined.
 */
export async function withExposureConfirmation<T>(send: (confirmExposure: boolean) => Promise<T>, modal: HookAPI, t: TFunction<'robots'>, ctx: ExposureContext): Promise<T | null> {
  try {
    return await send(false);
  } catch (err) {
    if (!isGuardRefusal(err, ErrorCode.BOT_EXPOSURE_UNFUNDED)) throw err;
    const [wallet, price] = await Promise.all([
      ctx.queryClient.fetchQuery({ ...getWalletQueryOptions(ctx.coinId), staleTime: 0 }).catch(() => null),
      ctx.queryClient.fetchQuery({ ...getPriceQueryOptions(ctx.coinId), staleTime: 0 }).catch(() => null),
    ]);
    const available = { base: wallet?.base.available ?? '0', quote: wallet?.quote.available ?? '0' };
    const mid = price?.bid && price.ask && isPositive(price.bid) && isPositive(price.ask) ? div(add(price.bid, price.ask), '2', { decimals: 12, rounding: 'half-even' }) : (price?.last ?? '0');
    const confirmed = await askGuardConfirmation(modal, {
      title: t('exposure.title'),
      message: err.message,
      rows: exposureRows(t, botExposure(ctx.type, ctx.config, mid), available, ctx),
      okText: t('exposure.ok'),
      cancelText: t('confirm.cancel'),
    });
    if (!confirmed) return null;
    return send(true);
  }
}
