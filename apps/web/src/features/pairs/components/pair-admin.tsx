import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { PRICE_BAND_DEFAULT, type Coin, type Platform } from '@makerdesk/contract';
import { App, Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/hooks/use-now';
import { formatDateTime } from '@/lib/format-time';
import { formatPlain } from '@/lib/numbers';
import { percentFromFraction } from '@makerdesk/format';
import { useCoins } from '../api/get-coins';
import { useDeletePlatform } from '../api/delete-platform';
import { usePlatforms } from '../api/get-platforms';
import { expiryNotice, splitMinutes } from '../utils/expiry';
import { formatDuration } from '../utils/format-duration';
import { AddPairModal } from './add-pair-modal';
import { AddPlatformModal } from './add-platform-modal';
import { EditPairModal } from './edit-pair-modal';
import { EditPlatformModal } from './edit-platform-modal';
import { platformLabel, platformMode } from '@/lib/platform-label';

const modeColor = { simulator: 'purple', live: 'blue', sandbox: 'gold', custom: 'cyan' } as const;

/** Pairs and platforms (main account): the pairs with their expiry and status, and the platforms they trade on. */
export function PairAdmin() {
  const { t } = useTranslation('pairs');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const coins = useCoins();
  const platforms = usePlatforms();
  const now = useNow(60_000);
  const [addingPair, setAddingPair] = useState(false);
  const [addingPlatform, setAddingPlatform] = useState(false);
  const [editing, setEditing] = useState<Coin | null>(null);
  const [editingPlatform, setEditingPlatform] = useState<Platform | null>(null);
  const deletePlatform = useDeletePlatform();
  const pairsOn = (platformId: number) => (coins.data ?? []).filter((c) => c.platformId === platformId).length;
  const platformById = new Map((platforms.data ?? []).map((p) => [p.id, p]));

  const pairColumns: ProColumns<Coin>[] = [
    { title: t('admin.pairs.column.pair'), dataIndex: 'coinName', render: (_, coin) => <Typography.Text strong>{coin.coinName}</Typography.Text> },
    {
      title: t('admin.pairs.column.platform'),
      dataIndex: 'platformId',
      render: (_, coin) => {
        const platform = platformById.get(coin.platformId);
        return platform ? platformLabel(platform, t) : coin.platformId;
      },
    },
    {
      title: t('admin.pairs.column.expiry'),
      dataIndex: 'endTimeStamp',
      render: (_, coin) => {
        if (coin.endTimeStamp === null) return <Typography.Text type="secondary">{t('admin.pairs.noExpiry')}</Typography.Text>;
        const notice = expiryNotice(coin.endTimeStamp, now);
        const minutes = Math.abs(coin.endTimeStamp - now) / 60_000;
        const time = formatDuration(splitMinutes(minutes), tc);
        return (
          <Space size={8} wrap>
            <span>{formatDateTime(coin.endTimeStamp)}</span>
            {notice?.kind === 'expired' ? (
              <Tag color="error">{t('admin.pairs.expiredAgo', { time })}</Tag>
            ) : (
              <Tag color={notice?.kind === 'expiring' ? 'warning' : 'default'}>{t('admin.pairs.expiresIn', { time })}</Tag>
            )}
          </Space>
        );
      },
    },
    {
      title: t('admin.form.priceBand'),
      dataIndex: 'priceBand',
      render: (_, coin) => `${formatPlain(percentFromFraction(coin.priceBand ?? PRICE_BAND_DEFAULT) ?? '')}%`,
    },
    {
      title: t('admin.pairs.column.status'),
      dataIndex: 'status',
      render: (_, coin) => <Tag color={coin.status === 'enabled' ? 'success' : 'default'}>{t(`admin.status.${coin.status}`)}</Tag>,
    },
    {
      title: t('admin.pairs.column.actions'),
      valueType: 'option',
      width: 100,
      render: (_, coin) => [
        <a key="edit" onClick={() => setEditing(coin)}>
          {t('admin.pairs.edit')}
        </a>,
      ],
    },
  ];

  const platformColumns: ProColumns<Platform>[] = [
    { title: t('admin.platforms.column.name'), dataIndex: 'name' },
    { title: t('admin.platforms.column.code'), dataIndex: 'code', render: (_, p) => <Typography.Text code>{p.code}</Typography.Text> },
    {
      title: t('admin.platforms.column.mode'),
      dataIndex: 'sandbox',
      render: (_, p) => {
        const mode = platformMode(p);
        return (
          <Space size={8} wrap>
            <Tag color={modeColor[mode]}>{t(`admin.platforms.mode.${mode}`)}</Tag>
            {p.apiBaseUrl && <Typography.Text copyable>{p.apiBaseUrl}</Typography.Text>}
          </Space>
        );
      },
    },
    {
      title: t('admin.pairs.column.actions'),
      valueType: 'option',
      width: 120,
      // Pinned to the right, so a phone reaches Edit and Delete without scrolling the table.
      fixed: 'right',
      render: (_, p) => {
        // The server decides (keys count too, 1030105); the pairs listed here already say why not.
        const pairs = pairsOn(p.id);
        const refusal = p.code === 'sim' ? t('admin.platform.delete.builtIn') : pairs > 0 ? t('admin.platform.delete.inUse', { count: pairs }) : null;
        return [
          <a key="edit" onClick={() => setEditingPlatform(p)}>
            {t('admin.pairs.edit')}
          </a>,
          refusal ? (
            <Tooltip key="delete" title={refusal}>
              <Typography.Text type="secondary" aria-disabled="true" className="md-platform-delete-disabled">
                {t('admin.platform.delete')}
              </Typography.Text>
            </Tooltip>
          ) : (
            <Popconfirm
              key="delete"
              title={t('admin.platform.delete.confirm', { name: p.name })}
              okButtonProps={{ danger: true, loading: deletePlatform.isPending }}
              onConfirm={() => deletePlatform.mutateAsync(p.id).then(() => void message.success(t('admin.platform.delete.success', { name: p.name })))}
            >
              <Typography.Link type="danger">{t('admin.platform.delete')}</Typography.Link>
            </Popconfirm>
          ),
        ];
      },
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <ProTable<Coin>
        rowKey="coinId"
        headerTitle={t('admin.pairs.title')}
        columns={pairColumns}
        dataSource={coins.data}
        loading={coins.isLoading}
        search={false}
        pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
        options={{ density: true, reload: () => void coins.refetch(), setting: false, fullScreen: false }}
        scroll={{ x: 760 }}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setAddingPair(true)}>
            {t('admin.pairs.add')}
          </Button>,
        ]}
      />
      <ProTable<Platform>
        rowKey="id"
        headerTitle={t('admin.platforms.title')}
        columns={platformColumns}
        dataSource={platforms.data}
        loading={platforms.isLoading}
        search={false}
        pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
        options={{ density: false, reload: () => void platforms.refetch(), setting: false, fullScreen: false }}
        scroll={{ x: 760 }}
        toolBarRender={() => [
          <Button key="add" icon={<PlusOutlined />} onClick={() => setAddingPlatform(true)}>
            {t('admin.platforms.add')}
          </Button>,
        ]}
      />
      <AddPairModal open={addingPair} onOpenChange={setAddingPair} platforms={platforms.data ?? []} />
      <EditPairModal coin={editing} onClose={() => setEditing(null)} />
      <AddPlatformModal open={addingPlatform} onOpenChange={setAddingPlatform} />
      <EditPlatformModal platform={editingPlatform} onClose={() => setEditingPlatform(null)} />
    </Space>
  );
}
