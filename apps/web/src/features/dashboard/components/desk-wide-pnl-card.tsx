import { type DeskPairPnl, type DeskPnlWindow, type DeskQuoteTotal } from '@makerdesk/contract';
import { Card, Flex, Grid, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PnlWindowTitle } from './pnl-window-title';
import { quoteDigits } from '@makerdesk/format';
import { formatFixed, writtenDecimals } from '@/lib/numbers';
import { useDeskPnlAll } from '@/market-data/api/get-desk-pnl-all';
import { signedQuote, toneOf } from './desk-pnl-card';

type Figure = 'total' | 'realised' | 'unrealised' | 'fees' | 'vsHold';

interface Row {
  key: string;
  /** Decimals of the row's figures: the pair's precision, or its quote's finest among the pairs. */
  digits: number;
  label: string;
  quote: string;
  /** null: the pair's figures are unavailable. */
  figures: Record<Figure, string> | null;
  note?: string | undefined;
  warn?: boolean;
  total?: boolean;
}

/** Decimals of a pair's quote figures: its price precision at the venue (2 to 8, format's quoteDigits); without it, as many as its realised P&L and fees are written with. */
function pairDigits(p: DeskPairPnl): number {
  if (p.pricePrecision !== null) return quoteDigits(p.pricePrecision);
  return quoteDigits(Math.max(writtenDecimals(p.realised ?? '0'), writtenDecimals(p.fees ?? '0')));
}

/**
 * Decimals to show each row with: a pair at its own precision, a quote asset's total at the finest
 * precision among its pairs (so the total never shows fewer decimals than its parts).
 */
export function deskDigits(pairs: readonly DeskPairPnl[]): { pair: Map<number, number>; quote: Map<string, number> } {
  const pair = new Map<number, number>();
  const quote = new Map<string, number>();
  for (const p of pairs) {
    const digits = pairDigits(p);
    pair.set(p.coinId, digits);
    quote.set(p.quote, Math.max(quote.get(p.quote) ?? 2, digits));
  }
  return { pair, quote };
}

function figuresOf(p: DeskPairPnl | DeskQuoteTotal): Record<Figure, string> | null {
  const { total, realised, unrealised, fees, vsHold } = p;
  return total === null || realised === null || unrealised === null || fees === null || vsHold === null ? null : { total, realised, unrealised, fees, vsHold };
}

/**
 * The desk's P&L across its pairs (DESK.md "P&L", per desk) for a window the reader picks: each pair
 * it trades with its total and parts in its quote asset, a pair whose venue failed with the reason,
 * and the desk's totals per quote asset (never one number across assets).
 */
export function DeskWidePnlCard() {
  const { t } = useTranslation('trading');
  const screens = Grid.useBreakpoint();
  const narrow = !screens.sm;
  const [window, setWindow] = useState<DeskPnlWindow>('today');
  const pnl = useDeskPnlAll(window);
  const d = pnl.data;
  const digits = deskDigits(d?.pairs ?? []);

  const rows: Row[] = d
    ? [
        ...d.pairs.map((p) => ({
          key: `p${p.coinId}`,
          digits: digits.pair.get(p.coinId) ?? 2,
          label: p.coinName,
          quote: p.quote,
          figures: figuresOf(p),
          note: p.unavailable ? t('deskWide.unavailable', { reason: p.unavailable.msg }) : p.unvaluedFees > 0 ? t('desk.fees.unvalued', { count: p.unvaluedFees }) : undefined,
          warn: p.unavailable !== null,
        })),
        ...d.totals.map((x) => ({
          key: `q${x.quote}`,
          digits: digits.quote.get(x.quote) ?? 2,
          label: t('deskWide.totalRow', { quote: x.quote, count: x.pairs }),
          quote: x.quote,
          figures: figuresOf(x),
          note: x.unavailablePairs > 0 ? t('deskWide.unavailablePairs', { count: x.unavailablePairs }) : undefined,
          warn: x.unavailablePairs > 0,
          total: true,
        })),
      ]
    : [];

  const amount = (figure: Figure, signed: boolean) => (_: unknown, row: Row) => {
    if (!row.figures) return <span className="md-num">—</span>;
    const v = row.figures[figure];
    const text = signed ? signedQuote(v, row.digits) : formatFixed(v, row.digits);
    const tone = signed ? toneOf(v) : undefined;
    // Each figure with its unit (the row's quote asset) under it, so a column never mixes assets unseen.
    return (
      <Flex vertical gap={0} align="end">
        <span className={`md-num${row.total ? ' md-strong' : ''}${tone ? ` md-price-${tone === 'up' ? 'buy' : 'sell'}` : ''}`} data-figure={figure}>
          {text}
        </span>
        <Typography.Text type="secondary" className="md-desk-unit" style={{ fontSize: 11 }}>
          {row.quote}
        </Typography.Text>
      </Flex>
    );
  };

  return (
    <Card
      size="small"
      className="md-desk-wide-pnl"
      data-testid="desk-wide-pnl"
      data-window={d?.window}
      title={<PnlWindowTitle title={t('deskWide.title')} window={window} onChange={setWindow} />}
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('deskWide.note')}
        </Typography.Text>
        <Table<Row>
          size="small"
          pagination={false}
          loading={pnl.isLoading}
          dataSource={rows}
          locale={{ emptyText: t('deskWide.empty') }}
          rowClassName={(row) => (row.total ? 'md-desk-total-row' : '')}
          tableLayout="fixed"
          columns={[
            {
              title: t('deskWide.pair'),
              dataIndex: 'label',
              width: narrow ? '55%' : '24%',
              render: (label: string, row) => (
                <Flex vertical gap={0} style={{ minWidth: 0 }}>
                  <Typography.Text strong={row.total === true} style={{ wordBreak: 'break-word' }}>
                    {label}
                  </Typography.Text>
                  {narrow && row.figures ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-word' }}>
                      {t('stats.pnl.parts', { realised: `${signedQuote(row.figures.realised, row.digits)} ${row.quote}`, unrealised: `${signedQuote(row.figures.unrealised, row.digits)} ${row.quote}`, fees: `${formatFixed(row.figures.fees, row.digits)} ${row.quote}` })}
                    </Typography.Text>
                  ) : null}
                  {row.note ? (
                    <Typography.Text type={row.warn ? 'warning' : 'secondary'} style={{ fontSize: 12, wordBreak: 'break-word' }} data-testid={row.warn ? 'desk-wide-unavailable' : undefined}>
                      {row.note}
                    </Typography.Text>
                  ) : null}
                </Flex>
              ),
            },
            { title: t('deskWide.col.total'), key: 'total', align: 'right', render: amount('total', true) },
            { title: t('desk.col.realised'), key: 'realised', align: 'right', responsive: ['sm'], render: amount('realised', true) },
            { title: t('desk.col.unrealised'), key: 'unrealised', align: 'right', responsive: ['sm'], render: amount('unrealised', true) },
            { title: t('desk.col.fees'), key: 'fees', align: 'right', responsive: ['sm'], render: amount('fees', false) },
            { title: t('deskWide.col.vsHold'), key: 'vsHold', align: 'right', responsive: ['md'], render: amount('vsHold', true) },
          ]}
        />
      </Flex>
    </Card>
  );
}
