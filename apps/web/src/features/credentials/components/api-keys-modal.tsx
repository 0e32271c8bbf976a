import { EditOutlined, ExclamationCircleOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { CONCEALED_SECRET, type CredentialView } from '@makerdesk/contract';
import { Button, Empty, Flex, Modal, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-time';
import { keyForPair, useCredentials } from '../api/get-credentials';
import { useVerifyApiKey, type ApiVerifyResult } from '../api/verify-api-key';
import { EditApiKeyModal } from './edit-api-key-modal';
import type { KeyFormChoices } from './import-api-key-modal';
import { VerifyResult } from './verify-result';

interface ApiKeysModalProps extends KeyFormChoices {
  open: boolean;
  onClose: () => void;
  /** Opens "Import API key". */
  onImport: () => void;
}

const masked = (value: string) => (
  <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
    {value}
  </Typography.Text>
);

/** "API key" modal: the account's keys, masked, with their bound IPs, edit and verify. */
export function ApiKeysModal({ open, onClose, onImport, platforms, coins }: ApiKeysModalProps) {
  const { t } = useTranslation('credentials');
  const { t: tc } = useTranslation('common');
  const keys = useCredentials();
  const verify = useVerifyApiKey();
  const [results, setResults] = useState<ReadonlyMap<number, ApiVerifyResult>>(new Map());
  const [editing, setEditing] = useState<CredentialView | null>(null);
  const platformName = (id: number) => platforms.find((p) => p.id === id)?.name;

  const runVerify = (key: CredentialView) =>
    verify.mutate(key.coinId, { onSuccess: (result) => setResults((current) => new Map(current).set(key.id, result)) });

  const columns: TableColumnsType<CredentialView> = [
    {
      title: t('column.platform'),
      dataIndex: 'platformId',
      render: (_, key) => (
        <Flex vertical>
          <span>{platformName(key.platformId) ?? key.platformCode}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {key.platformCode}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('column.pair'),
      dataIndex: 'coinName',
      render: (_, key) => (
        <Space size={4} wrap>
          <span>{key.coinName}</span>
          {keyForPair(keys.data, key.coinId)?.id !== key.id && (
            <Tooltip title={t('column.replaced.tooltip')}>
              <Tag bordered={false}>{t('column.replaced')}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    // The server sends the API key masked (at most its last 4 characters) and no part of a secret:
    // the secret columns only say that one is stored.
    { title: t('column.apiKey'), dataIndex: 'apiKey', render: (_, key) => masked(key.apiKey) },
    { title: t('column.secretKey'), dataIndex: 'secretKey', render: () => masked(CONCEALED_SECRET) },
    {
      title: t('column.passphrase'),
      dataIndex: 'passphrase',
      render: (_, key) => (key.passphrase !== null ? masked(CONCEALED_SECRET) : <Typography.Text type="secondary">{tc('empty.value')}</Typography.Text>),
    },
    {
      title: t('column.hosts'),
      dataIndex: 'hosts',
      render: (_, key) =>
        key.hosts.length === 0 ? (
          <Tooltip title={t('column.noHosts.tooltip')}>
            <Tag color="warning" icon={<ExclamationCircleOutlined />}>
              {t('column.noHosts')}
            </Tag>
          </Tooltip>
        ) : (
          <Flex gap={4} wrap>
            {key.hosts.map((host) => (
              <Tag key={host} bordered={false}>
                {host}
              </Tag>
            ))}
          </Flex>
        ),
    },
    {
      title: t('column.time'),
      dataIndex: 'updatedAt',
      render: (_, key) => (
        <Flex vertical style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          <span>{t('column.created', { time: formatDateTime(key.createdAt) })}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('column.updated', { time: formatDateTime(key.updatedAt) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('column.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, key) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(key)}>
            {t('action.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<SafetyOutlined />}
            loading={verify.isPending && verify.variables === key.coinId}
            disabled={keyForPair(keys.data, key.coinId)?.id !== key.id}
            onClick={() => runVerify(key)}
          >
            {t('action.verify')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Modal
        title={t('list.title')}
        open={open}
        onCancel={onClose}
        width={1080}
        centered
        destroyOnHidden
        footer={
          <Flex justify="space-between" align="center">
            <Typography.Text type="secondary">{t('list.footer')}</Typography.Text>
            <Space>
              <Button onClick={onClose}>{t('action.close')}</Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={onImport}>
                {t('import.open')}
              </Button>
            </Space>
          </Flex>
        }
      >
        <Table<CredentialView>
          rowKey="id"
          size="middle"
          loading={keys.isFetching && !keys.data}
          dataSource={keys.data ?? []}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          expandable={{
            showExpandColumn: false,
            expandedRowKeys: [...results.keys()],
            expandedRowRender: (key) => {
              const result = results.get(key.id);
              return result ? <VerifyResult pair={key.coinName} result={result} /> : null;
            },
          }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')}>
                <Button type="primary" icon={<PlusOutlined />} onClick={onImport}>
                  {t('import.open')}
                </Button>
              </Empty>
            ),
          }}
        />
      </Modal>
      <EditApiKeyModal credential={editing} coins={coins} onClose={() => setEditing(null)} />
    </>
  );
}
