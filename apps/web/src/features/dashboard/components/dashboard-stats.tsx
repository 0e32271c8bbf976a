import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/hooks/use-now';
import { formatFixed, formatSignedPercent } from '@/lib/numbers';
import { useCandles } from '@/market-data/api/get-candles';
import { useDeskPnl } from '@/market-data/api/get-desk-pnl';
import { useOpenOrders } from '@/market-data/api/get-open-orders';
import { usePrice } from '@/market-data/api/get-price';
import { useWallet } from '@/market-data/api/get-wallet';
import { orderOccupied, valuation, volumeSince } from '@/market-data/utils/market-stats';
import { useAnalysisPanel } from '../api/get-analysis-panel';
import { priceChange, type PriceChange } from '../utils/price-change';
import { DeskPnlCard, signedQuote, toneOf } from './desk-pnl-card';
import { DeskWidePnlCard } from './desk-wide-pnl-card';
import { StatCard } from '@/components/stat-card';
import { useTrading } from '@/market-data/components/trading-context';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 5-minute candles, 300 of them: 25 hours, enough for the day change and the 24 h volume. */
const CANDLES = { interval: '5m', limit: 300 } as const;
const CANDLE_MS = 5 * MINUTE;

const FLEX = '1 1 220px';

/** The control panel's figures for the selected pair (spec §3): the venue's data, the account's volumes (24 h and total, one source) and the desk P&L of the last hour and today. */
export function DashboardStats() {
  const { t } = useTranslation('trading');
  const { t: tc } = useTranslation('common');
  const { pair, precision } = useTrading();
  const now = useNow(10_000);
  const wallet = useWallet(pair.coinId);
  const price = usePrice(pair.coinId);
  const open = useOpenOrders(pair.coinId);
  const candles = useCandles({ coinId: pair.coinId, ...CANDLES });
  const history = useAnalysisPanel(pair.coinId);
  const pnl1h = useDeskPnl(pair.coinId, '1h');
  const pnlToday = useDeskPnl(pair.coinId, 'today');

  const last = price.data?.last ?? candles.data?.at(-1)?.close ?? null;
  const worth = wallet.data && last ? valuation(wallet.data, last) : null;
  const quote = (value: string | null | undefined) => (value == null ? null : formatFixed(value, precision.price));
  const base = (value: string | null | undefined) => (value == null ? null : formatFixed(value, precision.amount));
  const occupied = open.data && last ? orderOccupied(open.data, last) : null;
  const volume24h = candles.data ? volumeSince(candles.data, now - DAY) : null;
  const total = history.data?.volumeTotal;

  /** The desk's total P&L of a DESK.md window (the same figure as the desk P&L card and the bot lists), with its parts beneath. */
  const pnlCard = (pnl: typeof pnl1h, title: string, tooltip: string, priceWindow: number) => {
    const d = pnl.data;
    const found: PriceChange | null | undefined = candles.data && priceChange(candles.data, priceWindow, CANDLE_MS, now);
    const priceNote = found ? t(priceWindow === HOUR ? 'stats.change.price1h' : 'stats.change.priceDay', { percent: formatSignedPercent(found.percent) }) : '';
    return (
      <StatCard
        figure={title}
        title={title}
        tooltip={tooltip}
        value={d ? signedQuote(d.total, precision.price) : pnl.isError ? tc('empty.value') : null}
        unit={pair.quote}
        tone={toneOf(d?.total)}
        note={d && t('stats.pnl.parts', { realised: signedQuote(d.realised, precision.price), unrealised: signedQuote(d.unrealised, precision.price), fees: formatFixed(d.fees, precision.price) })}
        extra={priceNote || undefined}
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
            figure="volume-24h"
            value={history.data ? base(history.data.volume24h.base) : history.isError ? tc('empty.value') : null}
            unit={pair.base}
            tooltip={t('stats.volume24h.tooltip')}
            note={volume24h && t('stats.volume24h.market', { volume: base(volume24h.base) ?? '', base: pair.base })}
          />
        </Col>
        <Col flex={FLEX}>
          <StatCard
            figure="total-volume"
            title={t('stats.totalVolume')}
            value={total ? base(total.base) : history.isError ? tc('empty.value') : null}
            unit={pair.base}
            tooltip={t('stats.totalVolume.tooltip')}
            note={total && t('stats.fills', { count: total.count })}
          />
        </Col>
        <Col flex={FLEX}>
          <StatCard title={t('stats.totalAmount')} value={total ? quote(total.quote) : history.isError ? tc('empty.value') : null} unit={pair.quote} tooltip={t('stats.totalAmount.tooltip')} note={t('stats.totalAmount.note')} />
        </Col>
        <Col flex={FLEX}>{pnlCard(pnl1h, t('stats.pnl1h'), t('stats.pnl1h.tooltip'), HOUR)}</Col>
        <Col flex={FLEX}>{pnlCard(pnlToday, t('stats.pnlToday'), t('stats.pnlToday.tooltip'), DAY)}</Col>
      </Row>
      <div style={{ marginTop: 16 }}>
        <DeskPnlCard />
      </div>
      <div style={{ marginTop: 16 }}>
        <DeskWidePnlCard />
      </div>
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
