import { ModalForm, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAddPlatform, type AddPlatformRequest } from '../api/add-platform';

interface AddPlatformModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Add a platform: a ccxt exchange id, optionally in its sandbox or at a custom API base URL. */
export function AddPlatformModal({ open, onOpenChange }: AddPlatformModalProps) {
  const { t } = useTranslation('pairs');
  const { message } = App.useApp();
  const addPlatform = useAddPlatform();

  return (
    <ModalForm<AddPlatformRequest>
      name="add-platform"
      title={t('admin.platform.add.title')}
      open={open}
      onOpenChange={onOpenChange}
      width={520}
      layout="vertical"
      modalProps={{ destroyOnHidden: true, centered: true }}
      initialValues={{ sandbox: false }}
      onFinish={async ({ name, code, sandbox, apiBaseUrl }) => {
        await addPlatform.mutateAsync({ name: name.trim(), code: code.trim(), sandbox: sandbox ?? false, ...(apiBaseUrl?.trim() ? { apiBaseUrl: apiBaseUrl.trim() } : {}) });
        void message.success(t('admin.platform.add.success', { name: name.trim() }));
        return true;
      }}
    >
      <ProFormText
        name="code"
        label={t('admin.platform.form.code')}
        placeholder={t('admin.platform.form.code.placeholder')}
        rules={[{ required: true, whitespace: true, message: t('admin.platform.form.code.required') }]}
        fieldProps={{ autoComplete: 'off' }}
      />
      <ProFormText
        name="name"
        label={t('admin.platform.form.name')}
        rules={[{ required: true, whitespace: true, message: t('admin.platform.form.name.required') }, { max: 60 }]}
        fieldProps={{ autoComplete: 'off' }}
      />
      <ProFormSwitch name="sandbox" label={t('admin.platform.form.sandbox')} />
      <ProFormText
        name="apiBaseUrl"
        label={t('admin.platform.form.apiBaseUrl')}
        placeholder={t('admin.platform.form.apiBaseUrl.placeholder')}
        extra={t('admin.platform.form.apiBaseUrl.extra')}
        rules={[{ pattern: /^\s*https?:\/\/\S+\s*$/, message: t('admin.platform.form.apiBaseUrl.invalid') }]}
        fieldProps={{ autoComplete: 'off' }}
      />
    </ModalForm>
  );
}
