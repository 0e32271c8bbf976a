import { Empty } from 'antd';

/** The empty state of the order tables. */
export function OrdersEmpty({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} style={{ margin: '24px 0' }} />;
}
