import { ProCard } from '@ant-design/pro-components';
import type { RobotTypeItem } from '@makerdesk/contract';
import { Empty, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRobots } from '../api/get-robots';
import { useRobotTypes } from '../api/get-robot-types';
import { localText } from '../config-form/schema-fields';
import { RobotActivityTag } from './robot-activity-tag';
import { RobotStatusSwitch } from './robot-status-switch';
import '../robots.css';
import '../robots-i18n';

/**
 * The Risk control screen's monitors: the pair's bots of the risk-control category (balance and price
 * monitors, balance reports, emergency stop guards), each with its switch and activity. They are
 * deployed on the Bot deployment screen like every bot.
 */
export function MonitorsCard({ coinId }: { coinId: number }) {
  const { t, i18n } = useTranslation('robots');
  const robots = useRobots(coinId);
  const types = useRobotTypes(coinId);
  const riskTypes = (types.data ?? []).filter((type: RobotTypeItem) => type.category === 'risk_control');
  const monitors = (robots.data ?? []).filter((robot) => riskTypes.some((type) => type.type === robot.type));
  const nameOf = (type: string) => {
    const found = riskTypes.find((ty) => ty.type === type);
    return found ? localText({ en: found.name, zh: found.nameZh }, i18n.language) : type;
  };

  return (
    <ProCard
      title={t('monitors.title')}
      loading={robots.isLoading || types.isLoading}
      extra={<Link to="/robot">{t('monitors.add')}</Link>}
      data-testid="monitors-card"
    >
      {monitors.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitors.empty')} />
      ) : (
        <List
          size="small"
          dataSource={monitors}
          rowKey="id"
          renderItem={(robot) => (
            <List.Item className="md-monitor" data-robot-id={robot.id} extra={<RobotStatusSwitch robot={robot} />}>
              <Flex vertical gap={4}>
                <Flex gap={8} align="center" wrap>
                  <Typography.Text strong>
                    #{robot.id} {nameOf(robot.type)}
                  </Typography.Text>
                  <RobotActivityTag robot={robot} />
                </Flex>
                {robot.description && <Typography.Text type="secondary">{robot.description}</Typography.Text>}
                {robot.status === 'stopped' && robot.stopReason && <Typography.Text type="secondary">{robot.stopReason}</Typography.Text>}
              </Flex>
            </List.Item>
          )}
        />
      )}
    </ProCard>
  );
}
