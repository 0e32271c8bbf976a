import { ApiOutlined, MailOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { ProCard } from '@ant-design/pro-components';
import type { AlertChannelKind, AlertChannelView } from '@makerdesk/contract';
import { App, Button, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAlertChannel } from '../api/delete-alert-channel';
import { useAlertChannels } from '../api/get-alert-channels';
import { useTestAlertChannel } from '../api/test-alert-channel';
import { useUpdateAlertChannel } from '../api/update-alert-channel';
import { deliveryReason } from '../utils/delivery-reason';
import { ChannelModal } from './channel-modal';
import '../risk-i18n';

const kindIcons: Record<AlertChannelKind, ReactNode> = { telegram: <SendOutlined />, webhook: <ApiOutlined />, email: <MailOutlined /> };
const kindColours: Record<AlertChannelKind, string> = { telegram: 'blue', webhook: 'purple', email: 'cyan' };

/** The account's channels: switch each on or off, send a test message through it, edit, delete. */
export function ChannelsCard({ coinId }: { coinId: number }) {
  const { t } = useTranslation('risk');
  const { message } = App.useApp();
  const channels = useAlertChannels();
  const update = useUpdateAlertChannel();
  const remove = useDeleteAlertChannel();
  const test = useTestAlertChannel();
  const [editing, setEditing] = useState<AlertChannelView | 'add' | null>(null);
  const [testing, setTesting] = useState<number | null>(null);

  const label = (c: AlertChannelView) => c.name || c.target;

  const sendTest = async (channel: AlertChannelView) => {
    setTesting(channel.id);
    try {
      const delivery = await test.mutateAsync({ id: channel.id, coinId });
      const name = label(channel);
      const reason = delivery.reason ? t(...deliveryReason(delivery.reason)) : '';
      if (delivery.status === 'sent') void message.success(t('test.sent', { name }));
      else if (delivery.status === 'failed') void message.error(t('test.failed', { name, reason }));
      else void message.warning(t('test.pending', { name, reason }));
    } catch {
      // The request layer has shown why.
    } finally {
      setTesting(null);
    }
  };

  const columns: ColumnsType<AlertChannelView> = [
    {
      title: t('column.kind'),
      dataIndex: 'kind',
      width: 130,
      render: (kind: AlertChannelKind) => (
        <Tag icon={kindIcons[kind]} color={kindColours[kind]}>
          {t(`kind.${kind}`)}
        </Tag>
      ),
    },
    { title: t('column.name'), dataIndex: 'name', render: (name: string) => name || <Typography.Text type="secondary">-</Typography.Text> },
    { title: t('column.target'), dataIndex: 'target', render: (target: string) => <Typography.Text code>{target}</Typography.Text> },
    {
      title: t('column.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (enabled: boolean, channel) => (
        <Switch
          size="small"
          checked={enabled}
          aria-label={`${t('column.enabled')} ${label(channel)}`}
          loading={update.isPending && update.variables?.id === channel.id}
          onChange={(on) => update.mutateAsync({ id: channel.id, enabled: on }).then(() => void message.success(t(on ? 'toggle.on' : 'toggle.off')))}
        />
      ),
    },
    {
      title: t('column.actions'),
      key: 'actions',
      width: 280,
      render: (_, channel) => (
        <Space size="middle">
          <Button size="small" icon={<SendOutlined />} loading={testing === channel.id} disabled={testing !== null && testing !== channel.id} onClick={() => void sendTest(channel)}>
            {t('action.test')}
          </Button>
          <a onClick={() => setEditing(channel)}>{t('action.edit')}</a>
          <Popconfirm
            title={t('delete.confirm')}
            description={t('delete.description', { target: channel.target })}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(channel.id).then(() => void message.success(t('delete.success')))}
          >
            <Typography.Link type="danger">{t('action.delete')}</Typography.Link>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <ProCard
      title={t('channels.title')}
      subTitle={t('channels.subtitle')}
      bordered
      headerBordered
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('add')}>
          {t('channels.add')}
        </Button>
      }
    >
      <Table<AlertChannelView>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={channels.data ?? []}
        loading={channels.isLoading}
        pagination={false}
        locale={{ emptyText: t('channels.empty') }}
        scroll={{ x: 760 }}
      />
      <ChannelModal editing={editing} onClose={() => setEditing(null)} />
    </ProCard>
  );
}
