import type { ProColumns } from '@ant-design/pro-components';
import { div } from '@makerdesk/format';
import { Progress, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@/lib/format-time';
import { formatFixed, isPositive } from '@/lib/numbers';
import type { Order } from '@/market-data/types';
import type { PairPrecision } from '@/market-data/utils/precision';
import { SideTag, StatusTag } from './order-tags';
import { SourceTag } from './source-tag';
import type { TradingPair } from '@/market-data/components/trading-context';

/** Columns every order table shares: time, source, side, type, price, amount, filled, status. */
export function orderColumns(t: TFunction<'trading'>, pair: TradingPair, precision: PairPrecision): ProColumns<Order>[] {
  return [
    { title: t('orders.time'), dataIndex: 'createdAt', width: 170, render: (_, o) => formatDateTime(o.createdAt) },
    { title: t('source.title'), key: 'source', width: 150, render: (_, o) => <SourceTag source={o.source} /> },
    { title: t('orders.side'), dataIndex: 'direction', width: 80, render: (_, o) => <SideTag side={o.direction} /> },
    { title: t('orders.type'), dataIndex: 'tradeType', width: 90, render: (_, o) => t(`type.${o.tradeType}`) },
    {
      title: t('orders.price', { asset: pair.quote }),
      dataIndex: 'price',
      align: 'right',
      render: (_, o) => (o.price === null ? <Typography.Text type="secondary">{t('type.market')}</Typography.Text> : formatFixed(o.price, precision.price)),
    },
    { title: t('orders.amount', { asset: pair.base }), dataIndex: 'amount', align: 'right', render: (_, o) => formatFixed(o.amount, precision.amount) },
    {
      title: t('orders.filled', { asset: pair.base }),
      dataIndex: 'filledAmount',
      align: 'right',
      render: (_, o) => (
        <span className="md-filled">
          {formatFixed(o.filledAmount, precision.amount)}
          <Progress
            type="circle"
            size={14}
            strokeWidth={14}
            showInfo={false}
            percent={isPositive(o.amount) ? Number(div(o.filledAmount, o.amount)) * 100 : 0}
          />
        </span>
      ),
    },
    { title: t('orders.status'), dataIndex: 'status', width: 120, render: (_, o) => <StatusTag status={o.status} /> },
  ];
}
