import { Badge, Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenOrders } from '@/market-data/api/get-open-orders';
import { BatchOrderForm } from './batch-order-form';
import { HistoryOrdersTable } from './history-orders-table';
import { MyTradesTable } from './my-trades-table';
import { OpenOrdersTable } from './open-orders-table';
import { RangeCancelForm } from './range-cancel-form';
import { useTrading } from '@/market-data/components/trading-context';

type OrdersTab = 'open' | 'history' | 'fills' | 'batch' | 'rangeCancel';

/** Below the market: open orders, order history, own fills, batch orders and bulk cancel. */
export function OrdersPanel() {
  const { t } = useTranslation('trading');
  const { pair } = useTrading();
  const open = useOpenOrders(pair.coinId);
  const [tab, setTab] = useState<OrdersTab>('open');
  const openCount = open.data?.length ?? 0;
  return (
    <Card
      size="small"
      className="md-panel md-orders-panel"
      activeTabKey={tab}
      onTabChange={(key) => setTab(key as OrdersTab)}
      tabList={[
        {
          key: 'open',
          label: (
            <Flex align="center" gap={6}>
              {t('tabs.open')}
              <Badge count={openCount} showZero overflowCount={999} color={openCount > 0 ? undefined : 'rgba(255,255,255,0.16)'} size="small" />
            </Flex>
          ),
        },
        { key: 'history', label: t('tabs.history') },
        { key: 'fills', label: t('tabs.fills') },
        { key: 'batch', label: t('tabs.batch') },
        { key: 'rangeCancel', label: t('tabs.rangeCancel') },
      ]}
    >
      {tab === 'open' && <OpenOrdersTable />}
      {tab === 'history' && <HistoryOrdersTable />}
      {tab === 'fills' && <MyTradesTable />}
      {tab === 'batch' && <BatchOrderForm />}
      {tab === 'rangeCancel' && <RangeCancelForm />}
    </Card>
  );
}
