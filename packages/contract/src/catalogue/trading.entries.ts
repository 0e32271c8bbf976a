import type { CatalogueEntry } from './types.ts';

/**
 * 1010002–1010050: trading and position errors (§8).
 * Spot order errors first (1010002–1010026), derivatives position, margin, leverage and TP/SL errors after.
 */
export const tradingEntries: CatalogueEntry[] = [
  // Spot: balances, order lifecycle, price and quantity checks
  { code: 1010002, group: 'trading', http: 400, en: 'Insufficient available balance', zh: '可用余额不足' },
  { code: 1010003, group: 'trading', http: 429, en: 'Orders are too frequent, please try again later', zh: '下单过于频繁，请稍后再试' },
  { code: 1010004, group: 'trading', http: 400, en: 'Insufficient frozen balance', zh: '冻结余额不足' },
  { code: 1010005, group: 'trading', http: 404, en: 'Order not found', zh: '订单不存在' },
  { code: 1010006, group: 'trading', http: 409, en: 'The order has already been filled', zh: '该订单已完全成交' },
  { code: 1010007, group: 'trading', http: 409, en: 'The order has already been cancelled', zh: '该订单已撤销' },
  { code: 1010008, group: 'trading', http: 400, en: 'Price must be greater than 0', zh: '价格必须大于0' },
  { code: 1010009, group: 'trading', http: 400, en: 'Order amount must be greater than 0', zh: '下单金额必须大于0' },
  { code: 1010010, group: 'trading', http: 400, en: 'Price exceeds the allowed precision of {precision} decimal places', zh: '价格精度超出限制，最多支持{precision}位小数' },
  { code: 1010011, group: 'trading', http: 400, en: 'Order quantity exceeds the allowed precision of {precision} decimal places', zh: '下单数量精度超出限制，最多支持{precision}位小数' },
  { code: 1010012, group: 'trading', http: 409, en: 'Order rejected: it would trade against your own order (self-trade prevention)', zh: '订单被拒绝：该订单将与您自己的订单成交（自成交保护）' },
  { code: 1010013, group: 'trading', http: 400, en: 'Post-only order rejected: it would execute immediately as a taker', zh: '只做Maker订单被拒绝：该订单将立即以Taker身份成交' },
  { code: 1010014, group: 'trading', http: 400, en: 'Insufficient market liquidity to fill the market order', zh: '市场深度不足，市价单无法成交' },
  { code: 1010015, group: 'trading', http: 400, en: 'Too many open orders, the maximum is {max}', zh: '当前挂单数量过多，最多允许{max}笔' },
  { code: 1010016, group: 'trading', http: 409, en: 'The order cannot be cancelled in its current status', zh: '该订单当前状态不可撤销' },
  { code: 1010017, group: 'trading', http: 409, en: 'The order is being processed, please try again later', zh: '订单处理中，请稍后再试' },
  { code: 1010018, group: 'trading', http: 400, en: 'The number of orders in one batch cannot exceed {max}', zh: '单次批量下单数量不能超过{max}笔' },
  { code: 1010019, group: 'trading', http: 409, en: 'Duplicate client order ID', zh: '客户端订单ID重复' },
  { code: 1010020, group: 'trading', http: 400, en: 'Buy amount exceeds the available quote balance', zh: '买入金额超过可用计价币余额' },
  { code: 1010021, group: 'trading', http: 400, en: 'Sell quantity exceeds the available base balance', zh: '卖出数量超过可用基础币余额' },
  { code: 1010022, group: 'trading', http: 400, en: 'The exchange rejected the order: {reason}', zh: '交易所拒绝了该订单：{reason}' },
  { code: 1010023, group: 'trading', http: 400, en: 'Order cancellation failed: {reason}', zh: '撤单失败：{reason}' },
  { code: 1010024, group: 'trading', http: 404, en: 'No open orders in this price range, please revise the price range', zh: '该价格区间内没有挂单，请修改价格区间' },
  { code: 1010025, group: 'trading', http: 400, en: 'Each split order must be at least {min}, please reduce the split count', zh: '拆分后每笔订单不能低于{min}，请减少拆单数量' },
  { code: 1010026, group: 'trading', http: 400, en: 'This order type is not supported by the exchange', zh: '该交易所不支持此订单类型' },

  // Derivatives: margin and positions
  { code: 1010027, group: 'trading', http: 400, en: 'Insufficient margin', zh: '保证金不足' },
  { code: 1010028, group: 'trading', http: 404, en: 'Position not found', zh: '仓位不存在' },
  { code: 1010029, group: 'trading', http: 409, en: 'The position has already been closed', zh: '该仓位已平仓' },
  { code: 1010030, group: 'trading', http: 400, en: 'Close quantity exceeds the position quantity', zh: '平仓数量超过持仓数量' },

  // Derivatives: take-profit and stop-loss checks
  { code: 1010031, group: 'trading', http: 400, en: 'For a long position, the take-profit price must be higher than the current price', zh: '多仓止盈价必须高于当前价格' },
  { code: 1010032, group: 'trading', http: 400, en: 'For a long position, the stop-loss price must be lower than the current price', zh: '多仓止损价必须低于当前价格' },
  { code: 1010033, group: 'trading', http: 400, en: 'For a short position, the take-profit price must be lower than the current price', zh: '空仓止盈价必须低于当前价格' },
  { code: 1010034, group: 'trading', http: 400, en: 'For a short position, the stop-loss price must be higher than the current price', zh: '空仓止损价必须高于当前价格' },
  { code: 1010035, group: 'trading', http: 400, en: 'The stop-loss price cannot be beyond the liquidation price', zh: '止损价不能超过强平价格' },
  { code: 1010036, group: 'trading', http: 400, en: 'Take-profit and stop-loss prices must be greater than 0', zh: '止盈止损价格必须大于0' },
  { code: 1010037, group: 'trading', http: 400, en: 'The trailing callback rate must be between {min}% and {max}%', zh: '追踪回调比例须在{min}%到{max}%之间' },

  // Derivatives: leverage, margin mode and position mode
  { code: 1010038, group: 'trading', http: 400, en: 'Leverage must be between {min}x and {max}x', zh: '杠杆倍数须在{min}倍到{max}倍之间' },
  { code: 1010039, group: 'trading', http: 409, en: 'Leverage cannot be changed while there are open positions or orders', zh: '存在持仓或挂单时不能调整杠杆倍数' },
  { code: 1010040, group: 'trading', http: 409, en: 'Margin mode cannot be changed while there are open positions or orders', zh: '存在持仓或挂单时不能切换保证金模式' },
  { code: 1010041, group: 'trading', http: 409, en: "The order's margin mode does not match the margin mode of the current position", zh: '下单的保证金模式与当前持仓的保证金模式不一致' },
  { code: 1010042, group: 'trading', http: 400, en: 'Position size exceeds the limit of the current leverage tier', zh: '仓位规模超过当前杠杆档位的上限' },
  { code: 1010043, group: 'trading', http: 400, en: 'A reduce-only order cannot increase the position', zh: '只减仓订单不能增加仓位' },
  { code: 1010044, group: 'trading', http: 400, en: 'The margin to remove exceeds the transferable amount', zh: '减少的保证金超过可转出额度' },
  { code: 1010045, group: 'trading', http: 409, en: 'The position is being liquidated, this operation is not allowed', zh: '该仓位正在强平中，暂不允许此操作' },
  { code: 1010046, group: 'trading', http: 409, en: 'Position mode cannot be changed while there are open positions or orders', zh: '存在持仓或挂单时不能切换持仓模式' },
  { code: 1010047, group: 'trading', http: 400, en: 'This order would trigger immediate liquidation of the position', zh: '该订单将导致仓位立即被强平' },
  { code: 1010048, group: 'trading', http: 400, en: 'Margin can only be adjusted for isolated-margin positions', zh: '仅逐仓仓位可以调整保证金' },
  { code: 1010049, group: 'trading', http: 400, en: 'Maximum position quantity exceeded, the maximum is {max}', zh: '超过最大持仓数量，上限为{max}' },
  { code: 1010050, group: 'trading', http: 400, en: 'Quantity must be greater than 0', zh: '数量必须大于0' },
];
