import type { CatalogueEntry } from './types.ts';

/**
 * 1030080–1030089: fat-finger guards (issue 18 §4). The price band of manual orders, the exposure of
 * a bot's configuration against the key's balance, and the venue's PERCENT_PRICE_BY_SIDE filter.
 * Params are already formatted, with their units.
 */
export const fatFingerEntries: CatalogueEntry[] = [
  {
    code: 1030080,
    group: 'params',
    http: 409,
    en: "The price {price} is {distance} from the opposite best {referencePrice}, beyond this pair's band of {band}; the order is worth {notional}. Confirm to place it anyway",
    zh: '价格 {price} 距对手方最优价 {referencePrice} 达 {distance}，超出本交易对 {band} 的价格带；该订单价值 {notional}。确认后方可下单',
  },
  { code: 1030081, group: 'params', http: 400, en: 'The price band must be between {min} and {max}', zh: '价格带须在{min}到{max}之间' },
  {
    code: 1030082,
    group: 'params',
    http: 409,
    en: 'This bot can put {needed} on the book, more than the available {available} ({share} of it). Confirm to save it anyway',
    zh: '该机器人最多可挂出 {needed}，超过可用余额 {available}（为其 {share}）。确认后方可保存',
  },
  {
    code: 1030083,
    group: 'params',
    http: 400,
    en: 'The venue refused the price {price}: it must lie between {min} and {max}, around the {mins}-minute average price {avgPrice} (PERCENT_PRICE_BY_SIDE)',
    zh: '交易所拒绝价格 {price}：须在 {mins} 分钟均价 {avgPrice} 附近的 {min} 至 {max} 之间（PERCENT_PRICE_BY_SIDE）',
  },
];
