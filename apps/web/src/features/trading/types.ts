import type { cancelOrderListResponse, distributions, generateOrdersResponse } from '@makerdesk/contract';

/** The reply types of the trading calls, as the contract's schemas parse them. */
type Parsed<S extends { parse(value: unknown): unknown }> = ReturnType<S['parse']>;

export type BatchResult = Parsed<typeof generateOrdersResponse>;
export type RangeCancelResult = Parsed<typeof cancelOrderListResponse>;
export type Distribution = (typeof distributions)[number];
