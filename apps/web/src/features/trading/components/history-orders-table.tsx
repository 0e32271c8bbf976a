import type { ProColumns } from '@ant-design/pro-components';
import { div } from '@makerdesk/format';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-time';
import { formatFixed, isPositive } from '@/lib/numbers';
import { useHistoryOrders } from '@/market-data/api/get-history-orders';
import type { Order } from '@/market-data/types';
import { orderColumns } from './order-columns';
import { SourcedTable } from './sourced-table';
import { useTrading } from '@/market-data/components/trading-context';

/** Closed orders of the pair, newest first, with the average fill price. */
export function HistoryOrdersTable() {
  const { t } = useTranslation('trading');
  const { t: tc } = useTranslation('common');
  const { pair, precision } = useTrading();
  const orders = useHistoryOrders(pair.coinId);

  const columns: ProColumns<Order>[] = [
    ...orderColumns(t, pair, precision),
    {
      title: t('orders.average', { asset: pair.quote }),
      dataIndex: 'filledValue',
      align: 'right',
      render: (_, o) =>
        isPositive(o.filledAmount) ? formatFixed(div(o.filledValue, o.filledAmount), precision.price) : <Typography.Text type="secondary">{tc('empty.value')}</Typography.Text>,
    },
    { title: t('orders.updated'), dataIndex: 'updatedAt', width: 170, render: (_, o) => formatDateTime(o.updatedAt) },
  ];

  return (
    <SourcedTable<Order>
      rowKey="orderNo"
      columns={columns}
      rows={orders.data ?? []}
      loading={orders.isLoading}
      width={1250}
      emptyText={t('orders.history.empty')}
      amountOf={(o) => o.filledAmount}
      valueOf={(o) => o.filledValue}
      countLabel={t('source.group.orders')}
    />
  );
}
