import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/hooks/use-now';
import { formatDateTime } from '@/lib/format-time';
import { compareDecimals, formatFixed, formatSignedPercent } from '@/lib/numbers';
import { useCandles } from '@/market-data/api/get-candles';
import { MY_TRADES_LIMIT, useMyTrades } from '@/market-data/api/get-my-trades';
import { useOpenOrders } from '@/market-data/api/get-open-orders';
import { usePrice } from '@/market-data/api/get-price';
import { useWallet } from '@/market-data/api/get-wallet';
import { fillTotals, orderOccupied, valuation, volumeSince } from '@/market-data/utils/market-stats';
import { useAnalysisPanel } from '../api/get-analysis-panel';
import { priceChange, type PriceChange } from '../utils/price-change';
import { StatCard } from '@/components/stat-card';
import { useTrading } from '@/market-data/components/trading-context';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 5-minute candles, 300 of them: 25 hours, enough for the day change and the 24 h volume. */
const CANDLES = { interval: '5m', limit: 300 } as const;
const CANDLE_MS = 5 * MINUTE;

const FLEX = '1 1 220px';

/** The control panel's figures for the selected pair (spec §3): the venue's data, and the account's history for the 24 h volume and the value changes. */
export function DashboardStats() {
  const { t } = useTranslation('trading');
  const { t: tc } = useTranslation('common');
  const { pair, precision } = useTrading();
  const now = useNow(10_000);
  const wallet = useWallet(pair.coinId);
  const price = usePrice(pair.coinId);
  const open = useOpenOrders(pair.coinId);
  const fills = useMyTrades(pair.coinId);
  const candles = useCandles({ coinId: pair.coinId, ...CANDLES });
  const history = useAnalysisPanel(pair.coinId);

  const last = price.data?.last ?? candles.data?.at(-1)?.close ?? null;
  const worth = wallet.data && last ? valuation(wallet.data, last) : null;
  const quote = (value: string | null | undefined) => (value == null ? null : formatFixed(value, precision.price));
  const base = (value: string | null | undefined) => (value == null ? null : formatFixed(value, precision.amount));
  const occupied = open.data && last ? orderOccupied(open.data, last) : null;
  const volume24h = candles.data ? volumeSince(candles.data, now - DAY) : null;
  const own = fills.data ? fillTotals(fills.data) : null;

  const priceMove = (windowMs: number): string | null => {
    const found: PriceChange | null | undefined = candles.data && priceChange(candles.data, windowMs, CANDLE_MS, now);
    return found ? formatSignedPercent(found.percent) : null;
  };

  /** The account's value now against its snapshot of a window ago (the analysis history), with the price's move beside it. */
  const change = (windowMs: number, key: 'change1h' | 'changeDay', title: string) => {
    if (!history.data) return <StatCard title={title} value={history.isError ? tc('empty.value') : null} />;
    const found = history.data[key];
    const price = priceMove(windowMs);
    // The price's move is over the whole window (the candles), while a short balance history starts later: say which.
    const priceNote = price ? t(key === 'change1h' ? 'stats.change.price1h' : 'stats.change.priceDay', { percent: price }) : '';
    if (!found || found.percent === null) return <StatCard title={title} value={tc('empty.value')} note={t('stats.valueChange.none')} tooltip={t('stats.valueChange.tooltip')} />;
    const direction = compareDecimals(found.percent, '0');
    return (
      <StatCard
        title={title}
        value={formatSignedPercent(found.percent)}
        tone={direction > 0 ? 'up' : direction < 0 ? 'down' : undefined}
        note={[
          found.complete
            ? t('stats.valueChange.from', { value: formatFixed(found.from, precision.price), quote: pair.quote })
            : t('stats.change.since', { time: formatDateTime(found.since) }),
          priceNote,
        ]
          .filter(Boolean)
          .join(' · ')}
        tooltip={found.complete ? t('stats.valueChange.tooltip') : t('stats.valueChange.partial')}
      />
    );
  };

  const margin = (title: string) => <StatCard title={title} value={tc('empty.value')} tooltip={t('stats.margin.tooltip')} note={t('stats.margin.note')} />;

  return (
    <>
      <Typography.Title level={5} className="md-section-title">
        {t('stats.section.balances', { quote: pair.quote })}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col flex={FLEX}>
          <StatCard
            title={t('stats.totalBalance')}
            value={quote(worth?.total)}
            unit={pair.quote}
            tooltip={t('stats.valued.tooltip', { quote: pair.quote })}
            note={wallet.data && `${base(wallet.data.base.total)} ${pair.base} + ${quote(wallet.data.quote.total)} ${pair.quote}`}
          />
        </Col>
        <Col flex={FLEX}>
          <StatCard
            title={t('stats.available')}
            value={quote(worth?.available)}
            unit={pair.quote}
            note={wallet.data && `${base(wallet.data.base.available)} ${pair.base} + ${quote(wallet.data.quote.available)} ${pair.quote}`}
          />
        </Col>
        <Col flex={FLEX}>
          <StatCard
            title={t('stats.frozen')}
            value={quote(worth?.frozen)}
            unit={pair.quote}
            note={wallet.data && `${base(wallet.data.base.frozen)} ${pair.base} + ${quote(wallet.data.quote.frozen)} ${pair.quote}`}
          />
        </Col>
        <Col flex={FLEX}>
          <StatCard
            title={t('stats.orderOccupied')}
            value={quote(occupied)}
            unit={pair.quote}
            tooltip={t('stats.orderOccupied.tooltip')}
            note={open.data && t('stats.openOrders', { count: open.data.length })}
          />
        </Col>
      </Row>
      <Typography.Title level={5} className="md-section-title">
        {t('stats.section.market')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col flex={FLEX}>
          <StatCard
            title={t('stats.volume24h')}
            value={history.data ? base(history.data.volume24h.base) : history.isError ? tc('empty.value') : null}
            unit={pair.base}
            tooltip={t('stats.volume24h.tooltip')}
            note={volume24h && t('stats.volume24h.market', { volume: base(volume24h.base) ?? '', base: pair.base })}
          />
        </Col>
        <Col flex={FLEX}>
          <StatCard
            title={t('stats.totalVolume')}
            value={base(own?.volume)}
            unit={pair.base}
            tooltip={t('stats.totalVolume.tooltip')}
            note={fills.data && t(fills.data.length >= MY_TRADES_LIMIT ? 'stats.fills.latest' : 'stats.fills', { count: fills.data.length })}
          />
        </Col>
        <Col flex={FLEX}>
          <StatCard title={t('stats.totalAmount')} value={quote(own?.turnover)} unit={pair.quote} tooltip={t('stats.totalAmount.tooltip')} note={t('stats.totalAmount.note')} />
        </Col>
        <Col flex={FLEX}>{change(HOUR, 'change1h', t('stats.change1h'))}</Col>
        <Col flex={FLEX}>{change(DAY, 'changeDay', t('stats.changeDay'))}</Col>
      </Row>
      <Typography.Title level={5} className="md-section-title">
        {t('stats.section.margin')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col flex={FLEX}>{margin(t('stats.otherOccupied'))}</Col>
        <Col flex={FLEX}>{margin(t('stats.isolatedOccupied'))}</Col>
        <Col flex={FLEX}>{margin(t('stats.crossOccupied'))}</Col>
      </Row>
    </>
  );
}
