import type { ProColumns } from '@ant-design/pro-components';
import { App, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { compareDecimals } from '@/lib/numbers';
import { useCancelOrder } from '../api/cancel-order';
import { useOpenOrders } from '@/market-data/api/get-open-orders';
import type { Order } from '@/market-data/types';
import { orderColumns } from './order-columns';
import { mul } from '@makerdesk/format';
import { restingAmount } from '../utils/order-source';
import { SourcedTable } from './sourced-table';
import { useTrading } from '@/market-data/components/trading-context';

/** Newest first; orders placed together (a batch) from the highest price down. */
const newestFirst = (a: Order, b: Order) => b.createdAt - a.createdAt || compareDecimals(b.price ?? '0', a.price ?? '0');

/** The caller's open orders on the pair, each cancellable after a confirmation. */
export function OpenOrdersTable() {
  const { t } = useTranslation('trading');
  const { message } = App.useApp();
  const { pair, precision } = useTrading();
  const orders = useOpenOrders(pair.coinId);
  const cancel = useCancelOrder();

  const columns: ProColumns<Order>[] = [
    ...orderColumns(t, pair, precision),
    {
      title: t('orders.actions'),
      valueType: 'option',
      width: 90,
      render: (_, order) => [
        <Popconfirm
          key="cancel"
          title={t('orders.cancel.confirm')}
          description={t('orders.cancel.description', { orderNo: order.orderNo })}
          okText={t('orders.cancel.ok')}
          cancelText={t('orders.cancel.keep')}
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            cancel.mutateAsync({ coinId: pair.coinId, orderNo: order.orderNo }).then(() => {
              void message.success(t('orders.cancel.success'));
            })
          }
        >
          <Typography.Link type="danger">{t('orders.cancel')}</Typography.Link>
        </Popconfirm>,
      ],
    },
  ];

  return (
    <SourcedTable<Order>
      rowKey="orderNo"
      columns={columns}
      rows={[...(orders.data ?? [])].sort(newestFirst)}
      loading={orders.isLoading}
      width={1010}
      emptyText={t('orders.open.empty')}
      amountOf={restingAmount}
      valueOf={(o) => (o.price === null ? null : mul(o.price, restingAmount(o)))}
      countLabel={t('source.group.orders')}
    />
  );
}
