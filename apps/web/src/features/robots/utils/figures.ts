import { sign } from '@makerdesk/decimal';
import { formatFixed } from '@/lib/numbers';

/** A P&L with its sign written ('+12.50', '-3.10', '0.00') and its tone for colour. */
export function signedAmount(value: string, digits: number): { text: string; tone: 'up' | 'down' | null } {
  const text = formatFixed(value, digits);
  // A value that shows as zero at these decimals reads as zero, in neither colour.
  const s = /^-?[0,]*(\.0*)?$/.test(text) ? 0 : sign(value);
  return { text: s > 0 ? `+${text}` : s === 0 ? text.replace(/^-/, '') : text, tone: s > 0 ? 'up' : s < 0 ? 'down' : null };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 93_784_000 → '1d 02:03:04'; under a day '02:03:04'. */
export function formatUptime(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const clock = `${pad(Math.floor((seconds % 86_400) / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}
