import { ModalForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailRules, passwordRules } from '@/lib/validation';
import { useAddAdmin, type AddUserRequest } from '../api/add-admin';
import { roleOptions } from './role-options';

interface AddUserModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: () => void;
}

export function AddUserModal({ open, onOpenChange, onAdded }: AddUserModalProps) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const addAdmin = useAddAdmin();

  return (
    <ModalForm<AddUserRequest>
      name="add-user"
      title={t('add.title')}
      open={open}
      onOpenChange={onOpenChange}
      width={480}
      layout="vertical"
      modalProps={{ destroyOnHidden: true, centered: true }}
      onFinish={async (values) => {
        await addAdmin.mutateAsync({ ...values, account: values.account.trim() });
        void message.success(t('add.success'));
        onAdded();
        return true;
      }}
    >
      <ProFormText
        name="account"
        label={t('form.account')}
        placeholder={t('form.account.placeholder')}
        rules={emailRules(tc('validation.email.required'), tc('validation.email.invalid'))}
        fieldProps={{ autoComplete: 'off' }}
      />
      <ProFormSelect name="role" label={t('form.role')} options={roleOptions(t)} rules={[{ required: true, message: t('form.role.required') }]} />
      <ProFormText
        name="employeeName"
        label={t('form.employeeName')}
        rules={[{ required: true, whitespace: true, message: t('form.employeeName.required') }, { max: 64 }]}
      />
      <ProFormText.Password
        name="password"
        label={t('form.password')}
        rules={passwordRules(tc('validation.password.length'))}
        fieldProps={{ autoComplete: 'new-password' }}
      />
    </ModalForm>
  );
}
