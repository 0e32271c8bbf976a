import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LiquidityReport } from '@/features/liquidity/components/liquidity-report';
import { isValidRange, parseReportLink, type ReportLink } from '@/features/liquidity/utils/report';
import { useCoins } from '@/features/pairs/api/get-coins';
import { postSymbolChange } from '@/features/pairs/utils/chart-frames';
import { useNow } from '@/hooks/use-now';
import { selectCurrentPair, useCurrentPair } from '@/lib/current-pair';
import { useTrading } from '@/market-data/components/trading-context';
import { LivePairScreen } from '../layout/live-pair-screen';

/** A link's pair becomes the selected pair when the account may use it (a report link opened from elsewhere). */
function useLinkedPair(coinId: number | undefined) {
  const coins = useCoins();
  const current = useCurrentPair();
  useEffect(() => {
    if (coinId === undefined || current?.id === coinId) return;
    const coin = coins.data?.find((c) => c.coinId === coinId);
    if (!coin) return;
    selectCurrentPair({ id: coin.coinId, name: coin.coinName });
    postSymbolChange(coin.coinName);
  }, [coinId, current?.id, coins.data]);
}

function ReportOfPair({ link, onRange }: { link: ReportLink; onRange: (coinId: number, from: number, to: number) => void }) {
  const { pair, precision } = useTrading();
  const now = Math.floor(useNow(60_000) / 1000) * 1000;
  const range = isValidRange(link) ? { from: link.from, to: link.to } : null;
  const invalidLink = range === null && (link.from !== undefined || link.to !== undefined);
  return (
    <LiquidityReport
      coinId={pair.coinId}
      pair={pair.name}
      quote={pair.quote}
      digits={precision.price}
      range={range}
      invalidLink={invalidLink}
      now={now}
      onRange={(r) => onRange(pair.coinId, r.from, r.to)}
    />
  );
}

/** The printable liquidity report: /liquidity/report?coinId=&from=&to= (epoch ms, UTC), the selected pair's by default. */
export default function LiquidityReportPage() {
  const [search, setSearch] = useSearchParams();
  const link = parseReportLink(search);
  useLinkedPair(link.coinId);
  return (
    <LivePairScreen title={false}>
      <ReportOfPair link={link} onRange={(coinId, from, to) => setSearch({ coinId: String(coinId), from: String(from), to: String(to) })} />
    </LivePairScreen>
  );
}
