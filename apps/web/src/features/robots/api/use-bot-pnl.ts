import { useDeskPnl } from '@/market-data/api/get-desk-pnl';

/**
 * Each bot's total P&L (DESK.md) of the last hour and of today, from the desk P&L: the one figure the
 * control panel's breakdown shows too. A bot missing from a window traded nothing in it (0); null while loading.
 */
export function useBotPnl(coinId: number) {
  const lastHour = useDeskPnl(coinId, '1h');
  const today = useDeskPnl(coinId, 'today');
  const totalOf = (data: typeof lastHour.data, robotId: number): string | null => (data ? (data.bots.find((b) => b.robotId === robotId)?.total ?? '0') : null);
  return { lastHour: (robotId: number) => totalOf(lastHour.data, robotId), today: (robotId: number) => totalOf(today.data, robotId) };
}
