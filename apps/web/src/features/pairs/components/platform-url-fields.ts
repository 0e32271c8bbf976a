/** A platform's WebSocket base as the form takes it: empty, or a ws:// or wss:// address (the server checks the rest). */
export const WS_BASE_PATTERN = /^\s*(wss?:\/\/\S+)?\s*$/;
