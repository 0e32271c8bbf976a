import { Card, Flex, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFixed } from '@/lib/numbers';
import { usePrice } from '../api/get-price';
import { usePublicTrades } from '../api/get-public-trades';
import { LiveBadge } from './live-badge';
import { useTrading } from './trading-context';

function Figure({ label, value, tooltip, className }: { label: string; value: ReactNode; tooltip?: string; className?: string }) {
  const body = (
    <Flex vertical className="md-ticker-figure">
      <Typography.Text type="secondary" className="md-ticker-label">
        {label}
      </Typography.Text>
      <span className={className}>{value}</span>
    </Flex>
  );
  return tooltip ? <Tooltip title={tooltip}>{body}</Tooltip> : body;
}

/** The pair's ticker: last price (coloured by the last trade's side), best bid and ask, the reference venue's price. */
export function MarketHeader() {
  const { t } = useTranslation('trading');
  const { t: tc } = useTranslation('common');
  const { pair, precision } = useTrading();
  const price = usePrice(pair.coinId);
  const trades = usePublicTrades(pair.coinId);
  const side = trades.data?.[0]?.side;
  const show = (value: string | null | undefined) => (value ? formatFixed(value, precision.price) : tc('empty.value'));
  return (
    <Card size="small" className="md-ticker">
      <Flex align="center" gap={32} wrap>
        <Flex vertical>
          <Typography.Text strong className="md-ticker-pair">
            {pair.name}
          </Typography.Text>
          <LiveBadge />
        </Flex>
        <Figure
          label={t('ticker.last')}
          value={show(price.data?.last)}
          className={`md-ticker-last${side ? ` md-price-${side}` : ''}`}
        />
        <Figure label={t('ticker.bid')} value={show(price.data?.bid)} className="md-price-buy" />
        <Figure label={t('ticker.ask')} value={show(price.data?.ask)} className="md-price-sell" />
        <Figure label={t('ticker.reference')} value={show(price.data?.reference)} tooltip={t('ticker.reference.tooltip')} />
      </Flex>
    </Card>
  );
}
