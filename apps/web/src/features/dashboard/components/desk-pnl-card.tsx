import { type DeskPnl, type DeskPnlWindow, type PnlPartsDto } from '@makerdesk/contract';
import { Card, Col, Flex, Row, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PnlWindowTitle } from './pnl-window-title';
import { StatCard } from '@/components/stat-card';
import { compareDecimals, formatFixed } from '@/lib/numbers';
import { useDeskPnl } from '@/market-data/api/get-desk-pnl';
import { useTrading } from '@/market-data/components/trading-context';

const FLEX = '1 1 160px';

type Row = PnlPartsDto & { key: string; source: string; desk?: boolean };

/** '+12.50', '-3.10', '0.00' at the pair's price decimals. */
export function signedQuote(value: string, digits: number): string {
  const text = formatFixed(value, digits);
  if (/^-?[0,]*(\.0*)?$/.test(text)) return text.replace(/^-/, '');
  return compareDecimals(value, '0') > 0 ? `+${text}` : text;
}

export function toneOf(value: string | null | undefined): 'up' | 'down' | undefined {
  if (!value) return undefined;
  const s = compareDecimals(value, '0');
  return s > 0 ? 'up' : s < 0 ? 'down' : undefined;
}

/**
 * The desk's P&L on the pair (DESK.md) for a window the reader picks: the total and its parts
 * (realised, change of unrealised, fees; total = realised + unrealised − fees), P&L against holding,
 * and each bot's and the manual trading's share, whose sum is the desk's.
 */
export function DeskPnlCard() {
  const { t } = useTranslation('trading');
  const { pair, precision } = useTrading();
  const [window, setWindow] = useState<DeskPnlWindow>('today');
  const pnl = useDeskPnl(pair.coinId, window);
  const d: DeskPnl | undefined = pnl.data;
  const q = (v: string | undefined) => (v === undefined ? null : signedQuote(v, precision.price));

  const rows: Row[] = d
    ? [
        ...d.bots.map((b) => ({ key: `b${b.robotId}`, source: t('desk.bot', { id: String(b.robotId), name: b.name }), total: b.total, realised: b.realised, unrealised: b.unrealised, fees: b.fees })),
        { key: 'manual', source: t('desk.manual'), ...d.manual },
        { key: 'desk', source: t('desk.deskRow'), total: d.total, realised: d.realised, unrealised: d.unrealised, fees: d.fees, desk: true },
      ]
    : [];
  const amount = (v: string, row: Row) => <span className={`md-num${row.desk ? ' md-strong' : ''}`}>{signedQuote(v, precision.price)}</span>;

  return (
    <Card
      size="small"
      className="md-desk-pnl"
      data-testid="desk-pnl"
      data-window={d?.window}
      title={<PnlWindowTitle title={t('desk.title', { pair: pair.name })} window={window} onChange={setWindow} />}
    >
      <Flex vertical gap={12}>
        <Row gutter={[12, 12]}>
          <Col flex={FLEX}>
            <StatCard figure="desk-total" title={t('desk.total')} tooltip={t('desk.total.tooltip')} value={q(d?.total)} unit={pair.quote} tone={toneOf(d?.total)} note={t('desk.total.note')} />
          </Col>
          <Col flex={FLEX}>
            <StatCard figure="desk-realised" title={t('desk.realised')} tooltip={t('desk.realised.tooltip')} value={q(d?.realised)} unit={pair.quote} tone={toneOf(d?.realised)} />
          </Col>
          <Col flex={FLEX}>
            <StatCard
              figure="desk-unrealised"
              title={t('desk.unrealised')}
              tooltip={t('desk.unrealised.tooltip')}
              value={q(d?.unrealised)}
              unit={pair.quote}
              tone={toneOf(d?.unrealised)}
              note={d?.mid ? t('desk.mid', { mid: formatFixed(d.mid, precision.price), quote: pair.quote }) : undefined}
            />
          </Col>
          <Col flex={FLEX}>
            <StatCard
              figure="desk-fees"
              title={t('desk.fees')}
              tooltip={t('desk.fees.tooltip', { quote: pair.quote })}
              value={d ? formatFixed(d.fees, precision.price) : null}
              unit={pair.quote}
              note={d && d.unvaluedFees > 0 ? t('desk.fees.unvalued', { count: d.unvaluedFees }) : undefined}
            />
          </Col>
          <Col flex={FLEX}>
            <StatCard figure="desk-vs-hold" title={t('desk.vsHold')} tooltip={t('desk.vsHold.tooltip')} value={q(d?.vsHold)} unit={pair.quote} tone={toneOf(d?.vsHold)} />
          </Col>
        </Row>
        <Table<Row>
          size="small"
          pagination={false}
          loading={pnl.isLoading}
          dataSource={rows}
          rowClassName={(row) => (row.desk ? 'md-desk-total-row' : '')}
          columns={[
            { title: t('desk.source'), dataIndex: 'source', ellipsis: true },
            { title: t('desk.col.total', { quote: pair.quote }), dataIndex: 'total', align: 'right', render: amount },
            { title: t('desk.col.realised'), dataIndex: 'realised', align: 'right', responsive: ['md'], render: amount },
            { title: t('desk.col.unrealised'), dataIndex: 'unrealised', align: 'right', responsive: ['md'], render: amount },
            { title: t('desk.col.fees'), dataIndex: 'fees', align: 'right', responsive: ['sm'], render: (v: string, row) => <span className={`md-num${row.desk ? ' md-strong' : ''}`}>{formatFixed(v, precision.price)}</span> },
          ]}
        />
      </Flex>
    </Card>
  );
}
