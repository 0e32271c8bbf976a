import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Empty } from 'antd';

/** A table of the orders panel: compact, ten rows a page, no toolbar, its empty state in words. */
export function OrdersTable<Row extends object>({
  rowKey,
  columns,
  rows,
  loading,
  width,
  emptyText,
}: {
  rowKey: keyof Row & string;
  columns: ProColumns<Row>[];
  rows: Row[];
  loading: boolean;
  /** The width the columns need; narrower, the table scrolls sideways. */
  width: number;
  emptyText: string;
}) {
  return (
    <ProTable<Row>
      rowKey={rowKey}
      size="small"
      className="md-orders-table"
      columns={columns}
      dataSource={rows}
      loading={loading}
      search={false}
      options={false}
      toolBarRender={false}
      cardProps={{ bodyStyle: { padding: 0 } }}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      scroll={{ x: width }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} style={{ margin: '24px 0' }} /> }}
    />
  );
}
