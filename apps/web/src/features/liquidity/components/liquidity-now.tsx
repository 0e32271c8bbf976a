import { appliesAllDay, type LiquidityObligation, type LiquiditySummary } from '@makerdesk/contract';
import { Alert, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@/components/stat-card';
import { compareDecimals, formatBpsValue, formatFixed } from '@/lib/numbers';
import { useTrading } from '@/market-data/components/trading-context';
import { formatObligationHours, formatSpan, formatUtc } from '../utils/format';
import { downtimeAllowance, timeLeftMs, type PeriodBounds } from '../utils/period';
import '../liquidity-i18n';

const FLEX = '1 1 220px';

interface LiquidityNowProps {
  /** The last minute. */
  latest: LiquiditySummary | undefined;
  /** The obligation's period so far (null without an obligation). */
  period: { bounds: PeriodBounds; summary: LiquiditySummary | undefined } | null;
  obligation: LiquidityObligation | null;
  now: number;
}

/** The pair's market quality now: spread, depth per side in the band (total and own), own share, and the period's uptime against the obligation. */
export function LiquidityNow({ latest, period, obligation, now }: LiquidityNowProps) {
  const { t } = useTranslation('liquidity');
  const { t: tc } = useTranslation('common');
  const { pair, precision } = useTrading();
  const dash = tc('empty.value');
  const quote = (v: string | null | undefined) => (v == null ? dash : formatFixed(v, precision.price));
  const bps = (v: string | null | undefined) => (v == null ? dash : formatBpsValue(v));
  const pct = (v: string | null | undefined) => (v == null ? dash : `${v} %`);
  const depth = latest?.depth;
  const min = obligation ? `${quote(obligation.minDepthQuote)} ${pair.quote}` : null;
  const ownNote = (own: string | undefined) => (own === undefined ? undefined : min ? t('now.depth.note', { own: quote(own), quote: pair.quote, min }) : t('now.depth.noMin', { own: quote(own), quote: pair.quote }));
  const spreadTone = latest?.spreadBps.p50 && obligation ? (compareDecimals(latest.spreadBps.p50, obligation.maxSpreadBps) > 0 ? 'down' : 'up') : undefined;

  const uptime = period?.summary?.uptimePct ?? null;
  const allowance = obligation && period ? downtimeAllowance(period.bounds, now, obligation.minUptimePct, period.summary ? uptime : null, obligation) : null;

  return (
    <Flex vertical gap={12} className="md-liquidity-now" data-testid="liquidity-now">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('now.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col flex={FLEX}>
          <StatCard
            figure="spread"
            title={t('now.spread')}
            tooltip={t('now.spread.tooltip')}
            value={latest ? bps(latest.spreadBps.p50) : null}
            tone={spreadTone}
            note={latest && (obligation ? t('now.spread.note', { p95: bps(latest.spreadBps.p95), cap: bps(obligation.maxSpreadBps) }) : t('now.spread.noCap', { p95: bps(latest.spreadBps.p95) }))}
          />
        </Col>
        <Col flex={FLEX}>
          <StatCard figure="bid-depth" title={t('now.bid', { band: depth?.withinPct ?? obligation?.depthWithinPct ?? '2' })} value={depth ? quote(depth.bidQuote) : null} unit={pair.quote} note={ownNote(depth?.ownBidQuote)} />
        </Col>
        <Col flex={FLEX}>
          <StatCard figure="ask-depth" title={t('now.ask', { band: depth?.withinPct ?? obligation?.depthWithinPct ?? '2' })} value={depth ? quote(depth.askQuote) : null} unit={pair.quote} note={ownNote(depth?.ownAskQuote)} />
        </Col>
        <Col flex={FLEX}>
          <StatCard
            figure="own-share"
            title={t('now.share')}
            value={latest ? pct(latest.ownShareOfDepthPct) : null}
            note={latest && t('now.share.note', { volume: pct(latest.ownShareOfVolumePct), ott: latest.orderToTrade ?? dash })}
          />
        </Col>
      </Row>
      {obligation && period ? (
        <Row gutter={[16, 16]}>
          <Col flex={FLEX}>
            <StatCard
              figure="uptime"
              title={t('uptime.title', { period: t(`period.${obligation.period}`) })}
              tooltip={t('uptime.tooltip')}
              value={period.summary ? pct(uptime) : null}
              tone={uptime === null ? undefined : compareDecimals(uptime, obligation.minUptimePct) >= 0 ? 'up' : 'down'}
              note={`${t('uptime.note', { min: obligation.minUptimePct, from: formatUtc(period.bounds.from), to: formatUtc(period.bounds.to) })}${appliesAllDay(obligation) ? '' : ` · ${formatObligationHours(obligation, t)}`}`}
            />
          </Col>
          <Col flex={FLEX}>
            <StatCard figure="time-left" title={t('uptime.left')} value={formatSpan(timeLeftMs(period.bounds, now) / 1000, t)} />
          </Col>
          <Col flex={FLEX}>
            <StatCard
              figure="down-allowed"
              title={t('uptime.allowed')}
              value={allowance && period.summary ? formatSpan(allowance.remainingSeconds, t) : null}
              tone={allowance && !allowance.attainable ? 'down' : undefined}
              note={allowance && t('uptime.allowed.note', { down: formatSpan(allowance.downSeconds, t), allowed: formatSpan(allowance.allowedSeconds, t) })}
            />
          </Col>
        </Row>
      ) : (
        <Typography.Text type="secondary">{t('uptime.none')}</Typography.Text>
      )}
      {allowance && period?.summary && !allowance.attainable && <Alert type="error" showIcon message={t('uptime.unattainable')} />}
    </Flex>
  );
}
