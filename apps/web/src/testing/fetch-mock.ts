import { vi } from 'vitest';

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that answers each call with the next reply in the list. */
type Reply = Response | ((url: string, init?: RequestInit) => Promise<Response>);

export function mockFetch(...replies: Reply[]) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const next = replies.shift();
    if (!next) throw new Error('fetch called more often than the test expected');
    return typeof next === 'function' ? next(url, init) : Promise.resolve(next);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A fetch that never answers on its own and rejects once its signal aborts, like the real one. */
export function hangingFetch(_url: string, init?: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });
}
