import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Direction, OrderStatusName } from '@/market-data/types';

const STATUS_COLOR: Record<OrderStatusName, string> = {
  pending: 'processing',
  partial_filled: 'gold',
  partial_canceled: 'orange',
  canceled: 'default',
  filled: 'success',
};

/** The spec's order statuses (pending, partial filled, partial canceled, canceled, filled). */
export function StatusTag({ status }: { status: OrderStatusName }) {
  const { t } = useTranslation('trading');
  return (
    <Tag color={STATUS_COLOR[status]} bordered={false}>
      {t(`status.${status}`)}
    </Tag>
  );
}

export function SideTag({ side }: { side: Direction }) {
  const { t } = useTranslation('trading');
  return (
    <Tag className={`md-side-tag md-side-${side}`} bordered={false}>
      {t(`side.${side}`)}
    </Tag>
  );
}
