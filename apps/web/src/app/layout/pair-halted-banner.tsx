import { useLocation } from 'react-router-dom';
import { HaltedBanner } from '@/features/incidents/components/halted-banner';
import { useCurrentPair } from '@/lib/current-pair';
import { HOME_PATH } from '../router/access';

/** The screens that work on the selected pair: control panel, bot deployment, work panel, data analysis, liquidity, risk control. */
const PAIR_SCREENS = [HOME_PATH, '/robot', '/work', '/analysis', '/liquidity', '/risk'];

/** The selected pair's "halted by …" banner above its screens, while an emergency stop holds it. */
export function PairHaltedBanner() {
  const pair = useCurrentPair();
  const { pathname } = useLocation();
  if (!pair || !PAIR_SCREENS.some((path) => pathname === path || pathname.startsWith(`${path}/`))) return null;
  return (
    <div style={{ padding: '12px 24px 0' }}>
      <HaltedBanner coinId={pair.id} />
    </div>
  );
}
