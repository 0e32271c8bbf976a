-- A custom-URL platform's WebSocket base (its streams: ccxt.pro's urls.api.ws, each at its own path
-- below it), beside its REST base; null: none.
ALTER TABLE "platforms" ADD COLUMN IF NOT EXISTS "ws_base_url" text;
