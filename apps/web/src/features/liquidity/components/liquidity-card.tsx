import { MAIN_ACCOUNT } from '@makerdesk/contract';
import { ProCard } from '@ant-design/pro-components';
import { Flex, Progress, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNow } from '@/hooks/use-now';
import { useAuth } from '@/lib/auth';
import { compareDecimals } from '@/lib/numbers';
import { useTrading } from '@/market-data/components/trading-context';
import { useLiquiditySummary, useObligation } from '../api/liquidity-queries';
import { formatSpan } from '../utils/format';
import { downtimeAllowance, owedPeriodBounds } from '../utils/period';
import '../liquidity-i18n';

/** The control panel's liquidity card: the current pair's uptime this period against its obligation, linking to the Liquidity screen. */
export function LiquidityCard() {
  const { t } = useTranslation('liquidity');
  const { t: tc } = useTranslation('common');
  const { pair } = useTrading();
  const { admin } = useAuth();
  const now = Math.floor(useNow(30_000) / 1000) * 1000;
  const obligation = useObligation(pair.coinId);
  const terms = obligation.data ?? null;
  const bounds = useMemo(() => (terms ? owedPeriodBounds(terms, now) : null), [terms, now]);
  const summary = useLiquiditySummary({ coinId: pair.coinId, from: bounds?.from ?? 0, to: Math.max(now, (bounds?.from ?? 0) + 1000) }, { refetchMs: 30_000, enabled: bounds !== null });
  const uptime = summary.data?.uptimePct ?? null;
  const met = uptime !== null && terms !== null && compareDecimals(uptime, terms.minUptimePct) >= 0;
  const allowance = terms && bounds && summary.data ? downtimeAllowance(bounds, now, terms.minUptimePct, uptime, terms) : null;

  return (
    <ProCard
      title={t('card.title')}
      className="md-liquidity-card"
      data-testid="liquidity-card"
      loading={obligation.isLoading}
      extra={<Link to="/liquidity">{t('card.open')}</Link>}
    >
      {!terms ? (
        <Typography.Text type="secondary">
          {t('card.none', { pair: pair.name })} {admin?.mainAccountId === MAIN_ACCOUNT && <Link to="/liquidity">{t('card.set')}</Link>}
        </Typography.Text>
      ) : (
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t('card.uptime', { period: t(`period.${terms.period}`) })}</Typography.Text>
          <Flex align="baseline" gap={8} wrap>
            <Typography.Text strong style={{ fontSize: 24 }} className={uptime === null ? undefined : met ? 'md-price-buy' : 'md-price-sell'} data-figure="card-uptime">
              {uptime === null ? tc('empty.value') : `${uptime} %`}
            </Typography.Text>
            <Typography.Text type="secondary">/ {terms.minUptimePct} %</Typography.Text>
          </Flex>
          <Progress percent={uptime === null ? 0 : Number(uptime)} showInfo={false} status={met ? 'success' : 'exception'} size="small" />
          {allowance && (
            <Typography.Text type={allowance.attainable ? 'secondary' : 'danger'}>
              {allowance.attainable ? `${t('uptime.allowed')}: ${formatSpan(allowance.remainingSeconds, t)}` : t('uptime.unattainable')}
            </Typography.Text>
          )}
        </Flex>
      )}
    </ProCard>
  );
}
