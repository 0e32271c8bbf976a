import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFixed } from '@/lib/numbers';
import { DOWN_COLOR, UP_COLOR } from '@/lib/market-colors';
import { useOpenOrders } from '@/market-data/api/get-open-orders';
import { useOrderBook } from '@/market-data/api/get-order-book';
import { useTrading } from '@/market-data/components/trading-context';
import type { Direction, OrderBook } from '@/market-data/types';
import { amountY, depthCurve, priceX, type CurvePoint, type DepthCurve } from '../utils/depth-curve';
import { ownLevels, type OwnLevel } from '../utils/order-source';
import { sourceLabel } from './source-tag';

const W = 320;
const H = 150;
/** Room for the axis labels under the plot. */
const PLOT_H = 128;

const x = (curve: DepthCurve, price: string) => priceX(curve, price) * W;
const y = (curve: DepthCurve, amount: string) => PLOT_H - amountY(curve, amount) * (PLOT_H - 8);

/** A side as a step area: from the best level outward, each step holding its cumulative amount to the next level. */
function stepArea(curve: DepthCurve, points: CurvePoint[], edge: number): string {
  if (points.length === 0) return '';
  const parts = [`M${x(curve, points[0]!.price)},${PLOT_H}`];
  points.forEach((p, i) => {
    const top = y(curve, p.cumulative);
    parts.push(`L${x(curve, p.price)},${top}`);
    const next = points[i + 1];
    parts.push(`L${next ? x(curve, next.price) : edge},${top}`);
  });
  parts.push(`L${edge},${PLOT_H}Z`);
  return parts.join(' ');
}

interface OwnPoint {
  price: string;
  cumulative: string;
  own: OwnLevel;
  side: Direction;
}

/** The depth chart itself, pure drawing of a book and the desk's own levels (tested without the network). */
export function DepthChartView({ book, ownBids, ownAsks }: { book: Pick<OrderBook, 'bids' | 'asks'>; ownBids: Map<string, OwnLevel>; ownAsks: Map<string, OwnLevel> }) {
  const { t } = useTranslation('trading');
  const { pair, precision } = useTrading();
  const curve = depthCurve(book);
  if (!curve) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('depth.empty')} />;
  const own: OwnPoint[] = [
    ...curve.bids.flatMap((p) => (ownBids.has(p.price) ? [{ ...p, own: ownBids.get(p.price)!, side: 'buy' as const }] : [])),
    ...curve.asks.flatMap((p) => (ownAsks.has(p.price) ? [{ ...p, own: ownAsks.get(p.price)!, side: 'sell' as const }] : [])),
  ];
  return (
    <figure className="md-depth" data-testid="depth-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('depth.label', { pair: pair.name })}>
        <path d={stepArea(curve, curve.bids, 0)} fill={UP_COLOR} fillOpacity={0.22} stroke={UP_COLOR} strokeWidth={1.2} data-side="bids" />
        <path d={stepArea(curve, curve.asks, W)} fill={DOWN_COLOR} fillOpacity={0.22} stroke={DOWN_COLOR} strokeWidth={1.2} data-side="asks" />
        <line x1={W / 2} x2={W / 2} y1={4} y2={PLOT_H} stroke="rgba(255,255,255,0.25)" strokeDasharray="3 3" />
        {own.map((p) => (
          <circle key={`${p.side}-${p.price}`} className="md-depth-own" cx={x(curve, p.price)} cy={y(curve, p.cumulative)} r={3.5} data-side={p.side}>
            <title>
              {`${t('book.own.title', { price: formatFixed(p.price, precision.price) })}: ${formatFixed(p.own.amount, precision.amount)} ${pair.base} · ${p.own.sources.map((s) => sourceLabel(t, s)).join(', ')}`}
            </title>
          </circle>
        ))}
        <text x={2} y={H - 4} className="md-depth-axis">
          {formatFixed(curve.minPrice, precision.price)}
        </text>
        <text x={W / 2} y={H - 4} textAnchor="middle" className="md-depth-axis">
          {formatFixed(curve.mid, precision.price)}
        </text>
        <text x={W - 2} y={H - 4} textAnchor="end" className="md-depth-axis">
          {formatFixed(curve.maxPrice, precision.price)}
        </text>
        <text x={2} y={12} className="md-depth-axis">
          {formatFixed(curve.maxCumulative, precision.amount)} {pair.base}
        </text>
      </svg>
      <figcaption className="md-depth-legend">
        <span className="md-depth-key md-depth-key-bid">{t('depth.bids')}</span>
        <span className="md-depth-key md-depth-key-ask">{t('depth.asks')}</span>
        <span className="md-depth-key md-depth-key-own">
          {t('depth.own')} ({own.length})
        </span>
      </figcaption>
    </figure>
  );
}

/** Beside the book: its cumulative bids and asks as a step area, the desk's own levels marked. */
export default function DepthChart() {
  const { t } = useTranslation('trading');
  const { pair } = useTrading();
  const book = useOrderBook(pair.coinId);
  const open = useOpenOrders(pair.coinId);
  if (!book.data) return book.isLoading ? <Spin className="md-book-loading" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('book.empty')} />;
  const orders = open.data ?? [];
  return <DepthChartView book={book.data} ownBids={ownLevels(book.data.bids, orders, 'buy')} ownAsks={ownLevels(book.data.asks, orders, 'sell')} />;
}
