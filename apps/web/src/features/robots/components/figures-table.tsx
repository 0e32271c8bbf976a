import type { RobotDto, RobotFigures } from '@makerdesk/contract';
import { Table, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFixed } from '@/lib/numbers';
import { useTrading } from '@/market-data/components/trading-context';
import { formatUptime, signedAmount } from '../utils/figures';
import '../robots-i18n';

type Windows = RobotDto['figures'];
type Row = { key: string; label: ReactNode } & Record<keyof Windows, ReactNode>;

/** Every figure of the three windows side by side (last hour, today, all time), formatted at the pair's decimals. */
export function FiguresTable({ figures }: { figures: Windows }) {
  const { t } = useTranslation('robots');
  const { t: tc } = useTranslation('common');
  const { pair, precision } = useTrading();
  const none = tc('empty.value');
  const base = (v: string | null) => (v === null ? none : formatFixed(v, precision.amount));
  const quote = (v: string | null) => (v === null ? none : formatFixed(v, precision.price));
  const signed = (v: string | null, digits: number) => {
    if (v === null) return none;
    const { text, tone } = signedAmount(v, digits);
    return <span className={tone ? `md-price-${tone === 'up' ? 'buy' : 'sell'}` : undefined}>{text}</span>;
  };

  const lines: [string, ReactNode, (f: RobotFigures) => ReactNode][] = [
    ['ordersPlaced', t('figures.ordersPlaced'), (f) => f.ordersPlaced],
    ['ordersFilled', t('figures.ordersFilled'), (f) => f.ordersFilled],
    ['ordersCanceled', t('figures.ordersCanceled'), (f) => f.ordersCanceled],
    ['tradeCount', t('figures.tradeCount'), (f) => f.tradeCount],
    ['baseVolume', t('figures.baseVolume', { asset: pair.base }), (f) => base(f.baseVolume)],
    ['quoteVolume', t('figures.quoteVolume', { asset: pair.quote }), (f) => quote(f.quoteVolume)],
    ['fees', t('figures.fees', { asset: pair.quote }), (f) => quote(f.fees)],
    ['inventoryBase', t('figures.inventoryBase', { asset: pair.base }), (f) => signed(f.inventoryChange.base, precision.amount)],
    ['inventoryQuote', t('figures.inventoryQuote', { asset: pair.quote }), (f) => signed(f.inventoryChange.quote, precision.price)],
    ['averageCost', t('figures.averageCost', { asset: pair.quote }), (f) => quote(f.averageCost)],
    ['realizedPnl', t('figures.realizedPnl', { asset: pair.quote }), (f) => signed(f.realizedPnl, precision.price)],
    ['unrealizedPnl', t('figures.unrealizedPnl', { asset: pair.quote }), (f) => signed(f.unrealizedPnl, precision.price)],
    [
      'pnlVsHold',
      <Tooltip key="hold" title={t('figures.pnlVsHold.tooltip')}>
        <span className="md-robot-dotted">{t('figures.pnlVsHold', { asset: pair.quote })}</span>
      </Tooltip>,
      (f) => signed(f.pnlVsHold, precision.price),
    ],
    ['uptime', t('figures.uptime'), (f) => formatUptime(f.uptimeMs)],
  ];
  const rows: Row[] = lines.map(([key, label, value]) => ({
    key,
    label,
    lastHour: value(figures.lastHour),
    today: value(figures.today),
    allTime: value(figures.allTime),
  }));

  return (
    <Table<Row>
      size="small"
      pagination={false}
      className="md-robot-figures-table"
      dataSource={rows}
      columns={[
        { title: t('figures.window'), dataIndex: 'label' },
        { title: t('figures.lastHour'), dataIndex: 'lastHour', align: 'right' },
        { title: t('figures.today'), dataIndex: 'today', align: 'right' },
        { title: t('figures.allTime'), dataIndex: 'allTime', align: 'right' },
      ]}
    />
  );
}
