import { Col, Flex, Row, Select, Typography } from 'antd';
import type { UTCTimestamp } from 'lightweight-charts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeChart, type LinePoint } from '@/components/time-chart';
import { DOWN_COLOR, UP_COLOR } from '@/lib/market-colors';
import { formatFixed } from '@/lib/numbers';
import { useDeskEquity } from '@/market-data/api/get-desk-equity';
import { useDeskPnl } from '@/market-data/api/get-desk-pnl';
import { useTrading } from '@/market-data/components/trading-context';
import '../analysis-i18n';

/** Seconds, strictly rising (the chart's rule); numbers here only place pixels, the legend writes the server's decimals. */
function line(points: readonly { at: number; total: string }[]): LinePoint[] {
  const bySecond = new Map<number, number>();
  for (const p of points) bySecond.set(Math.floor(p.at / 1000), Number(p.total));
  return [...bySecond].sort((a, b) => a[0] - b[0]).map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

/** The equity curve (cumulative total P&L, DESK.md) of the pair's desk or of one bot, and its daily P&L bars. */
export function EquityCard() {
  const { t, i18n } = useTranslation('analysis');
  const { pair, precision } = useTrading();
  const [robotId, setRobotId] = useState<number | undefined>(undefined);
  const bots = useDeskPnl(pair.coinId, 'all').data?.bots ?? [];
  const equity = useDeskEquity(pair.coinId, robotId);
  const locale = i18n.language === 'zh_CN' ? 'zh-CN' : 'en-US';
  const data = equity.data;
  const lines = useMemo(() => {
    if (!data) return null;
    const last = data.points.at(-1)?.total ?? null;
    const lastDay = data.daily.at(-1)?.total ?? null;
    return {
      curve: [{ key: 'equity', label: t('equity.total', { quote: pair.quote }), color: UP_COLOR, data: line(data.points), latest: last === null ? null : formatFixed(last, precision.price), scale: 'right', kind: 'baseline' as const }],
      daily: [{ key: 'daily', label: t('equity.today', { quote: pair.quote }), color: UP_COLOR, data: line(data.daily.map((d) => ({ at: d.day, total: d.total }))), latest: lastDay === null ? null : formatFixed(lastDay, precision.price), scale: 'right', kind: 'bars' as const }],
    };
  }, [data, t, pair.quote, precision.price]);

  return (
    <Flex vertical gap={12} data-testid="equity">
      <Flex wrap gap={8} align="center">
        <Typography.Text>{t('equity.of')}</Typography.Text>
        <Select<number | 'desk'>
          aria-label={t('equity.of')}
          value={robotId ?? 'desk'}
          style={{ minWidth: 200 }}
          onChange={(v) => setRobotId(v === 'desk' ? undefined : v)}
          options={[{ value: 'desk' as const, label: t('equity.desk', { pair: pair.name }) }, ...bots.map((b) => ({ value: b.robotId, label: t('ledger.source.botNamed', { id: String(b.robotId), name: b.name }) }))]}
        />
      </Flex>
      {lines && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xxl={12}>
            <TimeChart title={t('equity.curve')} lines={lines.curve} locale={locale} upColor={UP_COLOR} downColor={DOWN_COLOR} />
          </Col>
          <Col xs={24} xxl={12}>
            <TimeChart title={t('equity.daily')} lines={lines.daily} locale={locale} upColor={UP_COLOR} downColor={DOWN_COLOR} utcDays />
          </Col>
        </Row>
      )}
    </Flex>
  );
}
