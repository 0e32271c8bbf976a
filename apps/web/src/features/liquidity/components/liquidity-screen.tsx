import { Flex, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { useNow } from '@/hooks/use-now';
import { useTrading } from '@/market-data/components/trading-context';
import { useLiquidityReport, useLiquiditySummary, useObligation } from '../api/liquidity-queries';
import { owedPeriodBounds } from '../utils/period';
import { reportHref } from '../utils/report';
import { HISTORY_RANGES, LiquidityHistory, type HistoryRange } from './liquidity-history';
import { LiquidityNow } from './liquidity-now';
import { ObligationPanel } from './obligation-panel';
import '../liquidity-i18n';

const MINUTE = 60_000;

/** The current pair's liquidity (issue 20): now, the obligation, and the history of a chosen range. */
export function LiquidityScreen() {
  const { t } = useTranslation('liquidity');
  const { pair } = useTrading();
  const now = Math.floor(useNow(10_000) / 1000) * 1000;
  const [range, setRange] = useState<HistoryRange>('24h');
  const obligation = useObligation(pair.coinId);
  const terms = obligation.data ?? null;

  const bounds = useMemo(() => (terms ? owedPeriodBounds(terms, now) : null), [terms, now]);
  // The last whole minute: the summary reads the one-minute rows, so a range must hold whole minutes.
  const minute = Math.floor(now / MINUTE) * MINUTE;
  const latest = useLiquiditySummary({ coinId: pair.coinId, from: minute - MINUTE, to: minute }, { refetchMs: 10_000 });
  const periodSummary = useLiquiditySummary({ coinId: pair.coinId, from: bounds?.from ?? 0, to: Math.max(now, (bounds?.from ?? 0) + 1000) }, { refetchMs: 10_000, enabled: bounds !== null });
  // Whole minutes, so the history's request changes once a minute.
  const historyTo = Math.floor(now / MINUTE) * MINUTE + MINUTE;
  // The history's figures and its hourly or daily rows (the charts) in one read.
  const history = useLiquidityReport({ coinId: pair.coinId, from: historyTo - HISTORY_RANGES[range], to: historyTo });

  const error = latest.error ?? history.error ?? obligation.error;
  if (error && !latest.data && !history.data) return <EmptyState title={t('error.title')} description={error.message} />;
  // Until both reads answer, nothing is known of the samples: neither the figures nor the empty state.
  if (obligation.isLoading || latest.isLoading || history.isLoading) return <Skeleton active />;

  const noSamples = latest.data?.samples === 0 && history.data?.summary.samples === 0;
  return (
    <Flex vertical gap={16} className="md-liquidity">
      {noSamples ? (
        <EmptyState title={t('empty.title')} description={t('empty.description')} />
      ) : (
        <LiquidityNow latest={latest.data} period={bounds && { bounds, summary: periodSummary.data }} obligation={terms} now={now} />
      )}
      <ObligationPanel coinId={pair.coinId} quote={pair.quote} obligation={terms} />
      {!noSamples && <LiquidityHistory range={range} onRange={setRange} summary={history.data?.summary} report={history.data} obligation={terms} obligationSetAt={terms?.updatedAt ?? null} rangeFrom={historyTo - HISTORY_RANGES[range]} reportHref={reportHref(pair.coinId, { from: historyTo - HISTORY_RANGES[range], to: historyTo })} />}
    </Flex>
  );
}
