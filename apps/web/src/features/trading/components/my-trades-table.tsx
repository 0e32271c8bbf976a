import type { ProColumns } from '@ant-design/pro-components';
import { mul } from '@makerdesk/format';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-time';
import { formatFee, formatFixed } from '@/lib/numbers';
import { useMyTrades } from '@/market-data/api/get-my-trades';
import type { MyTrade } from '@/market-data/types';
import { SideTag } from './order-tags';
import { SourcedTable } from './sourced-table';
import { SourceTag } from './source-tag';
import { useTrading } from '@/market-data/components/trading-context';

/** The caller's fills on the pair: price, amount, value, fee and whether it made or took liquidity. */
export function MyTradesTable() {
  const { t } = useTranslation('trading');
  const { pair, precision } = useTrading();
  const trades = useMyTrades(pair.coinId);

  const columns: ProColumns<MyTrade>[] = [
    { title: t('orders.time'), dataIndex: 'timestamp', width: 170, render: (_, f) => formatDateTime(f.timestamp) },
    { title: t('source.title'), key: 'source', width: 150, render: (_, f) => <SourceTag source={f.source} /> },
    { title: t('orders.side'), dataIndex: 'side', width: 80, render: (_, f) => <SideTag side={f.side} /> },
    { title: t('orders.price', { asset: pair.quote }), dataIndex: 'price', align: 'right', render: (_, f) => formatFixed(f.price, precision.price) },
    { title: t('orders.amount', { asset: pair.base }), dataIndex: 'amount', align: 'right', render: (_, f) => formatFixed(f.amount, precision.amount) },
    { title: t('fills.value', { asset: pair.quote }), dataIndex: 'id', align: 'right', render: (_, f) => formatFixed(mul(f.price, f.amount), precision.price) },
    { title: t('fills.fee'), dataIndex: 'fee', align: 'right', render: (_, f) => formatFee(f.fee, f.feeAsset, f.price, precision, pair) },
    {
      title: t('fills.liquidity'),
      dataIndex: 'liquidity',
      width: 100,
      render: (_, f) => (
        <Tag bordered={false} color={f.liquidity === 'maker' ? 'blue' : 'purple'}>
          {t(`fills.${f.liquidity}`)}
        </Tag>
      ),
    },
    { title: t('fills.orderNo'), dataIndex: 'orderNo', ellipsis: true, copyable: true },
  ];

  return (
    <SourcedTable<MyTrade>
      rowKey="id"
      columns={columns}
      rows={trades.data ?? []}
      loading={trades.isLoading}
      width={1150}
      emptyText={t('fills.empty')}
      amountOf={(f) => f.amount}
      valueOf={(f) => mul(f.price, f.amount)}
      countLabel={t('source.group.fills')}
    />
  );
}
