import type { CatalogueEntry } from './types.ts';

/** 1011001–1011011: trading-pair status and order-limit errors (§8). */
export const pairEntries: CatalogueEntry[] = [
  { code: 1011001, group: 'pair', http: 400, en: 'This trading pair has been delisted', zh: '该交易对已下架' },
  { code: 1011002, group: 'pair', http: 400, en: 'This trading pair is not yet open for trading', zh: '该交易对尚未开放交易' },
  { code: 1011003, group: 'pair', http: 400, en: 'Trading is suspended for this pair', zh: '该交易对已暂停交易' },
  { code: 1011004, group: 'pair', http: 400, en: 'Only sell limit orders are allowed before the pair opens', zh: '开盘前仅允许挂限价卖单' },
  { code: 1011005, group: 'pair', http: 400, en: 'The order price deviates too far from the market price, the maximum deviation is {max}%', zh: '委托价格偏离市场价格过大，最大允许偏离{max}%' },
  { code: 1011006, group: 'pair', http: 400, en: 'Order amount cannot be less than {min}', zh: '下单金额不能低于{min}' },
  { code: 1011007, group: 'pair', http: 400, en: 'Order amount cannot exceed {max}', zh: '下单金额不能超过{max}' },
  { code: 1011008, group: 'pair', http: 400, en: 'Order quantity cannot be less than {min}', zh: '下单数量不能低于{min}' },
  { code: 1011009, group: 'pair', http: 400, en: 'Order quantity cannot exceed {max}', zh: '下单数量不能超过{max}' },
  { code: 1011010, group: 'pair', http: 400, en: 'This trading pair is not listed for trading on this exchange', zh: '该交易对尚未在此交易所上线' },
  { code: 1011011, group: 'pair', http: 400, en: 'Market orders are disabled for this trading pair', zh: '该交易对已禁用市价单' },
];
