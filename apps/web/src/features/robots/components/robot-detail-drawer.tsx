import type { OrderDto, RobotFill, RobotJournalOrder, RobotTypeItem, TradingLog } from '@makerdesk/contract';
import { Descriptions, Drawer, Flex, List, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-time';
import { formatFixed } from '@/lib/numbers';
import { useTrading } from '@/market-data/components/trading-context';
import { useRobotDetail } from '../api/get-robot-detail';
import { localText } from '../config-form/schema-fields';
import { ConfigSummary } from './config-summary';
import { FiguresTable } from './figures-table';
import { LogLevelTag } from './log-level-tag';
import { RobotActivityTag } from './robot-activity-tag';
import { RobotInventory, RobotLastAction, RobotOrderFlow, RobotQuote } from './robot-runtime';
import '../robots-i18n';

interface RobotDetailDrawerProps {
  robotId: number | null;
  types: RobotTypeItem[];
  onClose: () => void;
}

/** One bot: how it runs, its config, its figures for the three windows, its open orders and its log. */
export function RobotDetailDrawer({ robotId, types, onClose }: RobotDetailDrawerProps) {
  const { t, i18n } = useTranslation('robots');
  const { t: tt } = useTranslation('trading');
  const { t: tc } = useTranslation('common');
  const { pair, precision } = useTrading();
  const detail = useRobotDetail(robotId);
  const robot = detail.data;
  const type = robot && types.find((ty) => ty.type === robot.type);
  // A risk-control bot places no orders: no price mode, no figures, no open orders to show.
  const watcher = type?.category === 'risk_control';
  const name = type ? localText({ en: type.name, zh: type.nameZh }, i18n.language) : (robot?.type ?? '');
  const when = (ms: number | null) => (ms === null ? tc('empty.value') : formatDateTime(ms));

  return (
    <Drawer
      open={robotId !== null}
      onClose={onClose}
      width={860}
      title={robot ? t('detail.title', { id: String(robot.id), name }) : tc('empty.value')}
      className="md-robot-drawer"
      destroyOnClose
    >
      {!robot ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={24}>
          <section>
            <Typography.Title level={5}>{t('detail.run')}</Typography.Title>
            <Descriptions
              size="small"
              bordered
              column={2}
              items={[
                { key: 'status', label: t('list.status'), children: <Tag color={robot.status === 'running' ? 'green' : 'default'}>{t(robot.status === 'running' ? 'form.switch.on' : 'form.switch.off')}</Tag> },
                { key: 'activity', label: t('list.activity'), children: <RobotActivityTag robot={robot} /> },
                { key: 'start', label: t('form.startMode'), children: robot.startMode === 'scheduled' && robot.startAt ? `${t('form.startMode.scheduled')} · ${formatDateTime(robot.startAt)}` : t('form.startMode.now') },
                ...(watcher
                  ? []
                  : [
                      { key: 'price', label: t('form.priceMode'), children: t(`form.priceMode.${robot.priceMode}`) },
                      { key: 'orders', label: t('detail.openOrders'), children: robot.runtime.openOrders },
                    ]),
                { key: 'last', label: t('detail.lastTick'), children: when(robot.runtime.lastTickAt) },
                { key: 'created', label: t('detail.created'), children: formatDateTime(robot.createdAt) },
                { key: 'updated', label: t('detail.updated'), children: formatDateTime(robot.updatedAt) },
                { key: 'description', label: t('form.description'), span: 2, children: robot.description || tc('empty.value') },
                ...(robot.stopReason ? [{ key: 'reason', label: t('detail.stopReason'), span: 2, children: robot.stopReason }] : []),
              ]}
            />
          </section>
          {!watcher && (
            <section data-testid="robot-drawer-runtime">
              <Typography.Title level={5}>{t('runtime.title')}</Typography.Title>
              <Descriptions
                size="small"
                bordered
                column={2}
                items={[
                  { key: 'quote', label: t('runtime.quote'), children: <RobotQuote quote={robot.runtime.quote} obligation={robot.runtime.obligation} /> },
                  { key: 'inventory', label: t('runtime.inventory'), children: <RobotInventory inventory={robot.runtime.inventory} /> },
                  { key: 'action', label: t('runtime.lastAction'), children: <RobotLastAction action={robot.runtime.lastAction} /> },
                  { key: 'flow', label: t('runtime.lastHourFlow'), children: <RobotOrderFlow runtime={robot.runtime} /> },
                ]}
              />
            </section>
          )}
          <section>
            <Typography.Title level={5}>{t('detail.config')}</Typography.Title>
            <ConfigSummary schema={type?.schema} config={robot.config} base={pair.base} quote={pair.quote} />
          </section>
          {!watcher && (
            <section>
              <Typography.Title level={5}>{t('detail.figures')}</Typography.Title>
              <FiguresTable figures={robot.figures} />
            </section>
          )}
          {!watcher && (
            <section>
              <Typography.Title level={5}>
                {t('detail.openOrders')} ({robot.openOrders.length})
              </Typography.Title>
              <Table<OrderDto>
                size="small"
                rowKey="orderNo"
                className="md-robot-orders"
                dataSource={robot.openOrders}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                locale={{ emptyText: t('detail.noOrders') }}
                columns={[
                  { title: tt('orders.time'), dataIndex: 'createdAt', render: (_, o) => formatDateTime(o.createdAt) },
                  { title: tt('orders.side'), dataIndex: 'direction', render: (_, o) => <Tag color={o.direction === 'buy' ? 'green' : 'red'}>{tt(`side.${o.direction}`)}</Tag> },
                  { title: tt('orders.price', { asset: pair.quote }), dataIndex: 'price', align: 'right', render: (_, o) => (o.price === null ? tc('empty.value') : formatFixed(o.price, precision.price)) },
                  { title: tt('orders.amount', { asset: pair.base }), dataIndex: 'amount', align: 'right', render: (_, o) => formatFixed(o.amount, precision.amount) },
                  { title: tt('orders.filled', { asset: pair.base }), dataIndex: 'filledAmount', align: 'right', render: (_, o) => formatFixed(o.filledAmount, precision.amount) },
                ]}
              />
            </section>
          )}
          {!watcher && (
            <section data-testid="robot-recent-orders">
              <Typography.Title level={5}>{t('detail.recentOrders')}</Typography.Title>
              <Table<RobotJournalOrder>
                size="small"
                rowKey="clientOrderId"
                className="md-robot-orders"
                dataSource={robot.recentOrders}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                scroll={{ x: 640 }}
                locale={{ emptyText: t('detail.noRecentOrders') }}
                columns={[
                  { title: tt('orders.time'), dataIndex: 'createdAt', render: (_, o) => formatDateTime(o.createdAt) },
                  { title: tt('orders.side'), dataIndex: 'side', render: (_, o) => <Tag color={o.side === 'buy' ? 'green' : 'red'}>{tt(`side.${o.side}`)}</Tag> },
                  { title: tt('orders.price', { asset: pair.quote }), dataIndex: 'price', align: 'right', render: (_, o) => formatFixed(o.price, precision.price) },
                  { title: tt('orders.amount', { asset: pair.base }), dataIndex: 'amount', align: 'right', render: (_, o) => formatFixed(o.amount, precision.amount) },
                  { title: tt('orders.filled', { asset: pair.base }), dataIndex: 'filledAmount', align: 'right', render: (_, o) => formatFixed(o.filledAmount, precision.amount) },
                  { title: t('detail.orderState'), dataIndex: 'state', render: (_, o) => t(`detail.state.${o.state}`) },
                ]}
              />
            </section>
          )}
          {!watcher && (
            <section data-testid="robot-recent-fills">
              <Typography.Title level={5}>{t('detail.recentFills')}</Typography.Title>
              <Table<RobotFill>
                size="small"
                rowKey={(f) => `${f.clientOrderId}-${f.at}-${f.amount}`}
                className="md-robot-orders"
                dataSource={robot.recentFills}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                scroll={{ x: 640 }}
                locale={{ emptyText: t('detail.noFills') }}
                columns={[
                  { title: tt('orders.time'), dataIndex: 'at', render: (_, f) => formatDateTime(f.at) },
                  { title: tt('orders.side'), dataIndex: 'side', render: (_, f) => <Tag color={f.side === 'buy' ? 'green' : 'red'}>{tt(`side.${f.side}`)}</Tag> },
                  { title: tt('orders.price', { asset: pair.quote }), dataIndex: 'price', align: 'right', render: (_, f) => formatFixed(f.price, precision.price) },
                  { title: tt('orders.amount', { asset: pair.base }), dataIndex: 'amount', align: 'right', render: (_, f) => formatFixed(f.amount, precision.amount) },
                  { title: t('detail.fee', { asset: pair.quote }), dataIndex: 'fee', align: 'right', render: (_, f) => formatFixed(f.fee, precision.price + 2) },
                ]}
              />
            </section>
          )}
          <section>
            <Typography.Title level={5}>{t('detail.log')}</Typography.Title>
            <List<TradingLog>
              size="small"
              bordered
              dataSource={robot.recentLogs}
              locale={{ emptyText: t('detail.noLog') }}
              renderItem={(log) => (
                <List.Item>
                  <Flex gap={8} align="baseline">
                    <Typography.Text type="secondary" className="md-robot-log-time">
                      {formatDateTime(log.createdAt)}
                    </Typography.Text>
                    <LogLevelTag level={log.level} />
                    <span>{log.message}</span>
                  </Flex>
                </List.Item>
              )}
            />
          </section>
        </Flex>
      )}
    </Drawer>
  );
}
