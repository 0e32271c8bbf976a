import type { TradingLogEntry, TradingLogSink } from '../ports.ts';

export class MemoryTradingLog implements TradingLogSink {
  readonly entries: TradingLogEntry[] = [];

  write(entry: TradingLogEntry): void {
    this.entries.push(entry);
  }

  of(robotId: number, level?: TradingLogEntry['level']): TradingLogEntry[] {
    return this.entries.filter((e) => e.robotId === robotId && (level === undefined || e.level === level));
  }
}
