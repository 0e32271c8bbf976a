import { ErrorCode } from '@makerdesk/contract';
import { mul } from '@makerdesk/format';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { TFunction } from 'i18next';
import { askGuardConfirmation, isGuardRefusal } from '@/components/guard-confirm';
import { formatFixed } from '@/lib/numbers';
import type { Direction } from '@/market-data/types';
import type { PairPrecision } from '@/market-data/utils/precision';

export interface DeviationOrder {
  direction: Direction;
  /** The order's size in base. */
  amount: string;
  /** Its value in quote (price × amount; a batch's sum). */
  notional: string;
  /** The balance that funds it: quote for a buy, base for a sell. */
  available: string;
  pair: { base: string; quote: string };
  precision: PairPrecision;
}

/**
 * Sends `send(false)`; when the server refuses the price as beyond the pair's band (1030080), asks a
 * second time, naming the distance and the notional (the server's words) with the order's size,
 * notional and available balance, and sends `send(true)` (confirmDeviation) only on confirmation.
 * Resolves the placed result, or null when the user declined. Other failures are rethrown.
 */
export async function withDeviationConfirmation<T>(
  send: (confirmDeviation: boolean) => Promise<T>,
  modal: HookAPI,
  t: TFunction<'trading'>,
  order: DeviationOrder,
): Promise<T | null> {
  try {
    return await send(false);
  } catch (err) {
    if (!isGuardRefusal(err, ErrorCode.PRICE_BEYOND_BAND)) throw err;
    const fundingAsset = order.direction === 'buy' ? order.pair.quote : order.pair.base;
    const confirmed = await askGuardConfirmation(modal, {
      title: t('guard.deviation.title'),
      message: err.message,
      rows: [
        { label: t('guard.size'), value: `${formatFixed(order.amount, order.precision.amount)} ${order.pair.base}` },
        { label: t('guard.notional'), value: `${formatFixed(order.notional, order.precision.price)} ${order.pair.quote}` },
        {
          label: t('guard.available'),
          value: `${formatFixed(order.available, order.direction === 'buy' ? order.precision.price : order.precision.amount)} ${fundingAsset}`,
        },
      ],
      okText: t(order.direction === 'buy' ? 'guard.deviation.okBuy' : 'guard.deviation.okSell'),
      cancelText: t('guard.cancel'),
    });
    if (!confirmed) return null;
    return send(true);
  }
}

export function notionalOf(price: string, amount: string): string {
  return mul(price, amount);
}
