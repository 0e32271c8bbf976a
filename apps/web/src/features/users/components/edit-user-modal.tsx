import { ModalForm, ProFormRadio, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { PASSWORD_MAX, PASSWORD_MIN, type AccountRole, type AccountStatus, type AdminUser } from '@makerdesk/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateAdmin } from '../api/update-admin';
import { roleOptions, statusOptions } from './role-options';

interface EditUserValues {
  role: AccountRole;
  employeeName: string;
  status: AccountStatus;
  password?: string;
}

interface EditUserModalProps {
  /** The account being edited; null keeps the modal closed. */
  user: AdminUser | null;
  onClose: () => void;
  onSaved: () => void;
}

export function EditUserModal({ user, onClose, onSaved }: EditUserModalProps) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const updateAdmin = useUpdateAdmin();

  return (
    <ModalForm<EditUserValues>
      name="edit-user"
      key={user?.id}
      title={user ? t('edit.title', { account: user.account }) : null}
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      width={480}
      layout="vertical"
      modalProps={{ destroyOnHidden: true, centered: true }}
      initialValues={user ? { role: user.role as AccountRole, employeeName: user.employeeName, status: user.status } : undefined}
      onFinish={async ({ password, ...values }) => {
        if (!user) return true;
        await updateAdmin.mutateAsync({ id: user.id, ...values, ...(password ? { password } : {}) });
        void message.success(t('edit.success'));
        onSaved();
        return true;
      }}
    >
      <ProFormSelect name="role" label={t('form.role')} options={roleOptions(t)} rules={[{ required: true, message: t('form.role.required') }]} />
      <ProFormText
        name="employeeName"
        label={t('form.employeeName')}
        rules={[{ required: true, whitespace: true, message: t('form.employeeName.required') }, { max: 64 }]}
      />
      <ProFormRadio.Group
        name="status"
        label={t('form.status')}
        radioType="button"
        options={statusOptions(t)}
        extra={t('form.status.extra')}
      />
      <ProFormText.Password
        name="password"
        label={t('form.newPassword')}
        extra={t('form.newPassword.extra')}
        rules={[{ min: PASSWORD_MIN, max: PASSWORD_MAX, message: tc('validation.password.length') }]}
        fieldProps={{ autoComplete: 'new-password' }}
      />
    </ModalForm>
  );
}
