const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch milliseconds as local 'YYYY-MM-DD HH:mm:ss'. */
export function formatDateTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
