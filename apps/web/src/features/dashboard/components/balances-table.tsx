import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFixed, formatPlain } from '@/lib/numbers';
import { useWallet } from '@/market-data/api/get-wallet';
import type { Balance } from '@/market-data/types';
import { useTrading } from '@/market-data/components/trading-context';

/** The account's wallet at the pair's venue: the pair's two assets first, then every other one held. */
export function BalancesTable() {
  const { t } = useTranslation('trading');
  const { pair, precision } = useTrading();
  const wallet = useWallet(pair.coinId);
  const role = (asset: string) => (asset === pair.base ? 'base' : asset === pair.quote ? 'quote' : null);
  const show = (asset: string, value: string) => {
    const r = role(asset);
    return r === null ? formatPlain(value) : formatFixed(value, r === 'base' ? precision.amount : precision.price);
  };
  const rows = wallet.data ? [wallet.data.base, wallet.data.quote, ...wallet.data.balances.filter((b) => role(b.asset) === null)] : [];

  const columns: ProColumns<Balance>[] = [
    {
      title: t('wallet.asset'),
      dataIndex: 'asset',
      render: (_, b) => {
        const r = role(b.asset);
        return (
          <>
            <strong>{b.asset}</strong>
            {r && (
              <Tag bordered={false} color={r === 'base' ? 'purple' : 'blue'} style={{ marginInlineStart: 8 }}>
                {t(`wallet.${r}`)}
              </Tag>
            )}
          </>
        );
      },
    },
    { title: t('wallet.available'), dataIndex: 'available', align: 'right', render: (_, b) => show(b.asset, b.available) },
    { title: t('wallet.frozen'), dataIndex: 'frozen', align: 'right', render: (_, b) => show(b.asset, b.frozen) },
    { title: t('wallet.total'), dataIndex: 'total', align: 'right', render: (_, b) => show(b.asset, b.total) },
  ];

  return (
    <ProTable<Balance>
      rowKey="asset"
      headerTitle={t('wallet.table')}
      size="small"
      className="md-orders-table"
      columns={columns}
      dataSource={rows}
      loading={wallet.isLoading}
      search={false}
      options={false}
      pagination={false}
    />
  );
}
