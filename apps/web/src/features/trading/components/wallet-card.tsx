import { Card, Flex, Skeleton, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFixed } from '@/lib/numbers';
import { usePrice } from '@/market-data/api/get-price';
import { useWallet } from '@/market-data/api/get-wallet';
import type { Balance } from '@/market-data/types';
import { valuation } from '@/market-data/utils/market-stats';
import { useTrading } from '@/market-data/components/trading-context';

function AssetBlock({ balance, digits }: { balance: Balance; digits: number }) {
  const { t } = useTranslation('trading');
  return (
    <div className="md-wallet-asset">
      <Flex justify="space-between" align="baseline">
        <Typography.Text strong>{balance.asset}</Typography.Text>
        <span className="md-wallet-total">{formatFixed(balance.total, digits)}</span>
      </Flex>
      <Flex justify="space-between" className="md-wallet-line">
        <Typography.Text type="secondary">{t('wallet.available')}</Typography.Text>
        <span>{formatFixed(balance.available, digits)}</span>
      </Flex>
      <Flex justify="space-between" className="md-wallet-line">
        <Typography.Text type="secondary">{t('wallet.frozen')}</Typography.Text>
        <span>{formatFixed(balance.frozen, digits)}</span>
      </Flex>
    </div>
  );
}

/** The pair's two balances: available, frozen by open orders, total; and their value in quote. */
export function WalletCard() {
  const { t } = useTranslation('trading');
  const { pair, precision } = useTrading();
  const wallet = useWallet(pair.coinId);
  const price = usePrice(pair.coinId);
  const last = price.data?.last;
  const worth = wallet.data && last ? valuation(wallet.data, last) : null;
  return (
    <Card
      size="small"
      className="md-panel"
      title={t('wallet.title')}
      extra={
        worth && (
          <Tooltip title={t('wallet.worth.tooltip', { quote: pair.quote })}>
            <Typography.Text type="secondary">≈ {formatFixed(worth.total, precision.price)} {pair.quote}</Typography.Text>
          </Tooltip>
        )
      }
    >
      {wallet.data ? (
        <Flex vertical gap={12}>
          <AssetBlock balance={wallet.data.base} digits={precision.amount} />
          <AssetBlock balance={wallet.data.quote} digits={precision.price} />
        </Flex>
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      )}
    </Card>
  );
}
