import { Empty, Spin, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFixed, formatSpreadBps } from '@/lib/numbers';
import type { Order, OrderBook } from '@/market-data/types';
import { depthLadder, type DepthRow } from '../utils/depth';
import { ownLevelKind, ownLevels, type OwnLevel } from '../utils/order-source';
import { useTrading } from '@/market-data/components/trading-context';
import { sourceLabel } from './source-tag';

/** Levels shown per side. */
const LADDER_ROWS = 12;

/** What the tooltip of an own level says: whose orders, and how much of the level is the desk's. */
function OwnTooltip({ row, own }: { row: DepthRow; own: OwnLevel }) {
  const { t } = useTranslation('trading');
  const { pair, precision } = useTrading();
  return (
    <div className="md-book-own-tip">
      <div>{t('book.own.title', { price: formatFixed(row.price, precision.price) })}</div>
      <div>{t('book.own.amount', { amount: formatFixed(own.amount, precision.amount), level: formatFixed(row.amount, precision.amount), asset: pair.base })}</div>
      <div>{own.sources.map((s) => sourceLabel(t, s)).join(' · ')}</div>
    </div>
  );
}

function LadderRow({ row, side, onPick, own }: { row: DepthRow | undefined; side: 'ask' | 'bid'; onPick: (price: string) => void; own?: OwnLevel | undefined }) {
  const { t } = useTranslation('trading');
  const { precision } = useTrading();
  if (!row) return <div className="md-book-row md-book-row-empty" aria-hidden="true" />;
  const button = (
    <button type="button" className={`md-book-row md-book-${side}${own ? ' md-book-row-own' : ''}`} onClick={() => onPick(row.price)} data-own={own ? ownLevelKind(own) : undefined}>
      <span className="md-book-bar" style={{ width: `${Math.max(row.ratio * 100, 0.5)}%` }} />
      <span className="md-book-price">
        {own && <i className={`md-book-own md-book-own-${ownLevelKind(own)}`} role="img" aria-label={t('book.own.marker')} />}
        {formatFixed(row.price, precision.price)}
      </span>
      <span>{formatFixed(row.amount, precision.amount)}</span>
      <span>{formatFixed(row.cumulative, precision.amount)}</span>
    </button>
  );
  return own ? (
    <Tooltip title={<OwnTooltip row={row} own={own} />} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

interface BookLadderProps {
  book: OrderBook | undefined;
  loading: boolean;
  /** The pair's last trade price, shown between the sides. */
  last?: string | null;
  /** Omitted: the rows cannot be picked (the reference venue's book). */
  onPick?: (price: string) => void;
  /** The account's open orders: the levels holding one are marked (omitted for the reference venue's book). */
  ownOrders?: readonly Order[] | undefined;
}

/** An order book: asks (red) above, bids (green) below, cumulative depth bars, spread and mid in between. */
export function BookLadder({ book, loading, last, onPick, ownOrders }: BookLadderProps) {
  const { t } = useTranslation('trading');
  const { pair, precision } = useTrading();
  if (!book) {
    return loading ? <Spin className="md-book-loading" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('book.empty')} />;
  }
  const ladder = depthLadder(book, LADDER_ROWS);
  const pick = onPick ?? (() => undefined);
  const ownAsks = ownLevels(book.asks.slice(0, LADDER_ROWS), ownOrders ?? [], 'sell');
  const ownBids = ownLevels(book.bids.slice(0, LADDER_ROWS), ownOrders ?? [], 'buy');
  // Padded to a fixed height, so the spread row stays put while levels come and go.
  const askRows = Array.from({ length: LADDER_ROWS }, (_, i) => ladder.asks[i - (LADDER_ROWS - ladder.asks.length)]);
  const bidRows = Array.from({ length: LADDER_ROWS }, (_, i) => ladder.bids[i]);
  // DESK.md's spread, in basis points as everywhere in the console.
  const spreadBps = formatSpreadBps(book.bids[0]?.[0], book.asks[0]?.[0]);
  return (
    <div className={`md-book${onPick ? '' : ' md-book-readonly'}`}>
      <div className="md-book-head">
        <span>{t('book.price', { asset: pair.quote })}</span>
        <span>{t('book.amount', { asset: pair.base })}</span>
        <span>{t('book.total')}</span>
      </div>
      <div className="md-book-side" data-side="asks">
        {askRows.map((row, i) => (
          <LadderRow key={row?.price ?? `empty-${i}`} row={row} side="ask" onPick={pick} own={row && ownAsks.get(row.price)} />
        ))}
      </div>
      <div className="md-book-spread">
        <Tooltip title={t('book.last')}>
          <span className="md-book-last">{last ? formatFixed(last, precision.price) : t('book.noTrades')}</span>
        </Tooltip>
        {ladder.mid && (
          <span className="md-book-spread-meta">
            <span>{t('book.mid', { price: formatFixed(ladder.mid, precision.price + 1) })}</span>
            <span>{t('book.spread', { spread: formatFixed(ladder.spread, precision.price), asset: pair.quote, bps: spreadBps ?? '' })}</span>
          </span>
        )}
      </div>
      <div className="md-book-side" data-side="bids">
        {bidRows.map((row, i) => (
          <LadderRow key={row?.price ?? `empty-${i}`} row={row} side="bid" onPick={pick} own={row && ownBids.get(row.price)} />
        ))}
      </div>
    </div>
  );
}
