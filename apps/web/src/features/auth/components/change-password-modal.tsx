import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { matchesField, passwordRules } from '@/lib/validation';
import { useChangePassword } from '../api/change-password';

interface ChangePasswordValues {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

interface ChangePasswordModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ChangePasswordModal({ open, onOpenChange }: ChangePasswordModalProps) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const changePassword = useChangePassword();

  return (
    <ModalForm<ChangePasswordValues>
      name="change-password"
      title={t('password.title')}
      open={open}
      onOpenChange={onOpenChange}
      width={420}
      layout="vertical"
      modalProps={{ destroyOnHidden: true, centered: true }}
      onFinish={async (values) => {
        await changePassword.mutateAsync(values);
        void message.success(t('password.success'));
        return true;
      }}
    >
      <ProFormText.Password
        name="oldPassword"
        label={t('password.old')}
        rules={[{ required: true, message: t('password.old.required') }]}
        fieldProps={{ autoComplete: 'current-password' }}
      />
      <ProFormText.Password
        name="password"
        label={t('password.new')}
        rules={passwordRules(tc('validation.password.length'))}
        fieldProps={{ autoComplete: 'new-password' }}
      />
      <ProFormText.Password
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['password']}
        rules={[{ required: true, message: tc('validation.password.mismatch') }, matchesField('password', tc('validation.password.mismatch'))]}
        fieldProps={{ autoComplete: 'new-password' }}
      />
    </ModalForm>
  );
}
