import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenOrders } from '@/market-data/api/get-open-orders';
import { useOrderBook } from '@/market-data/api/get-order-book';
import { useOtherBook } from '@/market-data/api/get-other-book';
import { usePrice } from '@/market-data/api/get-price';
import { BookLadder } from './book-ladder';
import { useTrading } from '@/market-data/components/trading-context';

type BookTab = 'book' | 'other';

/** The pair's order book (click a price to use it in the order forms) and, in a tab, the reference venue's ("Reference book", the spec's other-side order book). */
export function OrderBookCard() {
  const { t } = useTranslation('trading');
  const { pair, pickPrice } = useTrading();
  const [tab, setTab] = useState<BookTab>('book');
  const book = useOrderBook(pair.coinId);
  const other = useOtherBook(pair.coinId, tab === 'other');
  const price = usePrice(pair.coinId);
  const open = useOpenOrders(pair.coinId);
  return (
    <Card
      size="small"
      className="md-panel"
      activeTabKey={tab}
      onTabChange={(key) => setTab(key as BookTab)}
      tabList={[
        { key: 'book', label: t('book.title') },
        {
          key: 'other',
          // The reference venue's book, with the spec's name for it beside the label.
          label: (
            <span className="md-book-reference-tab" title={t('book.other.specName')}>
              {t('book.other')}{' '}
              <Typography.Text type="secondary" className="md-book-spec-name">
                ({t('book.other.specName')})
              </Typography.Text>
            </span>
          ),
        },
      ]}
      tabProps={{ size: 'small' }}
    >
      {tab === 'book' ? (
        <BookLadder book={book.data} loading={book.isLoading} last={price.data?.last} onPick={pickPrice} ownOrders={open.data} />
      ) : (
        <>
          <Typography.Text type="secondary" className="md-panel-note">
            {t('book.other.note')}
          </Typography.Text>
          <BookLadder book={other.data} loading={other.isLoading} last={price.data?.reference} />
        </>
      )}
    </Card>
  );
}
