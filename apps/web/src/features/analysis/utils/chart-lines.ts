import type { AnalysisSeriesPoint } from '@makerdesk/contract';
import type { UTCTimestamp } from 'lightweight-charts';
import type { LinePoint } from '@/components/time-chart';

/**
 * One figure of the snapshots as a chart line: seconds since the epoch, oldest first, points without
 * the figure left out, one point per second (the later wins: the chart needs strictly rising times).
 * Numbers here only place pixels; every figure the screen writes comes from the decimal strings.
 */
export function toLine(points: readonly AnalysisSeriesPoint[], pick: (point: AnalysisSeriesPoint) => string | null): LinePoint[] {
  const bySecond = new Map<number, number>();
  for (const point of [...points].sort((a, b) => a.at - b.at)) {
    const figure = pick(point);
    if (figure === null) continue;
    bySecond.set(Math.floor(point.at / 1000), Number(figure));
  }
  return [...bySecond].map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

/** The last point's figure as the server wrote it, for the legend. */
export function latestFigure(points: readonly AnalysisSeriesPoint[], pick: (point: AnalysisSeriesPoint) => string | null): string | null {
  for (let i = points.length - 1; i >= 0; i--) {
    const figure = pick(points[i] as AnalysisSeriesPoint);
    if (figure !== null) return figure;
  }
  return null;
}
