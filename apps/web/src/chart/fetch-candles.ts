import { API_PREFIX, endpoints, SUCCESS_CODE, type CandleDto, type EndpointQuery, type Lang } from '@makerdesk/contract';

export type CandlesAnswer = { kind: 'ok'; candles: CandleDto[] } | { kind: 'unavailable' } | { kind: 'offline' };

/**
 * The chart page's one call: the public candles of a pair. It runs in its own light page without
 * the console's request layer (no session, no toasts), so it reads the envelope itself.
 */
export async function fetchCandles(
  symbol: string,
  { interval, limit }: Required<EndpointQuery<typeof endpoints.spotCandles>>,
  lang: Lang,
  signal?: AbortSignal,
): Promise<CandlesAnswer> {
  const { path, reply } = endpoints.spotCandles;
  let body: unknown;
  try {
    const response = await fetch(`${API_PREFIX}${path.replace(':symbol', encodeURIComponent(symbol))}?interval=${interval}&limit=${limit}`, { headers: { lang, accept: 'application/json' }, signal });
    body = await response.json();
  } catch {
    return { kind: 'offline' };
  }
  const envelope = body as { code?: unknown; data?: unknown } | null;
  if (envelope?.code !== SUCCESS_CODE) return { kind: 'unavailable' };
  const parsed = reply.safeParse(envelope.data);
  return parsed.success ? { kind: 'ok', candles: parsed.data } : { kind: 'unavailable' };
}
