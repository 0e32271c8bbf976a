import { DownloadOutlined } from '@ant-design/icons';
import { ANALYSIS_RANGE_MAX_DAYS, analysisRangeProblem, type AnalysisSummary } from '@makerdesk/contract';
import { Alert, Button, Card, Col, DatePicker, Flex, Row, Segmented, Skeleton, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { StatCard } from '@/components/stat-card';
import { TimeChart, type ChartLine } from '@/components/time-chart';
import { useNow } from '@/hooks/use-now';
import { feedback } from '@/lib/feedback';
import { formatDateTime } from '@/lib/format-time';
import { DOWN_COLOR, UP_COLOR } from '@/lib/market-colors';
import { minus } from '@makerdesk/format';
import { compareDecimals, formatFixed, formatSignedPercent } from '@/lib/numbers';
import { useDeskPnl } from '@/market-data/api/get-desk-pnl';
import { useTrading } from '@/market-data/components/trading-context';
import { exportAnalysis } from '../api/export-analysis';
import { useAnalysisSummary, type AnalysisRange } from '../api/get-analysis-summary';
import { latestFigure, toLine } from '../utils/chart-lines';
import { AnalysisSettingsForm } from './analysis-settings-form';
import '../analysis-i18n';

const HOUR = 3_600_000;
const PRESETS = { '24h': 24 * HOUR, '7d': 7 * 24 * HOUR, '30d': 30 * 24 * HOUR, '90d': 90 * 24 * HOUR } as const;
type Preset = keyof typeof PRESETS;

const COLORS = { base: '#722ed1', quote: '#1677ff', value: '#13a8a8', price: '#fa8c16' } as const;
const FLEX = '1 1 240px';

type Figures = NonNullable<AnalysisSummary['figures']>;
type Delta = { absolute: string; percent: string | null };

function toneOf(value: string | null | undefined): 'up' | 'down' | undefined {
  if (!value) return undefined;
  const s = compareDecimals(value, '0');
  return s > 0 ? 'up' : s < 0 ? 'down' : undefined;
}

/** The pair's data analysis (spec §3): settings, time range, changes, P&L, position cost, charts and the CSV export. */
export function AnalysisOverview() {
  const { t, i18n } = useTranslation('analysis');
  const { t: tc } = useTranslation('common');
  const { pair, precision } = useTrading();
  const now = useNow(60_000);
  const [preset, setPreset] = useState<Preset | 'custom'>('7d');
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | null>(null);
  const [exporting, setExporting] = useState(false);

  const range: AnalysisRange = useMemo(() => {
    if (preset === 'custom' && custom) return { coinId: pair.coinId, from: custom[0].valueOf(), to: custom[1].valueOf() };
    const span = PRESETS[preset === 'custom' ? '7d' : preset];
    // Whole minutes, so the query key (and the request) changes once a minute, not on every render.
    const to = Math.floor(now / 60_000) * 60_000 + 60_000;
    return { coinId: pair.coinId, from: to - span, to };
  }, [preset, custom, now, pair.coinId]);
  const problem = analysisRangeProblem(range.from, range.to);
  const summary = useAnalysisSummary(range);
  const desk = useDeskPnl(pair.coinId, 'all');

  const quote = (value: string | null | undefined) => (value == null ? tc('empty.value') : formatFixed(value, precision.price));
  const amount = (value: string | null | undefined) => (value == null ? tc('empty.value') : formatFixed(value, precision.amount));
  const signed = (value: string, digits: number) => `${compareDecimals(value, '0') > 0 ? '+' : ''}${formatFixed(value, digits)}`;
  const percent = (d: Delta | null | undefined) => (d?.percent == null ? '' : ` (${formatSignedPercent(d.percent)})`);

  const data = summary.data;
  const figures = data?.figures ?? null;
  const lines = useMemo(
    () =>
      figures
        ? chartLines(figures, pair.base, pair.quote, t, {
            amount: (v) => (v === null ? tc('empty.value') : formatFixed(v, precision.amount)),
            quote: (v) => (v === null ? tc('empty.value') : formatFixed(v, precision.price)),
          })
        : null,
    [figures, pair.base, pair.quote, t, tc, precision.amount, precision.price],
  );

  const download = async () => {
    setExporting(true);
    try {
      const name = await exportAnalysis(range);
      void feedback().message.success(t('export.done', { name }));
    } catch {
      // the request layer has shown the error
    } finally {
      setExporting(false);
    }
  };

  const toolbar = (
    <Card size="small">
      <Flex vertical gap={12}>
        {data && (
          <AnalysisSettingsForm
            coinId={pair.coinId}
            settings={data.settings}
            base={pair.base}
            quote={pair.quote}
            firstFunds={figures && data.settings.initialFunds === null ? figures.initial.quote : null}
            firstToken={figures && data.settings.initialToken === null ? figures.initial.base : null}
          />
        )}
        <Flex wrap gap={12} align="center">
          <Typography.Text>{t('range.label')}</Typography.Text>
          <Segmented<Preset | 'custom'>
            value={preset}
            onChange={setPreset}
            options={[
              { value: '24h', label: t('range.24h') },
              { value: '7d', label: t('range.7d') },
              { value: '30d', label: t('range.30d') },
              { value: '90d', label: t('range.90d') },
              { value: 'custom', label: t('range.custom') },
            ]}
          />
          {preset === 'custom' && (
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={custom ?? [dayjs(range.from), dayjs(range.to)]}
              onChange={(values) => setCustom(values && values[0] && values[1] ? [values[0], values[1]] : null)}
            />
          )}
          <Button icon={<DownloadOutlined />} onClick={() => void download()} loading={exporting} disabled={problem !== null || !figures}>
            {t('export.button')}
          </Button>
        </Flex>
        {problem && <Alert type="warning" showIcon message={t('range.invalid', { days: String(ANALYSIS_RANGE_MAX_DAYS) })} />}
        {data && (
          <Typography.Text type="secondary" className="md-analysis-status">
            {t('status.line', { hours: String(data.settings.cycleHours), count: data.snapshotCount, time: formatDateTime(data.nextSnapshotAt) })}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );

  if (summary.isError && !data) return <EmptyState title={t('error.title')} description={summary.error.message} />;
  if (!data) {
    return (
      <Flex vertical gap={16}>
        {toolbar}
        <Skeleton active />
      </Flex>
    );
  }
  if (!figures || !lines) {
    return (
      <Flex vertical gap={16}>
        {toolbar}
        {data.firstAt === null ? (
          <EmptyState title={t('empty.title')} description={t('empty.description')} />
        ) : (
          <EmptyState title={t('empty.range.title')} description={t('empty.range.description', { time: formatDateTime(data.firstAt) })} />
        )}
      </Flex>
    );
  }

  const { latest, previous, sinceLast, sinceInitial, pnl, position, initial } = figures;
  const changeNote = (c: Figures['sinceInitial']) => t('card.changes', { base: `${signed(c.base.absolute, precision.amount)} ${pair.base}`, quote: `${signed(c.quote.absolute, precision.price)} ${pair.quote}` });
  const userSet = data.settings.initialFunds !== null || data.settings.initialToken !== null;
  const locale = i18n.language === 'zh_CN' ? 'zh-CN' : 'en-US';

  return (
    <Flex vertical gap={16} className="md-analysis">
      {toolbar}
      <Row gutter={[16, 16]}>
        <Col flex={FLEX}>
          <StatCard
            figure="value"
            title={t('card.value')}
            tooltip={t('card.value.tooltip')}
            value={quote(latest.value)}
            unit={pair.quote}
            note={t('card.value.note', { base: `${amount(latest.base)} ${pair.base}`, quote: `${quote(latest.quote)} ${pair.quote}`, price: quote(latest.price) })}
            extra={formatDateTime(latest.at)}
          />
        </Col>
        <Col flex={FLEX}>
          <StatCard
            figure="since-last"
            title={t('card.sinceLast')}
            value={sinceLast?.value ? `${signed(sinceLast.value.absolute, precision.price)}${percent(sinceLast.value)}` : tc('empty.value')}
            unit={sinceLast?.value ? pair.quote : undefined}
            tone={toneOf(sinceLast?.value?.absolute)}
            note={sinceLast ? changeNote(sinceLast) : t('card.sinceLast.none')}
            extra={previous ? t('card.since', { time: formatDateTime(previous.at) }) : undefined}
          />
        </Col>
        <Col flex={FLEX}>
          <StatCard
            figure="since-initial"
            title={t('card.sinceInitial')}
            tooltip={t('card.sinceInitial.tooltip')}
            value={sinceInitial.value ? `${signed(sinceInitial.value.absolute, precision.price)}${percent(sinceInitial.value)}` : tc('empty.value')}
            unit={sinceInitial.value ? pair.quote : undefined}
            tone={toneOf(sinceInitial.value?.absolute)}
            note={changeNote(sinceInitial)}
            extra={`${t('card.initial')}: ${amount(initial.base)} ${pair.base} + ${quote(initial.quote)} ${pair.quote} · ${userSet ? t('card.initial.set') : t('card.initial.note', { time: formatDateTime(initial.at) })}`}
          />
        </Col>
        <Col flex={FLEX}>
          <StatCard
            figure="pnl"
            title={t('card.pnl')}
            tooltip={t('card.pnl.tooltip')}
            value={pnl ? `${signed(pnl.absolute, precision.price)}${percent(pnl)}` : tc('empty.value')}
            unit={pnl ? pair.quote : undefined}
            tone={toneOf(pnl?.absolute)}
            note={pnl && latest.value ? t('card.pnl.note', { value: `${quote(minus(latest.value, pnl.absolute))} ${pair.quote}` }) : undefined}
          />
        </Col>
        <Col flex={FLEX}>
          <StatCard
            figure="position"
            title={t('card.position')}
            tooltip={t('card.position.tooltip')}
            value={position.avgCost === null ? tc('empty.value') : quote(position.avgCost)}
            unit={position.avgCost === null ? undefined : pair.quote}
            note={position.avgCost === null ? t('card.position.flat') : t('card.position.note', { base: `${amount(position.base)} ${pair.base}`, cost: `${quote(position.costValue)} ${pair.quote}` })}
            extra={t('card.position.pnl', { count: position.tradeCount, bots: String(position.botTrades) })}
          />
        </Col>
        <Col flex={FLEX}>
          <StatCard
            figure="desk-total"
            title={t('desk.title')}
            tooltip={t('desk.tooltip')}
            value={desk.data ? signed(desk.data.total, precision.price) : null}
            unit={pair.quote}
            tone={toneOf(desk.data?.total)}
            note={desk.data && t('desk.parts', { realised: signed(desk.data.realised, precision.price), unrealised: signed(desk.data.unrealised, precision.price), fees: formatFixed(desk.data.fees, precision.price) })}
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={12}>
          <TimeChart title={t('chart.balances')} lines={lines.balances} locale={locale} upColor={UP_COLOR} downColor={DOWN_COLOR} />
        </Col>
        <Col xs={24} xxl={12}>
          <TimeChart title={t('chart.value')} lines={lines.value} locale={locale} upColor={UP_COLOR} downColor={DOWN_COLOR} />
        </Col>
        <Col xs={24} xxl={12}>
          <TimeChart title={t('chart.pnl')} lines={lines.pnl} locale={locale} upColor={UP_COLOR} downColor={DOWN_COLOR} />
        </Col>
      </Row>
    </Flex>
  );
}

type Translate = (key: 'chart.price', options?: Record<string, unknown>) => string;

/** The three charts' lines: balances, value and P&L over time, each against the price on the left axis. */
function chartLines(figures: Figures, base: string, quote: string, t: Translate, format: { amount: (v: string | null) => string; quote: (v: string | null) => string }) {
  const series = figures.series;
  const price: ChartLine = { key: 'price', label: `${t('chart.price')} (${quote})`, color: COLORS.price, data: toLine(series, (p) => p.price), latest: format.quote(latestFigure(series, (p) => p.price)), scale: 'left', dashed: true };
  return {
    balances: [
      { key: 'base', label: base, color: COLORS.base, data: toLine(series, (p) => p.base), latest: format.amount(latestFigure(series, (p) => p.base)), scale: 'right' },
      { key: 'quote', label: quote, color: COLORS.quote, data: toLine(series, (p) => p.quote), latest: format.quote(latestFigure(series, (p) => p.quote)), scale: 'quote-balance' },
      price,
    ],
    value: [{ key: 'value', label: quote, color: COLORS.value, data: toLine(series, (p) => p.value), latest: format.quote(latestFigure(series, (p) => p.value)), scale: 'right' }, price],
    pnl: [{ key: 'pnl', label: quote, color: UP_COLOR, data: toLine(series, (p) => p.pnl), latest: format.quote(latestFigure(series, (p) => p.pnl)), scale: 'right', kind: 'baseline' as const }, price],
  } satisfies Record<string, ChartLine[]>;
}
