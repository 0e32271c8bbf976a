import { tradingLogLevels, type TradingLog } from '@makerdesk/contract';
import { ProCard } from '@ant-design/pro-components';
import { Flex, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-time';
import { useRobots } from '../api/get-robots';
import { useRobotTypes } from '../api/get-robot-types';
import { useTradingLogs } from '../api/get-trading-logs';
import { localText } from '../config-form/schema-fields';
import { LogLevelTag } from './log-level-tag';
import '../robots-i18n';

type Level = (typeof tradingLogLevels)[number];

/** The pair's trading log (GET /tradingLog/list): paged, newest first, filtered by bot and level, refreshed every 5 s. */
export function TradingLogTable({ coinId }: { coinId: number }) {
  const { t, i18n } = useTranslation('robots');
  const [robotId, setRobotId] = useState<number | undefined>();
  const [level, setLevel] = useState<Level | undefined>();
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const logs = useTradingLogs({ coinId, robotId, level, ...page });
  const robots = useRobots(coinId);
  const types = useRobotTypes(coinId);
  const nameOf = (robotId: number | null) => {
    if (robotId === null) return t('log.manual');
    const robot = robots.data?.find((r) => r.id === robotId);
    const type = robot && types.data?.find((ty) => ty.type === robot.type);
    return type ? `#${robotId} ${localText({ en: type.name, zh: type.nameZh }, i18n.language)}` : `#${robotId}`;
  };
  const filter = <T,>(set: (v: T) => void) => (value: T) => {
    set(value);
    setPage((p) => ({ ...p, current: 1 }));
  };

  return (
    <ProCard
      title={t('log.title')}
      className="md-robot-log"
      extra={
        <Flex gap={8} wrap>
          <Select<number | undefined>
            aria-label={t('log.bot')}
            allowClear
            placeholder={t('log.allBots')}
            value={robotId}
            onChange={filter(setRobotId)}
            style={{ minWidth: 180 }}
            options={(robots.data ?? []).map((r) => ({ value: r.id, label: nameOf(r.id) }))}
          />
          <Select<Level | undefined>
            aria-label={t('log.level')}
            allowClear
            placeholder={t('log.allLevels')}
            value={level}
            onChange={filter(setLevel)}
            style={{ minWidth: 140 }}
            options={tradingLogLevels.map((l) => ({ value: l, label: t(`log.level.${l}`) }))}
          />
        </Flex>
      }
    >
      <Table<TradingLog>
        rowKey="id"
        size="small"
        loading={logs.isLoading}
        dataSource={logs.data?.list ?? []}
        locale={{ emptyText: t('log.empty') }}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: logs.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        scroll={{ x: 720 }}
        columns={[
          { title: t('log.time'), dataIndex: 'createdAt', width: 170, render: (_, log) => formatDateTime(log.createdAt) },
          { title: t('log.level'), dataIndex: 'level', width: 90, render: (_, log) => <LogLevelTag level={log.level} /> },
          { title: t('log.bot'), dataIndex: 'robotId', width: 200, render: (_, log) => nameOf(log.robotId) },
          { title: t('log.message'), dataIndex: 'message', render: (_, log) => <Typography.Text>{log.message}</Typography.Text> },
        ]}
      />
    </ProCard>
  );
}
