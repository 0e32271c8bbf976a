import { LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { MAIN_ACCOUNT } from '@makerdesk/contract';
import { Avatar, Dropdown, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '@/features/auth/api/logout';
import { ChangePasswordModal } from '@/features/auth/components/change-password-modal';
import { useAuth } from '@/lib/auth';

/** The account menu: change password and logout. After logout the guard sends the user to Login. */
export function UserMenu() {
  const { t } = useTranslation('layout');
  const { admin } = useAuth();
  const logout = useLogout();
  const [changingPassword, setChangingPassword] = useState(false);
  if (!admin) return null;

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            {
              key: 'who',
              type: 'group',
              label: (
                <Flex vertical>
                  <Typography.Text strong>{admin.employeeName}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {admin.account} · {t(admin.mainAccountId === MAIN_ACCOUNT ? 'header.user.mainAccount' : 'header.user.subAccount')}
                  </Typography.Text>
                </Flex>
              ),
            },
            { type: 'divider' },
            { key: 'password', icon: <LockOutlined />, label: t('header.user.changePassword'), onClick: () => setChangingPassword(true) },
            { key: 'logout', icon: <LogoutOutlined />, label: t('header.user.logout'), danger: true, disabled: logout.isPending, onClick: () => logout.mutate() },
          ],
        }}
      >
        <button type="button" className="md-user-trigger" aria-label={admin.account}>
          <Avatar size="small" icon={<UserOutlined />} className="md-user-avatar" />
          <span className="md-user-name">{admin.employeeName}</span>
        </button>
      </Dropdown>
      <ChangePasswordModal open={changingPassword} onOpenChange={setChangingPassword} />
    </>
  );
}
