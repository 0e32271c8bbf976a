/**
 * A small HTTP load generator (autocannon's closed loop, in plain Node): `connections` keep-alive
 * connections, each sending its next request as soon as the last answer is read, for `durationMs`.
 */
import { Agent, request } from 'node:http';
import { quantile } from './report.ts';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationMs: number;
  /** Answers checked by the caller (status and body); a false counts as an error. */
  accept?: (status: number, body: string) => boolean;
}

export interface LoadResult {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

function once(agent: Agent, url: URL, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function load({ url, headers = {}, connections, durationMs, accept = (status) => status === 200 }: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const { status, body } = await once(agent, target, headers);
        if (!accept(status, body)) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = performance.now() - started;
  agent.destroy();
  return {
    requests: latencies.length,
    errors,
    requestsPerSecond: (latencies.length / elapsed) * 1000,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
  };
}
