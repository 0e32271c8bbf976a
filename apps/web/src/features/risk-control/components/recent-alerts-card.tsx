import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { ProCard } from '@ant-design/pro-components';
import type { Alert, AlertDelivery, AlertLevel } from '@makerdesk/contract';
import { Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-time';
import { useAlerts } from '../api/get-alerts';
import { deliveryReason } from '../utils/delivery-reason';
import '../risk-i18n';

const levelColours: Record<AlertLevel, string> = { info: 'blue', warn: 'orange', error: 'red' };
const statusLook = {
  sent: { colour: 'success', icon: <CheckCircleOutlined /> },
  failed: { colour: 'error', icon: <CloseCircleOutlined /> },
  pending: { colour: 'processing', icon: <SyncOutlined spin /> },
} as const;

function DeliveryTag({ delivery }: { delivery: AlertDelivery }) {
  const { t } = useTranslation('risk');
  const look = statusLook[delivery.status];
  const details = [
    t('delivery.attempts', { count: delivery.attempts }),
    delivery.sentAt !== null ? t('delivery.sentAt', { time: formatDateTime(delivery.sentAt) }) : null,
    delivery.reason ? t('delivery.reason', { reason: t(...deliveryReason(delivery.reason)) }) : null,
  ].filter(Boolean);
  return (
    <Tooltip title={details.map((line) => <div key={line}>{line}</div>)}>
      <Tag color={look.colour} icon={look.icon} data-delivery-status={delivery.status}>
        {t(`kind.${delivery.channelKind}`)} · {delivery.channelName} · {t(`delivery.${delivery.status}`)}
      </Tag>
    </Tooltip>
  );
}

/** The pair's recent alerts with each channel's delivery; refreshes while deliveries settle. */
export function RecentAlertsCard({ coinId, pairName }: { coinId: number; pairName: string }) {
  const { t } = useTranslation('risk');
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const alerts = useAlerts({ coinId, ...page });

  const columns: ColumnsType<Alert> = [
    { title: t('alerts.column.time'), dataIndex: 'createdAt', width: 170, render: (at: number) => formatDateTime(at) },
    { title: t('alerts.column.level'), dataIndex: 'level', width: 90, render: (level: AlertLevel) => <Tag color={levelColours[level]}>{t(`level.${level}`)}</Tag> },
    {
      title: t('alerts.column.alert'),
      key: 'alert',
      render: (_, alert) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{alert.title}</Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: alert.text }} style={{ maxWidth: 420 }}>
            {alert.text}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('alerts.column.deliveries'),
      key: 'deliveries',
      render: (_, alert) =>
        alert.deliveries.length === 0 ? (
          <Typography.Text type="secondary">{t('alerts.noChannel')}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {alert.deliveries.map((d) => (
              <DeliveryTag key={d.id} delivery={d} />
            ))}
          </Space>
        ),
    },
  ];

  return (
    <ProCard title={t('alerts.title')} subTitle={t('alerts.subtitle', { pair: pairName })} bordered headerBordered>
      <Table<Alert>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={alerts.data?.list ?? []}
        loading={alerts.isLoading}
        locale={{ emptyText: t('alerts.empty') }}
        scroll={{ x: 760 }}
        pagination={{ current: page.current, pageSize: page.pageSize, total: alerts.data?.total ?? 0, size: 'small', onChange: (current, pageSize) => setPage({ current, pageSize }) }}
      />
    </ProCard>
  );
}
