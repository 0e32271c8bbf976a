import { relative, sep } from 'node:path';
import type { SetHeadersResponse } from '@fastify/static';

/** Vite's content-hashed output: `assets/<name>-<8 base64url characters>.<ext>`. */
const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8}\.\w+$/;
const PRECOMPRESSED_COPY = /\.(?:br|gz)$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A hashed asset never changes under its name: browsers keep it a year without asking. Everything
 * else (index.html, chart.html, favicon) is revalidated on each use, so a rebuilt console is
 * picked up at once and the HTML always names the current hashed files.
 */
export function cacheControlFor(root: string, file: string): string {
  const path = relative(root, file).split(sep).join('/').replace(PRECOMPRESSED_COPY, '');
  return HASHED_ASSET.test(path) ? IMMUTABLE : 'no-cache';
}

/** @fastify/static's `setHeaders`: its `file` is the one sent, a `.br` or `.gz` copy included. */
export function staticHeaders(root: string) {
  return (res: Pick<SetHeadersResponse, 'setHeader'>, file: string): void => {
    res.setHeader('cache-control', cacheControlFor(root, file));
    // The same URL answers brotli, gzip or plain bytes by Accept-Encoding: caches must key on it.
    res.setHeader('vary', 'Accept-Encoding');
  };
}
