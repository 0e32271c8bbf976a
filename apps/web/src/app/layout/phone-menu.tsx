import { LockOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { languages, MAIN_ACCOUNT } from '@makerdesk/contract';
import { Avatar, Button, Drawer, Flex, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '@/features/auth/api/logout';
import { ChangePasswordModal } from '@/features/auth/components/change-password-modal';
import { useAuth } from '@/lib/auth';
import { useLocale } from '../locale';
import { ApiKeysButton, ImportApiKeyButton } from './api-key-actions';
import { ThemePicker } from './theme-picker';

/**
 * On a phone the top bar keeps the pair, the emergency stop and the incidents; everything else of
 * the bar (keys, language, theme, the account with change password and logout) sits in this drawer,
 * opened from the bar's last button, each control full width and labelled.
 */
export function PhoneMenu() {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation('common');
  const { admin } = useAuth();
  const { lang, switchLang } = useLocale();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  if (!admin) return null;

  return (
    <>
      <Button type="text" className="md-phone-menu-trigger" aria-label={t('header.menu')} icon={<MenuOutlined />} onClick={() => setOpen(true)} />
      <Drawer open={open} onClose={() => setOpen(false)} title={t('header.menu')} placement="right" width={300} className="md-phone-menu">
        <Flex vertical gap={20}>
          <Flex align="center" gap={12}>
            <Avatar icon={<UserOutlined />} className="md-user-avatar" />
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text strong ellipsis>
                {admin.employeeName}
              </Typography.Text>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                {admin.account} · {t(admin.mainAccountId === MAIN_ACCOUNT ? 'header.user.mainAccount' : 'header.user.subAccount')}
              </Typography.Text>
            </Flex>
          </Flex>
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">{tc('language.switch')}</Typography.Text>
            <Segmented
              block
              aria-label={tc('language.switch')}
              value={lang}
              options={languages.map((code) => ({ value: code, label: tc(`language.${code}`) }))}
              onChange={(code) => code !== lang && switchLang(code)}
            />
          </Flex>
          <Flex vertical gap={8}>
            <ImportApiKeyButton block className="md-phone-menu-item" />
            <ApiKeysButton labelled />
            <Flex align="center" justify="space-between">
              <Typography.Text type="secondary">{t('header.theme')}</Typography.Text>
              <ThemePicker />
            </Flex>
          </Flex>
          <Flex vertical gap={8}>
            <Button block icon={<LockOutlined />} onClick={() => setChangingPassword(true)}>
              {t('header.user.changePassword')}
            </Button>
            <Button block danger icon={<LogoutOutlined />} loading={logout.isPending} onClick={() => logout.mutate()}>
              {t('header.user.logout')}
            </Button>
          </Flex>
        </Flex>
      </Drawer>
      <ChangePasswordModal open={changingPassword} onOpenChange={setChangingPassword} />
    </>
  );
}
