/** How the benches print: thousands-grouped rates, medians, and plain-text tables. */

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** The value at quantile `q` (0..1) of unsorted samples. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

export function rate(opsPerSecond: number): string {
  return Math.round(opsPerSecond).toLocaleString('en-US');
}

export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((row) => (row[col] as string).length)));
  const line = (cells: string[]): string => {
    const padded = cells.map((cell, col) => {
      const width = widths[col] as number;
      return col === 0 ? cell.padEnd(width) : cell.padStart(width);
    });
    return `  | ${padded.join(' | ')} |`;
  };
  console.log(line(header));
  console.log(`  |${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}
