import { ProTable, type ProColumns } from '@ant-design/pro-components';
import type { LoginLog } from '@makerdesk/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-time';
import { useLoginLogsTableRequest } from '../api/get-login-logs';

/** Log management: every sign-in with its time, IP, sign-out time and browser. */
export function LoginLogTable() {
  const { t } = useTranslation('loginLogs');
  const { t: tc } = useTranslation('common');
  const request = useLoginLogsTableRequest();
  const missing = <Typography.Text type="secondary">{tc('empty.value')}</Typography.Text>;

  const columns: ProColumns<LoginLog>[] = [
    { title: t('column.account'), dataIndex: 'account', width: 240 },
    {
      title: t('column.loginTime'),
      dataIndex: 'loginTime',
      hideInSearch: true,
      width: 180,
      render: (_, log) => formatDateTime(log.loginTime),
    },
    {
      title: t('column.loginIp'),
      dataIndex: 'loginIp',
      hideInSearch: true,
      width: 150,
      render: (_, log) => <Typography.Text code>{log.loginIp}</Typography.Text>,
    },
    {
      title: t('column.logoutTime'),
      dataIndex: 'logoutTime',
      hideInSearch: true,
      width: 180,
      render: (_, log) => (log.logoutTime === null ? missing : formatDateTime(log.logoutTime)),
    },
    {
      title: t('column.userAgent'),
      dataIndex: 'userAgent',
      hideInSearch: true,
      ellipsis: true,
      render: (_, log) => log.userAgent ?? missing,
    },
  ];

  return (
    <ProTable<LoginLog>
      rowKey="id"
      headerTitle={t('table.title')}
      columns={columns}
      request={request}
      search={{ labelWidth: 'auto' }}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      options={{ density: true, reload: true, setting: true, fullScreen: false }}
      scroll={{ x: 1000 }}
    />
  );
}
