/**
 * The requests a market stream connection takes (SUBSCRIBE, UNSUBSCRIBE, LIST_SUBSCRIPTIONS,
 * SET_PROPERTY / GET_PROPERTY `combined`) and Binance's answers to them, errors included
 * (web-socket-streams.md, "Error Messages").
 */
import { parseStreamName } from './stream-names.ts';

export type StreamRequest =
  | { method: 'SUBSCRIBE' | 'UNSUBSCRIBE'; params: string[]; id: number }
  | { method: 'LIST_SUBSCRIPTIONS'; id: number }
  | { method: 'SET_PROPERTY'; property: 'combined'; value: boolean; id: number }
  | { method: 'GET_PROPERTY'; property: 'combined'; id: number };

export interface StreamRequestError {
  code: number;
  msg: string;
  id?: number | null;
}

const METHODS = ['SUBSCRIBE', 'UNSUBSCRIBE', 'LIST_SUBSCRIPTIONS', 'SET_PROPERTY', 'GET_PROPERTY'];

/** A request, or the error Binance answers it with. */
export function parseStreamRequest(text: string): { request: StreamRequest } | { error: StreamRequestError } {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { error: { code: 3, msg: 'Invalid JSON: expected value at line 1 column 1' } };
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return { error: { code: 3, msg: 'Invalid JSON: expected an object' } };
  const { method, params, id } = message as Record<string, unknown>;
  if (method === undefined) return { error: { code: 2, msg: 'Invalid request: missing field `method`' } };
  if (typeof method !== 'string' || !METHODS.includes(method)) {
    return { error: { code: 2, msg: `Invalid request: unknown variant ${JSON.stringify(method)}, expected one of \`${METHODS.join('`, `')}\`` } };
  }
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return { error: { code: 2, msg: 'Invalid request: request ID must be an unsigned integer' } };
  switch (method) {
    case 'SUBSCRIBE':
    case 'UNSUBSCRIBE': {
      if (!Array.isArray(params) || !params.every((p) => typeof p === 'string')) return { error: { code: 2, msg: 'Invalid request: params must be a list of stream names', id } };
      const unknown = (params as string[]).find((name) => parseStreamName(name) === undefined);
      if (unknown !== undefined) return { error: { code: 2, msg: `Invalid request: unknown stream ${JSON.stringify(unknown)}`, id } };
      return { request: { method, params: params as string[], id } };
    }
    case 'LIST_SUBSCRIPTIONS':
      return { request: { method, id } };
    default: {
      if (!Array.isArray(params) || typeof params[0] !== 'string') return { error: { code: 2, msg: 'Invalid request: property name must be a string', id } };
      if (params[0] !== 'combined') return { error: { code: 0, msg: 'Unknown property', id } };
      if (method === 'GET_PROPERTY') return { request: { method, property: 'combined', id } };
      if (typeof params[1] !== 'boolean') return { error: { code: 1, msg: 'Invalid value type: expected Boolean', id } };
      return { request: { method: 'SET_PROPERTY', property: 'combined', value: params[1], id } };
    }
  }
}

/** Binance's answer to a request that succeeded. */
export function streamResult(id: number, result: unknown = null) {
  return { result, id };
}
