import { ReloadOutlined } from '@ant-design/icons';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { breakpoints, layout, type RobotDto, type RobotTypeItem } from '@makerdesk/contract';
import { Button, Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useViewportWidth } from '@/hooks/use-viewport-width';
import { useTrading } from '@/market-data/components/trading-context';
import { useRobots } from '../api/get-robots';
import { useBotPnl } from '../api/use-bot-pnl';
import { localText } from '../config-form/schema-fields';
import { FiguresSummary } from './figures-summary';
import { RobotActivityTag } from './robot-activity-tag';
import { RobotInventory, RobotLastAction, RobotOrderFlow, RobotQuote } from './robot-runtime';
import { RobotStatusSwitch } from './robot-status-switch';
import '../robots-i18n';

interface RobotListProps {
  types: RobotTypeItem[];
  onEdit: (robot: RobotDto) => void;
  onDetails: (robot: RobotDto) => void;
}

/**
 * The pair's bots: switch, activity, what each holds and does (quote, inventory, last action, last
 * hour's orders), figures, edit and details; refreshed every 5 s. A phone gets one card per bot
 * instead of the wide table, with the switch, the quote, the last action and the P&L in view.
 */
export function RobotList({ types, onEdit, onDetails }: RobotListProps) {
  const { t, i18n } = useTranslation('robots');
  const { t: tc } = useTranslation('common');
  const { pair } = useTrading();
  const robots = useRobots(pair.coinId);
  const phone = useViewportWidth(layout.resizeDebounceMs) < breakpoints.sm;
  const pnl = useBotPnl(pair.coinId);
  const nameOf = (robot: RobotDto) => {
    const type = types.find((ty) => ty.type === robot.type);
    return type ? localText({ en: type.name, zh: type.nameZh }, i18n.language) : robot.type;
  };

  const rows = [...(robots.data ?? [])].sort((a, b) => b.id - a.id);
  if (phone) return <RobotCards robots={rows} loading={robots.isLoading} nameOf={nameOf} pnl={pnl} onEdit={onEdit} onDetails={onDetails} onReload={() => void robots.refetch()} />;

  const columns: ProColumns<RobotDto>[] = [
    {
      title: t('list.type'),
      dataIndex: 'type',
      width: 190,
      render: (_, robot) => (
        <Flex vertical>
          <Typography.Text strong>{nameOf(robot)}</Typography.Text>
          <Typography.Text type="secondary">#{robot.id}</Typography.Text>
          {/* On a phone the runtime columns are off to the side: the quote and last action show under the name. */}
          <Flex vertical gap={4} className="md-robot-runtime-compact">
            <RobotQuote quote={robot.runtime.quote} obligation={robot.runtime.obligation} testId="robot-quote-compact" />
            <RobotLastAction action={robot.runtime.lastAction} testId="robot-last-action-compact" />
          </Flex>
        </Flex>
      ),
    },
    { title: t('list.description'), dataIndex: 'description', ellipsis: true, render: (_, robot) => robot.description || tc('empty.value') },
    { title: t('list.status'), dataIndex: 'status', width: 100, render: (_, robot) => <RobotStatusSwitch robot={robot} /> },
    {
      title: t('list.activity'),
      dataIndex: ['runtime', 'activity'],
      width: 130,
      render: (_, robot) => (
        <Flex vertical gap={2} align="start">
          <RobotActivityTag robot={robot} />
          <Typography.Text type="secondary" className="md-robot-small">
            {t('list.openOrders', { count: robot.runtime.openOrders })}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('runtime.quote'), dataIndex: ['runtime', 'quote'], width: 190, render: (_, robot) => <RobotQuote quote={robot.runtime.quote} obligation={robot.runtime.obligation} /> },
    { title: t('runtime.inventory'), dataIndex: ['runtime', 'inventory'], width: 150, render: (_, robot) => <RobotInventory inventory={robot.runtime.inventory} /> },
    { title: t('runtime.lastAction'), dataIndex: ['runtime', 'lastAction'], width: 240, render: (_, robot) => <RobotLastAction action={robot.runtime.lastAction} /> },
    { title: t('runtime.lastHourFlow'), dataIndex: ['runtime', 'lastHour'], width: 170, render: (_, robot) => <RobotOrderFlow runtime={robot.runtime} /> },
    { title: t('list.lastHour'), dataIndex: ['figures', 'lastHour'], width: 190, render: (_, robot) => <FiguresSummary figures={robot.figures.lastHour} totalPnl={pnl.lastHour(robot.id)} /> },
    { title: t('list.today'), dataIndex: ['figures', 'today'], width: 190, render: (_, robot) => <FiguresSummary figures={robot.figures.today} totalPnl={pnl.today(robot.id)} /> },
    {
      title: t('list.actions'),
      valueType: 'option',
      width: 120,
      render: (_, robot) => [
        <Typography.Link key="edit" onClick={() => onEdit(robot)}>
          {t('list.edit')}
        </Typography.Link>,
        <Typography.Link key="details" onClick={() => onDetails(robot)}>
          {t('list.details')}
        </Typography.Link>,
      ],
    },
  ];

  return (
    <ProTable<RobotDto>
      rowKey="id"
      size="small"
      className="md-robot-list"
      headerTitle={t('list.title', { pair: pair.name })}
      columns={columns}
      dataSource={rows}
      loading={robots.isLoading}
      search={false}
      options={{ reload: () => void robots.refetch(), density: false, setting: false, fullScreen: false }}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 1850 }}
      locale={{ emptyText: t('list.empty') }}
    />
  );
}

interface RobotCardsProps extends Omit<RobotListProps, 'types'> {
  robots: RobotDto[];
  loading: boolean;
  nameOf: (robot: RobotDto) => string;
  pnl: ReturnType<typeof useBotPnl>;
  onReload: () => void;
}

/** The phone's bot list: per bot its name and id, switch, activity and open orders, then today's and the last hour's figures. */
function RobotCards({ robots, loading, nameOf, pnl, onEdit, onDetails, onReload }: RobotCardsProps) {
  const { t } = useTranslation('robots');
  const { pair } = useTrading();
  return (
    <Card
      size="small"
      className="md-robot-list md-robot-cards"
      loading={loading}
      title={t('list.title', { pair: pair.name })}
      extra={<Button type="text" size="small" icon={<ReloadOutlined />} aria-label={t('list.reload')} onClick={onReload} />}
    >
      {robots.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />
      ) : (
        <Flex vertical gap={12}>
          {robots.map((robot) => (
            <div key={robot.id} className="md-robot-card" data-robot-id={robot.id}>
              <Flex justify="space-between" align="start" gap={8}>
                <Flex vertical style={{ minWidth: 0 }}>
                  <Typography.Text strong ellipsis>
                    {nameOf(robot)} <Typography.Text type="secondary">#{robot.id}</Typography.Text>
                  </Typography.Text>
                  <Flex gap={8} align="center" wrap>
                    <RobotActivityTag robot={robot} />
                    <Typography.Text type="secondary" className="md-robot-small">
                      {t('list.openOrders', { count: robot.runtime.openOrders })}
                    </Typography.Text>
                  </Flex>
                </Flex>
                <RobotStatusSwitch robot={robot} />
              </Flex>
              <Flex vertical gap={4}>
                <RobotQuote quote={robot.runtime.quote} obligation={robot.runtime.obligation} testId="robot-quote-compact" />
                <RobotLastAction action={robot.runtime.lastAction} testId="robot-last-action-compact" />
              </Flex>
              <Flex gap={12} className="md-robot-card-figures">
                <div>
                  <Typography.Text type="secondary" className="md-robot-small">
                    {t('list.today')}
                  </Typography.Text>
                  <FiguresSummary figures={robot.figures.today} totalPnl={pnl.today(robot.id)} />
                </div>
                <div>
                  <Typography.Text type="secondary" className="md-robot-small">
                    {t('list.lastHour')}
                  </Typography.Text>
                  <FiguresSummary figures={robot.figures.lastHour} totalPnl={pnl.lastHour(robot.id)} />
                </div>
              </Flex>
              <Flex gap={16}>
                <Typography.Link onClick={() => onEdit(robot)}>{t('list.edit')}</Typography.Link>
                <Typography.Link onClick={() => onDetails(robot)}>{t('list.details')}</Typography.Link>
              </Flex>
            </div>
          ))}
        </Flex>
      )}
    </Card>
  );
}
