import { Empty, Spin, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFixed, formatSpreadBps } from '@/lib/numbers';
import type { OrderBook } from '@/market-data/types';
import { depthLadder, type DepthRow } from '../utils/depth';
import { useTrading } from '@/market-data/components/trading-context';

/** Levels shown per side. */
const LADDER_ROWS = 12;

function LadderRow({ row, side, onPick }: { row: DepthRow | undefined; side: 'ask' | 'bid'; onPick: (price: string) => void }) {
  const { precision } = useTrading();
  if (!row) return <div className="md-book-row md-book-row-empty" aria-hidden="true" />;
  return (
    <button type="button" className={`md-book-row md-book-${side}`} onClick={() => onPick(row.price)}>
      <span className="md-book-bar" style={{ width: `${Math.max(row.ratio * 100, 0.5)}%` }} />
      <span className="md-book-price">{formatFixed(row.price, precision.price)}</span>
      <span>{formatFixed(row.amount, precision.amount)}</span>
      <span>{formatFixed(row.cumulative, precision.amount)}</span>
    </button>
  );
}

interface BookLadderProps {
  book: OrderBook | undefined;
  loading: boolean;
  /** The pair's last trade price, shown between the sides. */
  last?: string | null;
  /** Omitted: the rows cannot be picked (the reference venue's book). */
  onPick?: (price: string) => void;
}

/** An order book: asks (red) above, bids (green) below, cumulative depth bars, spread and mid in between. */
export function BookLadder({ book, loading, last, onPick }: BookLadderProps) {
  const { t } = useTranslation('trading');
  const { pair, precision } = useTrading();
  if (!book) {
    return loading ? <Spin className="md-book-loading" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('book.empty')} />;
  }
  const ladder = depthLadder(book, LADDER_ROWS);
  const pick = onPick ?? (() => undefined);
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
          <LadderRow key={row?.price ?? `empty-${i}`} row={row} side="ask" onPick={pick} />
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
          <LadderRow key={row?.price ?? `empty-${i}`} row={row} side="bid" onPick={pick} />
        ))}
      </div>
    </div>
  );
}
