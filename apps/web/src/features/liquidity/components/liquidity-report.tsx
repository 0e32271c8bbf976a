import type { LiquidityBreach, LiquidityObligation, LiquidityReportRow } from '@makerdesk/contract';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, Segmented, Skeleton, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { feedback } from '@/lib/feedback';
import { formatBpsValue, formatFixed } from '@/lib/numbers';
import { downloadLiquidityReportCsv, useLiquidityReport, useObligation } from '../api/liquidity-queries';
import { formatObligationHours, formatSpan } from '../utils/format';
import { LiquidityCharts } from './liquidity-charts';
import { LiquidityFigureNotes } from './liquidity-history';
import { REPORT_PRESETS, formatUtcFull, presetRange, type ReportPreset, type ReportRange } from '../utils/report';
import '../liquidity-i18n';

export interface LiquidityReportProps {
  coinId: number;
  /** 'BTC/USDT' */
  pair: string;
  quote: string;
  /** Decimals the quote amounts are shown with (the Liquidity screen's). */
  digits: number;
  /** The link's range; null (none or not valid) shows the obligation's current period, else the last 24 h. */
  range: ReportRange | null;
  invalidLink?: boolean;
  now: number;
  onRange: (range: ReportRange) => void;
}

const samePreset = (a: ReportRange, b: ReportRange) => a.from === b.from && a.to === b.to;

interface TermRow {
  key: string;
  term: string;
  required: string;
  achieved: string;
  met: boolean | null;
}

/**
 * The printable liquidity report (issue 20): the obligation, the period's figures against it, a table
 * hour by hour or day by day, the breaches, and the CSV. One call of the report API answers it all
 * (its figures are the summary API's, as on the Liquidity screen); without a range in the link the
 * obligation is read first for its period. The print stylesheet leaves out the console around it and
 * the buttons.
 */
export function LiquidityReport({ coinId, pair, quote, digits, range: linkRange, invalidLink, now, onRange }: LiquidityReportProps) {
  const { t } = useTranslation('liquidity');
  const { t: tc } = useTranslation('common');
  const [saving, setSaving] = useState(false);
  const obligationQuery = useObligation(coinId, { enabled: linkRange === null });
  const range = linkRange ?? presetRange('period', now, obligationQuery.data?.period ?? null);
  const ready = linkRange !== null || !obligationQuery.isLoading;
  const reportQuery = useLiquidityReport({ coinId, ...range }, { refetchMs: 60_000, enabled: ready });
  const report = reportQuery.data;

  const error = obligationQuery.error ?? (report ? null : reportQuery.error);
  if (error) return <EmptyState title={t('error.title')} description={error.message} />;
  if (!report) return <Skeleton active />;

  const obligation: LiquidityObligation | null = report.obligation;
  const { summary, verdict, unit, rows } = report;
  const dash = tc('empty.value');
  const money = (v: string | null | undefined) => (v == null ? dash : `${formatFixed(v, digits)} ${quote}`);
  const bps = (v: string | null | undefined) => (v == null ? dash : formatBpsValue(v));
  // The spreads are in tenths of a bps (rounded up by the server): one decimal in every row, so the column aligns.
  const tenths = (v: string | null | undefined) => (v == null ? dash : formatFixed(v, 1));
  const pct = (v: string | null | undefined) => (v == null ? dash : `${v} %`);
  const band = summary.depth.withinPct;

  const download = async () => {
    setSaving(true);
    try {
      const name = await downloadLiquidityReportCsv({ coinId, ...range });
      void feedback().message.success(t('report.csv.saved', { name }));
    } catch {
      // the request layer has shown the error
    } finally {
      setSaving(false);
    }
  };

  const terms: TermRow[] =
    obligation && verdict
      ? [
          { key: 'uptime', term: t('report.term.uptime'), required: `≥ ${obligation.minUptimePct} %`, achieved: pct(summary.uptimePct), met: verdict.uptime },
          { key: 'spread', term: t('report.term.spread'), required: `≤ ${formatBpsValue(obligation.maxSpreadBps)}`, achieved: bps(summary.spreadBps.p50), met: verdict.spread },
          { key: 'ownBid', term: t('report.term.ownBid', { band }), required: `≥ ${money(obligation.minDepthQuote)}`, achieved: money(summary.depth.ownBidQuote), met: verdict.ownBidDepth },
          { key: 'ownAsk', term: t('report.term.ownAsk', { band }), required: `≥ ${money(obligation.minDepthQuote)}`, achieved: money(summary.depth.ownAskQuote), met: verdict.ownAskDepth },
        ]
      : [];
  const result = (met: boolean | null) =>
    met === null ? <Tag>{t('report.verdict.none')}</Tag> : met ? <Tag color="success">{t('report.verdict.met')}</Tag> : <Tag color="error">{t('report.verdict.notMet')}</Tag>;

  return (
    <Flex vertical gap={16} className="md-liquidity-report" data-testid="liquidity-report">
      <Flex wrap gap={8} align="center" className="md-report-actions">
        <Segmented<ReportPreset | ''>
          size="small"
          value={REPORT_PRESETS.find((p) => samePreset(presetRange(p, now, obligation?.period ?? null), range)) ?? ''}
          options={REPORT_PRESETS.map((p) => ({ value: p, label: p === 'period' ? t('report.range.period', { period: t(`period.${obligation?.period ?? 'day'}`) }) : t(`report.range.${p}`) }))}
          onChange={(p) => p !== '' && onRange(presetRange(p, now, obligation?.period ?? null))}
        />
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('report.print')}
        </Button>
        <Button icon={<DownloadOutlined />} loading={saving} onClick={() => void download()}>
          {t('report.csv')}
        </Button>
        <Link to="/liquidity">{t('report.back')}</Link>
      </Flex>
      {invalidLink && <Alert type="warning" showIcon className="md-report-actions" message={t('report.invalid')} />}

      <header className="md-report-head">
        <Typography.Title level={3} style={{ marginBottom: 4 }}>
          {t('report.title')}
        </Typography.Title>
        <Typography.Text strong>{t('report.subtitle', { pair, from: formatUtcFull(range.from), to: formatUtcFull(range.to) })}</Typography.Text>
        <br />
        <Typography.Text type="secondary">{t('report.generated', { time: formatUtcFull(now) })}</Typography.Text>
      </header>

      <section className="md-report-section">
        <Typography.Title level={5}>{t('report.obligation')}</Typography.Title>
        {obligation ? (
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }}>
            <Descriptions.Item label={t('obligation.maxSpreadBps')}>{formatBpsValue(obligation.maxSpreadBps)}</Descriptions.Item>
            <Descriptions.Item label={t('obligation.depthWithinPct')}>{obligation.depthWithinPct} %</Descriptions.Item>
            <Descriptions.Item label={t('obligation.minDepthQuote')}>{money(obligation.minDepthQuote)}</Descriptions.Item>
            <Descriptions.Item label={t('obligation.minUptimePct')}>{obligation.minUptimePct} %</Descriptions.Item>
            <Descriptions.Item label={t('obligation.period')}>{t(`period.${obligation.period}.long`)}</Descriptions.Item>
            <Descriptions.Item label={t('obligation.hours')}>{formatObligationHours(obligation, t)}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Typography.Text>{t('report.verdict.noObligation')}</Typography.Text>
        )}
        <LiquidityFigureNotes obligationSetAt={obligation?.updatedAt ?? null} rangeFrom={range.from} formatAt={(ms) => `${formatUtcFull(ms)} UTC`} />
      </section>

      <>
          {obligation && (
            <section className="md-report-section" data-testid="liquidity-report-verdict">
              <Typography.Title level={5}>{t('report.verdict')}</Typography.Title>
              <Flex vertical gap={8}>
                <Alert
                  showIcon
                  type={verdict?.met === null ? 'info' : verdict?.met ? 'success' : 'error'}
                  message={
                    verdict?.met === null
                      ? t('report.verdict.overall.none')
                      : t(verdict?.met ? 'report.verdict.overall.met' : 'report.verdict.overall.notMet', { uptime: summary.uptimePct ?? '', min: obligation.minUptimePct })
                  }
                />
                <Table<TermRow>
                  size="small"
                  rowKey="key"
                  pagination={false}
                  dataSource={terms}
                  scroll={{ x: 'max-content' }}
                  columns={[
                    // The result beside the term, so a phone shows it without scrolling the table.
                    { key: 'term', title: t('report.term'), dataIndex: 'term' },
                    { key: 'met', title: t('report.result'), render: (_, r) => result(r.met) },
                    { key: 'achieved', title: t('report.achieved'), dataIndex: 'achieved' },
                    { key: 'required', title: t('report.required'), dataIndex: 'required' },
                  ]}
                />
              </Flex>
            </section>
          )}

          <section className="md-report-section" data-testid="liquidity-report-figures">
            <Typography.Title level={5}>{t('report.figures')}</Typography.Title>
            <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }}>
              <Descriptions.Item label={t('report.figure.samples')}>{summary.samples.toLocaleString('en-US')}</Descriptions.Item>
              <Descriptions.Item label={t('report.figure.spread')}>{`${bps(summary.spreadBps.p50)} / ${bps(summary.spreadBps.p95)}`}</Descriptions.Item>
              <Descriptions.Item label={t('history.uptime')}>{pct(summary.uptimePct)}</Descriptions.Item>
              <Descriptions.Item label={t('report.figure.bid', { band })}>{`${money(summary.depth.bidQuote)} (${t('history.own', { own: formatFixed(summary.depth.ownBidQuote, digits), quote })})`}</Descriptions.Item>
              <Descriptions.Item label={t('report.figure.ask', { band })}>{`${money(summary.depth.askQuote)} (${t('history.own', { own: formatFixed(summary.depth.ownAskQuote, digits), quote })})`}</Descriptions.Item>
              <Descriptions.Item label={t('report.figure.share')}>{pct(summary.ownShareOfDepthPct)}</Descriptions.Item>
              <Descriptions.Item label={t('report.figure.volumeShare')}>{pct(summary.ownShareOfVolumePct)}</Descriptions.Item>
              <Descriptions.Item label={t('report.figure.orderToTrade')}>{summary.orderToTrade ?? dash}</Descriptions.Item>
              <Descriptions.Item label={t('report.figure.breaches')}>{summary.breaches.length}</Descriptions.Item>
            </Descriptions>
          </section>

          {unit !== null && rows.length > 0 && (
            <section className="md-report-section md-report-charts">
              <Typography.Title level={5}>{t('report.charts')}</Typography.Title>
              <LiquidityCharts buckets={rows} unit={unit} obligation={obligation} band={band} quote={quote} pricePrecision={digits} stacked />
            </section>
          )}

          <section className="md-report-section">
            <Typography.Title level={5}>{unit === 'day' ? t('report.table.day') : t('report.table.hour')}</Typography.Title>
            {unit === null ? (
              <Typography.Text type="secondary">{t('report.table.tooLong')}</Typography.Text>
            ) : (
              <Table<LiquidityReportRow>
                size="small"
                className="md-report-table"
                data-testid="liquidity-report-table"
                rowKey="from"
                pagination={false}
                dataSource={rows}
                scroll={{ x: 'max-content' }}
                columns={[
                  { key: 'start', title: t('report.col.start'), render: (_, r) => formatUtcFull(r.from) },
                  { key: 'samples', title: t('report.col.samples'), align: 'right', render: (_, r) => r.summary.samples.toLocaleString('en-US') },
                  { key: 'spread', title: t('report.col.spread'), align: 'right', render: (_, r) => `${tenths(r.summary.spreadBps.p50)} / ${tenths(r.summary.spreadBps.p95)}` },
                  { key: 'bid', title: t('report.col.bid'), align: 'right', render: (_, r) => formatFixed(r.summary.depth.bidQuote, digits) },
                  { key: 'ask', title: t('report.col.ask'), align: 'right', render: (_, r) => formatFixed(r.summary.depth.askQuote, digits) },
                  { key: 'ownBid', title: t('report.col.ownBid'), align: 'right', render: (_, r) => formatFixed(r.summary.depth.ownBidQuote, digits) },
                  { key: 'ownAsk', title: t('report.col.ownAsk'), align: 'right', render: (_, r) => formatFixed(r.summary.depth.ownAskQuote, digits) },
                  { key: 'uptime', title: t('report.col.uptime'), align: 'right', render: (_, r) => r.summary.uptimePct ?? dash },
                  { key: 'share', title: t('report.col.share'), align: 'right', render: (_, r) => r.summary.ownShareOfDepthPct ?? dash },
                  { key: 'volumeShare', title: t('report.col.volumeShare'), align: 'right', render: (_, r) => r.summary.ownShareOfVolumePct ?? dash },
                  { key: 'orderToTrade', title: t('report.col.orderToTrade'), align: 'right', render: (_, r) => r.summary.orderToTrade ?? dash },
                  { key: 'breaches', title: t('report.col.breaches'), align: 'right', render: (_, r) => r.summary.breaches.length },
                ]}
              />
            )}
          </section>

          <section className="md-report-section" data-testid="liquidity-report-breaches">
            <Typography.Title level={5}>{t('report.breaches')}</Typography.Title>
            <Table<LiquidityBreach>
              size="small"
              rowKey={(b) => `${b.from}-${b.kind}`}
              pagination={false}
              dataSource={summary.breaches}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('history.breaches.none') }}
              columns={[
                { key: 'from', title: t('history.breach.from'), render: (_, b) => formatUtcFull(b.from) },
                { key: 'to', title: t('history.breach.to'), render: (_, b) => formatUtcFull(b.to) },
                { key: 'duration', title: t('history.breach.duration'), render: (_, b) => formatSpan((b.to - b.from) / 1000, t) },
                { key: 'kind', title: t('history.breach.kind'), render: (_, b) => t(`breach.${b.kind}`) },
              ]}
            />
          </section>
      </>
    </Flex>
  );
}
