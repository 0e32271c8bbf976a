import { ProCard } from '@ant-design/pro-components';
import type { RobotTypeItem } from '@makerdesk/contract';
import { Empty, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useTrading } from '@/market-data/components/trading-context';
import { useRobots } from '../api/get-robots';
import { useRobotTypes } from '../api/get-robot-types';
import { useBotPnl } from '../api/use-bot-pnl';
import { localText } from '../config-form/schema-fields';
import { FiguresSummary } from './figures-summary';
import { RobotActivityTag } from './robot-activity-tag';
import '../robots.css';
import '../robots-i18n';

/** The control panel's running bots: each one's activity and its last hour and today figures, refreshed every 5 s. */
export function RunningBotsCard() {
  const { t, i18n } = useTranslation('robots');
  const { pair } = useTrading();
  const robots = useRobots(pair.coinId);
  const types = useRobotTypes(pair.coinId);
  const pnl = useBotPnl(pair.coinId);
  const running = (robots.data ?? []).filter((r) => r.status === 'running');
  const nameOf = (type: string) => {
    const found = types.data?.find((ty: RobotTypeItem) => ty.type === type);
    return found ? localText({ en: found.name, zh: found.nameZh }, i18n.language) : type;
  };

  return (
    <ProCard
      title={t('running.title')}
      className="md-running-bots"
      loading={robots.isLoading}
      extra={robots.data && <Typography.Text type="secondary">{t('running.count', { running: String(running.length), total: String(robots.data.length) })}</Typography.Text>}
    >
      {running.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('running.empty')}>
          <Link to="/robot">{t('running.deploy')}</Link>
        </Empty>
      ) : (
        <List
          size="small"
          dataSource={running}
          rowKey="id"
          renderItem={(robot) => (
            <List.Item className="md-running-bot">
              <Flex vertical gap={6} style={{ width: '100%' }}>
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text strong ellipsis>
                    #{robot.id} {nameOf(robot.type)}
                  </Typography.Text>
                  <RobotActivityTag robot={robot} />
                </Flex>
                {robot.description && (
                  <Typography.Text type="secondary" ellipsis>
                    {robot.description}
                  </Typography.Text>
                )}
                <Flex gap={16}>
                  <div className="md-running-window">
                    <Typography.Text type="secondary">{t('list.lastHour')}</Typography.Text>
                    <FiguresSummary figures={robot.figures.lastHour} totalPnl={pnl.lastHour(robot.id)} />
                  </div>
                  <div className="md-running-window">
                    <Typography.Text type="secondary">{t('list.today')}</Typography.Text>
                    <FiguresSummary figures={robot.figures.today} totalPnl={pnl.today(robot.id)} />
                  </div>
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </ProCard>
  );
}
