import type { OrderDto, OrderSource } from '@makerdesk/contract';
import type { Order } from '@makerdesk/exchange';

/** An order as the API answers it, with who placed it (order-source.ts). */
export function toOrderDto(order: Order, source: OrderSource): OrderDto {
  return {
    orderNo: order.orderNo,
    clientOrderId: order.clientOrderId,
    symbol: order.symbol,
    price: order.price,
    amount: order.amount,
    direction: order.direction,
    tradeType: order.tradeType,
    filledAmount: order.filledAmount,
    filledValue: order.filledValue,
    status: order.status,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    source,
  };
}
