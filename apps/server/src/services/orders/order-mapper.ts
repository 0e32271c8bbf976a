import type { OrderDto } from '@makerdesk/contract';
import type { Order } from '@makerdesk/exchange';

export function toOrderDto(order: Order): OrderDto {
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
  };
}
