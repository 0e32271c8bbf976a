import { LiquidityScreen } from '@/features/liquidity/components/liquidity-screen';
import { LivePairScreen } from '../layout/live-pair-screen';

/** Liquidity: the current pair's spread, depth, own share and uptime against its obligation, now and over a range. */
export default function LiquidityPage() {
  return (
    <LivePairScreen>
      <LiquidityScreen />
    </LivePairScreen>
  );
}
