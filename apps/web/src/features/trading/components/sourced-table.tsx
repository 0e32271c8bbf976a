import type { ProColumns } from '@ant-design/pro-components';
import type { OrderSource } from '@makerdesk/contract';
import { add } from '@makerdesk/format';
import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFixed } from '@/lib/numbers';
import { useTrading } from '@/market-data/components/trading-context';
import { filterBySource, groupBySource, type SourceFilter, type SourceGroup } from '../utils/order-source';
import { OrdersTable } from './orders-table';
import { SourceTag } from './source-tag';
import { SourceToolbar } from './source-toolbar';

interface SourcedTableProps<Row extends { source: OrderSource }> {
  rowKey: keyof Row & string;
  columns: ProColumns<Row>[];
  rows: Row[];
  loading: boolean;
  width: number;
  emptyText: string;
  /** A row's amount in the base asset and its value in the quote asset (null: none), for the groups' subtotals. */
  amountOf: (row: Row) => string;
  valueOf: (row: Row) => string | null;
  /** What the groups count: orders or fills. */
  countLabel: string;
}

/**
 * An order or fill table with its source filter and, switched on, its rows grouped by source: one
 * line per bot, manual and other with the count and the amount and value summed; a line opens to its
 * rows (with their actions, e.g. cancel).
 */
export function SourcedTable<Row extends { source: OrderSource }>({ rowKey, columns, rows, loading, width, emptyText, amountOf, valueOf, countLabel }: SourcedTableProps<Row>) {
  const { t } = useTranslation('trading');
  const { pair, precision } = useTrading();
  const [filter, setFilter] = useState<SourceFilter>('all');
  const [grouped, setGrouped] = useState(false);
  const shown = filterBySource(rows, filter);
  const groups = grouped ? groupBySource(shown, amountOf, valueOf) : [];
  const total = groups.reduce<{ count: number; amount: string; value: string | null }>(
    (sum, g) => ({ count: sum.count + g.count, amount: add(sum.amount, g.amount), value: sum.value === null || g.value === null ? null : add(sum.value, g.value) }),
    { count: 0, amount: '0', value: '0' },
  );
  return (
    <div className="md-sourced-table">
      <SourceToolbar rows={rows} filter={filter} onFilter={setFilter} grouped={grouped} onGrouped={setGrouped} />
      {grouped ? (
        <Table<SourceGroup<Row>>
          size="small"
          rowKey="key"
          className="md-source-groups"
          dataSource={groups}
          loading={loading}
          pagination={false}
          scroll={{ x: 520 }}
          locale={{ emptyText }}
          expandable={{
            expandedRowRender: (group) => (
              <OrdersTable<Row> rowKey={rowKey} columns={columns} rows={group.rows} loading={false} width={width} emptyText={emptyText} />
            ),
          }}
          columns={[
            { title: t('source.title'), key: 'source', render: (_, g) => <SourceTag source={g.source} /> },
            { title: countLabel, dataIndex: 'count', align: 'right', width: 90 },
            { title: t('source.group.amount', { asset: pair.base }), key: 'amount', align: 'right', render: (_, g) => formatFixed(g.amount, precision.amount) },
            {
              title: t('source.group.value', { asset: pair.quote }),
              key: 'value',
              align: 'right',
              render: (_, g) => (g.value === null ? '—' : formatFixed(g.value, precision.price)),
            },
          ]}
          summary={() =>
            groups.length > 1 ? (
              <Table.Summary.Row className="md-source-groups-total">
                <Table.Summary.Cell index={0} />
                <Table.Summary.Cell index={1}>{t('source.group.total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {total.count}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {formatFixed(total.amount, precision.amount)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {total.value === null ? '—' : formatFixed(total.value, precision.price)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      ) : (
        <OrdersTable<Row> rowKey={rowKey} columns={columns} rows={shown} loading={loading} width={width} emptyText={emptyText} />
      )}
    </div>
  );
}
