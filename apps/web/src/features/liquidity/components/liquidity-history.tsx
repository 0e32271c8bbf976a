import type { LiquidityBreach, LiquidityObligationTerms, LiquidityReport, LiquiditySummary } from '@makerdesk/contract';
import { FileTextOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Row, Segmented, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { StatCard } from '@/components/stat-card';
import { formatDateTime } from '@/lib/format-time';
import { formatBpsValue, formatFixed } from '@/lib/numbers';
import { useTrading } from '@/market-data/components/trading-context';
import { formatSpan } from '../utils/format';
import { LiquidityCharts } from './liquidity-charts';
import '../liquidity-i18n';

export const HISTORY_RANGES = { '24h': 24 * 3_600_000, '7d': 7 * 24 * 3_600_000, '30d': 30 * 24 * 3_600_000 } as const;
export type HistoryRange = keyof typeof HISTORY_RANGES;

const FLEX = '1 1 220px';

interface LiquidityHistoryProps {
  range: HistoryRange;
  onRange: (range: HistoryRange) => void;
  summary: LiquiditySummary | undefined;
  /** The same range's report: its hourly or daily rows draw the charts. */
  report?: LiquidityReport | undefined;
  obligation?: LiquidityObligationTerms | null;
  /** When the obligation was last set (epoch ms): a range that starts before it is measured against terms that did not apply yet, and says so. */
  obligationSetAt?: number | null;
  /** The range's start (epoch ms). */
  rangeFrom?: number | null;
  /** The printable report of the same range. */
  reportHref?: string;
}

/** The chosen range's figures: spread p50/p95, mean depth per side (total and own), uptime, and the breaches listed. */
export function LiquidityHistory({ range, onRange, summary, report, obligation = null, obligationSetAt = null, rangeFrom = null, reportHref }: LiquidityHistoryProps) {
  const { t } = useTranslation('liquidity');
  const { t: tc } = useTranslation('common');
  const { pair, precision } = useTrading();
  const navigate = useNavigate();
  const dash = tc('empty.value');
  const quote = (v: string | null | undefined) => (v == null ? dash : formatFixed(v, precision.price));
  const bps = (v: string | null | undefined) => (v == null ? dash : formatBpsValue(v));
  const d = summary?.depth;

  return (
    <Card
      size="small"
      className="md-liquidity-history"
      data-testid="liquidity-history"
      title={t('history.title')}
      extra={
        <Segmented<HistoryRange>
          size="small"
          value={range}
          onChange={onRange}
          options={(Object.keys(HISTORY_RANGES) as HistoryRange[]).map((key) => ({ value: key, label: t(`history.range.${key}`) }))}
        />
      }
    >
      <Flex vertical gap={12}>
        <Flex wrap gap={8} justify="space-between" align="center">
          {summary && (
            <Typography.Text type="secondary">{t('history.samples', { sampled: summary.samples.toLocaleString('en-US'), total: (HISTORY_RANGES[range] / 1000).toLocaleString('en-US') })}</Typography.Text>
          )}
          {reportHref && (
            <Button size="small" icon={<FileTextOutlined />} onClick={() => void navigate(reportHref)}>
              {t('report.open')}
            </Button>
          )}
        </Flex>
        <Row gutter={[16, 16]}>
          <Col flex={FLEX}>
            <StatCard figure="history-spread" title={t('history.spread')} value={summary ? `${bps(summary.spreadBps.p50)} / ${bps(summary.spreadBps.p95)}` : null} />
          </Col>
          <Col flex={FLEX}>
            <StatCard figure="history-bid" title={t('history.bid', { band: d?.withinPct ?? '2' })} value={d ? quote(d.bidQuote) : null} unit={pair.quote} note={d && t('history.own', { own: quote(d.ownBidQuote), quote: pair.quote })} />
          </Col>
          <Col flex={FLEX}>
            <StatCard figure="history-ask" title={t('history.ask', { band: d?.withinPct ?? '2' })} value={d ? quote(d.askQuote) : null} unit={pair.quote} note={d && t('history.own', { own: quote(d.ownAskQuote), quote: pair.quote })} />
          </Col>
          <Col flex={FLEX}>
            <StatCard figure="history-uptime" title={t('history.uptime')} value={summary ? (summary.uptimePct === null ? dash : `${summary.uptimePct} %`) : null} note={summary?.uptimePct === null ? t('uptime.none') : undefined} />
          </Col>
        </Row>
        {report?.unit && report.rows.length > 0 && (
          <LiquidityCharts buckets={report.rows} unit={report.unit} obligation={obligation} band={d?.withinPct ?? '2'} quote={pair.quote} pricePrecision={precision.price} />
        )}
        <LiquidityFigureNotes obligationSetAt={obligation ? obligationSetAt : null} rangeFrom={rangeFrom} />
        <Typography.Text strong>{t('history.breaches')}</Typography.Text>
        <Table<LiquidityBreach>
          size="small"
          className="md-liquidity-breaches"
          rowKey={(b) => `${b.from}-${b.kind}`}
          dataSource={summary?.breaches ?? []}
          loading={!summary}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('history.breaches.none') }}
          columns={[
            { key: 'from', title: t('history.breach.from'), render: (_, b) => formatDateTime(b.from) },
            { key: 'to', title: t('history.breach.to'), render: (_, b) => formatDateTime(b.to) },
            { key: 'duration', title: t('history.breach.duration'), render: (_, b) => formatSpan((b.to - b.from) / 1000, t) },
            { key: 'kind', title: t('history.breach.kind'), render: (_, b) => t(`breach.${b.kind}`) },
          ]}
        />
      </Flex>
    </Card>
  );
}

/**
 * What the history's figures are measured against, said where they are read: the depth means' two
 * denominators (the total over the seconds sampled, the own over every second: an unsampled second
 * never flatters the desk), and, when the range starts before the obligation was last set, that the
 * current terms are applied to the time before them too.
 */
export function LiquidityFigureNotes({
  obligationSetAt,
  rangeFrom,
  formatAt = formatDateTime,
}: {
  obligationSetAt: number | null;
  rangeFrom: number | null;
  /** How the instant is written: the console's local time, or the report's UTC. */
  formatAt?: (ms: number) => string;
}) {
  const { t } = useTranslation('liquidity');
  const termsLater = obligationSetAt !== null && rangeFrom !== null && obligationSetAt > rangeFrom;
  return (
    <Flex vertical gap={2} className="md-liquidity-notes" data-testid="liquidity-figure-notes" style={{ marginTop: 8 }}>
      <Typography.Text type="secondary">{t('history.note.means')}</Typography.Text>
      {termsLater && <Typography.Text type="secondary">{t('history.note.terms', { at: formatAt(obligationSetAt) })}</Typography.Text>}
    </Flex>
  );
}
