import { RobotDeployment } from '@/features/robots/components/robot-deployment';
import { LivePairScreen } from '../layout/live-pair-screen';

/** Bot deployment: the pair's bot types, the form of the one chosen, and the pair's bots. */
export default function RobotPage() {
  return (
    <LivePairScreen>
      <RobotDeployment />
    </LivePairScreen>
  );
}
