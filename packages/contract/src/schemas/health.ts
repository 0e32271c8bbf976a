import { z } from 'zod';

export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
  version: z.string(),
});

/** GET /health/live: the process is up and its event loop answers (no database, no sign-in). */
export const healthLiveResponse = z.object({
  status: z.literal('live'),
  uptimeSeconds: z.number(),
});

/** What the readiness probe checks: the database, the simulator seat, the bot engine, and whether the server is draining. */
export const readinessCheckNames = ['database', 'simulator', 'engine', 'server'] as const;
export type ReadinessCheckName = (typeof readinessCheckNames)[number];

/**
 * The state of each check, in words (never an address or an error's text):
 * database `answered` | `failed` | `timed-out`;
 * simulator `local` (this server runs it) | `remote` (it reaches the server that runs it) | `unreachable`;
 * engine `running` | `not-started` | `starting` | `stopping`;
 * server `serving` | `draining` (it was told to stop, and still serves its last requests while the
 * load balancer takes it out of rotation: MAKERDESK_DRAIN_MS).
 */
export const readinessCheck = z.object({ ok: z.boolean(), state: z.string() });

/**
 * GET /health/ready: 200 with `status: 'ready'` when every check passes; otherwise HTTP 503, the
 * envelope's code 503, and this same data with `status: 'not-ready'`, the failed checks and the
 * catalogue code (1030110, Not ready).
 */
export const healthReadyResponse = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({ database: readinessCheck, simulator: readinessCheck, engine: readinessCheck, server: readinessCheck }),
  failed: z.array(z.enum(readinessCheckNames)),
  /** Only when not ready: the catalogue code (NOT_READY). */
  code: z.number().int().optional(),
});
