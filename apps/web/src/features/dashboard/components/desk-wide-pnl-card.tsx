import { type DeskPairPnl, type DeskPnlWindow, type DeskQuoteTotal } from '@makerdesk/contract';
import { Card, Flex, Grid, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PnlWindowTitle } from './pnl-window-title';
import { formatFixed, writtenDecimals } from '@/lib/numbers';
import { useDeskPnlAll } from '@/market-data/api/get-desk-pnl-all';
import { signedQuote, toneOf } from './desk-pnl-card';

type Figure = 'total' | 'realised' | 'unrealised' | 'fees' | 'vsHold';

interface Row {
  key: string;
  label: string;
  quote: string;
  /** null: the pair's figures are unavailable. */
  figures: Record<Figure, string> | null;
  note?: string | undefined;
  warn?: boolean;
  total?: boolean;
}

/**
 * Decimals to show a quote asset's figures with: as many as its realised P&L and fees are written
 * with (they come from the fills' prices and amounts), at least 2 and at most 8.
 */
export function quoteDigits(pairs: readonly DeskPairPnl[]): Map<string, number> {
  const digits = new Map<string, number>();
  for (const p of pairs) {
    const written = Math.max(writtenDecimals(p.realised ?? '0'), writtenDecimals(p.fees ?? '0'));
    digits.set(p.quote, Math.min(8, Math.max(2, digits.get(p.quote) ?? 2, written)));
  }
  return digits;
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
  const digits = quoteDigits(d?.pairs ?? []);
  const dp = (quote: string) => digits.get(quote) ?? 2;

  const rows: Row[] = d
    ? [
        ...d.pairs.map((p) => ({
          key: `p${p.coinId}`,
          label: p.coinName,
          quote: p.quote,
          figures: figuresOf(p),
          note: p.unavailable ? t('deskWide.unavailable', { reason: p.unavailable.msg }) : p.unvaluedFees > 0 ? t('desk.fees.unvalued', { count: p.unvaluedFees }) : undefined,
          warn: p.unavailable !== null,
        })),
        ...d.totals.map((x) => ({
          key: `q${x.quote}`,
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
    const text = signed ? signedQuote(v, dp(row.quote)) : formatFixed(v, dp(row.quote));
    const tone = signed ? toneOf(v) : undefined;
    return (
      <span className={`md-num${row.total ? ' md-strong' : ''}${tone ? ` md-price-${tone === 'up' ? 'buy' : 'sell'}` : ''}`} data-figure={figure}>
        {text}
      </span>
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
                      {t('stats.pnl.parts', { realised: signedQuote(row.figures.realised, dp(row.quote)), unrealised: signedQuote(row.figures.unrealised, dp(row.quote)), fees: formatFixed(row.figures.fees, dp(row.quote)) })}
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
            { title: t('deskWide.col.total'), key: 'total', align: 'right', render: (v: unknown, row) => <Flex vertical gap={0} align="end">{amount('total', true)(v, row)}<Typography.Text type="secondary" style={{ fontSize: 11 }}>{row.quote}</Typography.Text></Flex> },
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
