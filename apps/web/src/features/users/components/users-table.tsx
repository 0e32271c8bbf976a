import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { MAIN_ACCOUNT, type AdminUser } from '@makerdesk/contract';
import { App, Button, Popconfirm, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-time';
import { useDeleteAdmin } from '../api/delete-admin';
import { useAdminsTableRequest } from '../api/get-admins';
import { AddUserModal } from './add-user-modal';
import { EditUserModal } from './edit-user-modal';
import { roleLabel } from './role-options';

interface UsersTableProps {
  /** Opens the pair bindings of a sub-account. */
  onManagePairs: (user: AdminUser) => void;
}

/** Backend settings: the accounts of the desk, with add, edit and delete (main account only). */
export function UsersTable({ onManagePairs }: UsersTableProps) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const tableRef = useRef<ActionType>(undefined);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const request = useAdminsTableRequest();
  const deleteAdmin = useDeleteAdmin();
  const reload = () => void tableRef.current?.reload();

  const remove = (user: AdminUser) =>
    deleteAdmin.mutateAsync(user.id).then(() => {
      void message.success(t('delete.success'));
      reload();
    });

  const columns: ProColumns<AdminUser>[] = [
    {
      title: t('column.account'),
      dataIndex: 'account',
      render: (_, user) => (
        <>
          <Typography.Text copyable={{ text: user.account }}>{user.account}</Typography.Text>
          {user.mainAccountId === MAIN_ACCOUNT && (
            <Tag color="purple" bordered={false} style={{ marginInlineStart: 8 }}>
              {t('mainAccount')}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('column.employeeName'), dataIndex: 'employeeName', hideInSearch: true },
    {
      title: t('column.role'),
      dataIndex: 'role',
      hideInSearch: true,
      render: (_, user) => roleLabel(user.role, t),
    },
    {
      title: t('column.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { active: { text: t('status.active') }, suspended: { text: t('status.suspended') } },
      render: (_, user) => (
        <Tag color={user.status === 'active' ? 'success' : 'error'}>{t(`status.${user.status}`)}</Tag>
      ),
    },
    {
      title: t('column.createdAt'),
      dataIndex: 'createdAt',
      hideInSearch: true,
      render: (_, user) => formatDateTime(user.createdAt),
    },
    {
      title: t('column.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      hideInSearch: true,
      render: (_, user) =>
        user.lastLoginAt === null ? <Typography.Text type="secondary">{t('never')}</Typography.Text> : formatDateTime(user.lastLoginAt),
    },
    {
      title: t('column.actions'),
      valueType: 'option',
      width: 190,
      // The main account is managed by nobody but itself: the server refuses edits to it.
      render: (_, user) =>
        user.mainAccountId === MAIN_ACCOUNT
          ? [
              <Typography.Text key="none" type="secondary">
                {tc('empty.value')}
              </Typography.Text>,
            ]
          : [
              <a key="edit" onClick={() => setEditing(user)}>
                {t('action.edit')}
              </a>,
              <a key="pairs" onClick={() => onManagePairs(user)}>
                {t('action.pairs')}
              </a>,
              <Popconfirm
                key="delete"
                title={t('delete.confirm')}
                description={t('delete.description', { account: user.account })}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(user)}
              >
                <Typography.Link type="danger">{t('action.delete')}</Typography.Link>
              </Popconfirm>,
            ],
    },
  ];

  return (
    <>
      <ProTable<AdminUser>
        rowKey="id"
        actionRef={tableRef}
        headerTitle={t('table.title')}
        columns={columns}
        request={request}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        options={{ density: true, reload: true, setting: true, fullScreen: false }}
        scroll={{ x: 960 }}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('action.add')}
          </Button>,
        ]}
      />
      <AddUserModal open={adding} onOpenChange={setAdding} onAdded={reload} />
      <EditUserModal user={editing} onClose={() => setEditing(null)} onSaved={reload} />
    </>
  );
}
