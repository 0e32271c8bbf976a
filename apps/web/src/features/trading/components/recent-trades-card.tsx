import { Card, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFixed } from '@/lib/numbers';
import { usePublicTrades } from '@/market-data/api/get-public-trades';
import { useTrading } from '@/market-data/components/trading-context';

const ROWS = 14;
const pad = (n: number) => String(n).padStart(2, '0');
const clock = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** The pair's latest public trades, newest first, coloured by the taker's side. */
export function RecentTradesCard() {
  const { t } = useTranslation('trading');
  const { pair, precision, pickPrice } = useTrading();
  const trades = usePublicTrades(pair.coinId);
  return (
    <Card size="small" className="md-panel" title={t('trades.title')}>
      {trades.isLoading ? (
        <Spin className="md-book-loading" />
      ) : !trades.data?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trades.empty')} />
      ) : (
        <div className="md-book md-trades">
          <div className="md-book-head">
            <span>{t('book.price', { asset: pair.quote })}</span>
            <span>{t('book.amount', { asset: pair.base })}</span>
            <span>{t('trades.time')}</span>
          </div>
          {trades.data.slice(0, ROWS).map((trade) => (
            <button key={trade.id} type="button" className={`md-book-row md-book-${trade.side === 'buy' ? 'bid' : 'ask'}`} onClick={() => pickPrice(trade.price)}>
              <span className="md-book-price">{formatFixed(trade.price, precision.price)}</span>
              <span>{formatFixed(trade.amount, precision.amount)}</span>
              <span className="md-trades-time">{clock(trade.timestamp)}</span>
            </button>
          ))}
        </div>
      )}
    </Card>
  );
}
