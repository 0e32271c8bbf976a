/** Binance's WebSocket side, protocol only: stream names and requests, events, update ids, listen keys. */
export { parseStreamName, streamsOfUrl, PARTIAL_DEPTH_LEVELS, type MarketStream, type DepthSpeed, type PartialDepthLevels } from './stream-names.ts';
export { changedLevels, depthUpdate, DepthUpdateBuffer, type DepthUpdate } from './depth-diffs.ts';
export { bookTickerEvent, combined, depthUpdateEvent, miniTickerEvent, partialDepthEvent, tickerEvent, tradeEvent } from './stream-events.ts';
export { parseStreamRequest, streamResult, type StreamRequest, type StreamRequestError } from './stream-requests.ts';
export { AccountPositions, ExecutionReports, executionReport, listenKeyExpiredEvent, type ExecutionReportEvent, type ExecutionType } from './user-events.ts';
export { ListenKeys, LISTEN_KEY_VALIDITY_MS, listenKeyErrors } from './listen-keys.ts';
export { authenticateWsApiRequest, parseWsApiRequest, wsApiError, wsApiEvent, wsApiResult, wsApiSignedPayload, type WsApiRequest } from './ws-api-requests.ts';
