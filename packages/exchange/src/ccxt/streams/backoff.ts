/** How long to wait before the next try after `failures` failures in a row: 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelayMs(failures: number, { firstMs = 1000, maxMs = 30_000 }: { firstMs?: number; maxMs?: number } = {}): number {
  if (failures <= 0) return 0;
  return Math.min(maxMs, firstMs * 2 ** Math.min(failures - 1, 30));
}
