import type { EmergencyStopFailureKind, EmergencyStopResponse } from '@makerdesk/contract';

/** What the result toast says, as translation keys and values (the component translates). */
export interface StopSummary {
  level: 'success' | 'warning';
  /** [key, values] lines, in order. */
  lines: [string, Record<string, string | number>][];
}

/** Seconds with two decimals below 10 s ("0.32 s"), whole seconds above. */
export function formatElapsed(ms: number): string {
  return ms < 10_000 ? (ms / 1000).toFixed(2) : String(Math.round(ms / 1000));
}

/** Failures counted by kind, most frequent first. */
export function failuresByKind(failed: EmergencyStopResponse['failed']): [EmergencyStopFailureKind, number][] {
  const counts = new Map<EmergencyStopFailureKind, number>();
  for (const f of failed) counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

/** The toast after a stop: bots stopped, orders cancelled (and filled meanwhile), time; then what is not confirmed yet, by reason. */
export function stopSummary(result: EmergencyStopResponse, pair: string): StopSummary {
  const lines: StopSummary['lines'] = [['result.stopped', { count: result.robotsStopped, pair }], ['result.cancelled', { count: result.ordersCancelled, time: formatElapsed(result.elapsedMs) }]];
  if (result.ordersFilled > 0) lines.push(['result.filled', { count: result.ordersFilled }]);
  if (result.manualCancelled > 0) lines.push(['result.manualCancelled', { count: result.manualCancelled }]);
  for (const [kind, count] of failuresByKind(result.failed)) lines.push([`failure.${kind}`, { count }]);
  return { level: result.failed.length > 0 ? 'warning' : 'success', lines };
}
