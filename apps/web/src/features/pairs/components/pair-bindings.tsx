import { LinkOutlined } from '@ant-design/icons';
import type { AdminUser } from '@makerdesk/contract';
import { App, Button, Empty, Flex, List, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-time';
import { useAddAccountPermission } from '../api/add-account-permission';
import { useAccountPermissions } from '../api/get-account-permissions';
import { useCoins } from '../api/get-coins';

/** "Bind trading pair": the pairs an account may use, and binding another one (main account only). */
export function PairBindings({ account }: { account: Pick<AdminUser, 'id'> }) {
  const { t } = useTranslation('pairs');
  const { message } = App.useApp();
  const [coinId, setCoinId] = useState<number>();
  const bindings = useAccountPermissions(account.id);
  const coins = useCoins();
  const bind = useAddAccountPermission();

  const bound = new Set(bindings.data?.map((b) => b.coinId));
  const bindable = (coins.data ?? []).filter((coin) => !bound.has(coin.coinId));

  const submit = () => {
    if (coinId === undefined) return;
    bind.mutate(
      { adminId: account.id, coinId },
      {
        onSuccess: () => {
          setCoinId(undefined);
          void message.success(t('bindings.success'));
        },
      },
    );
  };

  return (
    <>
      <Flex gap={8} style={{ marginBottom: 24 }}>
        <Select
          style={{ flex: 1 }}
          value={coinId}
          onChange={setCoinId}
          placeholder={bindable.length > 0 ? t('bindings.choose') : t('bindings.allBound')}
          disabled={bindable.length === 0}
          loading={coins.isLoading || bindings.isLoading}
          showSearch
          optionFilterProp="label"
          options={bindable.map((coin) => ({ value: coin.coinId, label: coin.coinName }))}
        />
        <Button type="primary" icon={<LinkOutlined />} onClick={submit} disabled={coinId === undefined} loading={bind.isPending}>
          {t('bindings.bind')}
        </Button>
      </Flex>
      <Typography.Title level={5}>{t('bindings.bound')}</Typography.Title>
      <List
        loading={bindings.isLoading}
        dataSource={bindings.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bindings.none')} /> }}
        renderItem={(binding) => (
          <List.Item>
            <List.Item.Meta title={binding.coinName} description={t('bindings.boundAt', { time: formatDateTime(binding.createdAt) })} />
          </List.Item>
        )}
      />
    </>
  );
}
