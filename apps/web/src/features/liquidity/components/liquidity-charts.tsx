import type { LiquidityObligationTerms } from '@makerdesk/contract';
import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeChart, type ChartLine } from '@/components/time-chart';
import { DOWN_COLOR, UP_COLOR } from '@/lib/market-colors';
import { formatBpsValue, formatFixed } from '@/lib/numbers';
import { liquiditySeries, type LiquidityBucket } from '../utils/chart-series';
import '../liquidity-i18n';

const BID = '#2ebd85';
const ASK = '#f6465d';
const OWN_BID = '#7ee0b5';
const OWN_ASK = '#ff9aa8';
const P50 = '#8b5cf6';
const P95 = '#f0b90b';
const LIMIT = '#8c8c8c';

interface LiquidityChartsProps {
  buckets: readonly LiquidityBucket[];
  /** A bucket is a UTC hour or a UTC day. */
  unit: 'hour' | 'day';
  obligation: LiquidityObligationTerms | null;
  band: string;
  quote: string;
  pricePrecision: number;
  /** Charts side by side from this width on (the screen), or stacked (the printed report). */
  stacked?: boolean;
}

/**
 * The history's charts (issue 20): spread p50 and p95 against the cap; total depth per side (left
 * axis) and the desk's own (right axis) against the minimum; and uptime per hour or day against the
 * minimum, a part with a breach in red.
 */
export function LiquidityCharts({ buckets, unit, obligation, band, quote, pricePrecision, stacked = false }: LiquidityChartsProps) {
  const { t, i18n } = useTranslation('liquidity');
  const locale = i18n.language === 'zh_CN' ? 'zh-CN' : 'en-US';
  const series = useMemo(() => liquiditySeries(buckets, obligation, { up: UP_COLOR, down: DOWN_COLOR }), [buckets, obligation]);
  const bps = (v: string | null) => (v === null ? null : formatBpsValue(v));
  const amount = (v: string | null) => (v === null ? null : `${formatFixed(v, pricePrecision)} ${quote}`);
  const pct = (v: string | null) => (v === null ? null : `${v} %`);

  const spread: ChartLine[] = [
    { key: 'p50', label: t('chart.spread.p50'), color: P50, data: series.spreadP50, latest: bps(series.latest.spreadP50), scale: 'right' },
    { key: 'p95', label: t('chart.spread.p95'), color: P95, data: series.spreadP95, latest: bps(series.latest.spreadP95), scale: 'right' },
  ];
  const depth: ChartLine[] = [
    { key: 'bid', label: t('chart.depth.bid'), color: BID, data: series.bid, latest: amount(series.latest.bid), scale: 'left' },
    { key: 'ask', label: t('chart.depth.ask'), color: ASK, data: series.ask, latest: amount(series.latest.ask), scale: 'left' },
    { key: 'own-bid', label: t('chart.depth.ownBid'), color: OWN_BID, data: series.ownBid, latest: amount(series.latest.ownBid), scale: 'right' },
    { key: 'own-ask', label: t('chart.depth.ownAsk'), color: OWN_ASK, data: series.ownAsk, latest: amount(series.latest.ownAsk), scale: 'right' },
  ];
  if (obligation) {
    spread.push({ key: 'cap', label: t('chart.spread.cap'), color: LIMIT, data: series.cap, latest: bps(obligation.maxSpreadBps), scale: 'right', dashed: true });
    depth.push({ key: 'min', label: t('chart.depth.min'), color: LIMIT, data: series.minDepth, latest: amount(obligation.minDepthQuote), scale: 'right', dashed: true });
  }
  const uptime: ChartLine[] = obligation
    ? [
        { key: 'uptime', label: t('chart.uptime.value'), color: UP_COLOR, data: series.uptime, latest: pct(series.latest.uptime), scale: 'right', kind: 'bars' },
        { key: 'min', label: t('chart.uptime.min'), color: LIMIT, data: series.minUptime, latest: pct(obligation.minUptimePct), scale: 'right', dashed: true },
      ]
    : [];

  const per = t(`chart.per.${unit}`);
  const col = stacked ? { span: 24 } : { xs: 24, xl: obligation ? 8 : 12 };
  const chart = (title: string, lines: ChartLine[]) => (
    <TimeChart title={title} lines={lines} height={200} locale={locale} upColor={UP_COLOR} downColor={DOWN_COLOR} utcDays={unit === 'day'} className="md-liquidity-chart" />
  );
  return (
    <Row gutter={[16, 16]} className="md-liquidity-charts" data-testid="liquidity-charts">
      <Col {...col}>{chart(t('chart.spread', { per }), spread)}</Col>
      <Col {...col}>{chart(t('chart.depth', { band, per }), depth)}</Col>
      {obligation && <Col {...col}>{chart(t('chart.uptime', { per }), uptime)}</Col>}
    </Row>
  );
}
