import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { ChannelsCard } from './channels-card';
import { RecentAlertsCard } from './recent-alerts-card';

export interface RiskControlSlots {
  /** The pair's emergency stop (features/emergency-stop), composed in by the route: features do not import each other. */
  emergencyStop?: ReactNode;
  /** The pair's monitors with their switches (balance, price, report bots), composed in by the route. */
  monitors?: ReactNode;
}

/**
 * Risk control (spec §2) for the selected pair, top to bottom: the emergency stop, the monitors,
 * the alert channels, the recent alerts. The first two are slots the route fills; an empty slot
 * takes no room.
 */
export function RiskControlScreen({ coinId, pairName, emergencyStop, monitors }: { coinId: number; pairName: string } & RiskControlSlots) {
  return (
    <Flex vertical gap={16}>
      {emergencyStop && <section data-slot="emergency-stop">{emergencyStop}</section>}
      {monitors && <section data-slot="monitors">{monitors}</section>}
      <section data-slot="channels">
        <ChannelsCard coinId={coinId} />
      </section>
      <section data-slot="recent-alerts">
        <RecentAlertsCard coinId={coinId} pairName={pairName} />
      </section>
    </Flex>
  );
}
