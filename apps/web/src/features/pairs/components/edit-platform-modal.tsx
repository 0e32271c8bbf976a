import { ModalForm, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import type { Platform } from '@makerdesk/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdatePlatform } from '../api/update-platform';
import { WS_BASE_PATTERN } from './platform-url-fields';

interface EditPlatformModalProps {
  /** The platform being edited; null: closed. */
  platform: Platform | null;
  onClose: () => void;
}

interface EditPlatformValues {
  name: string;
  sandbox?: boolean;
  apiBaseUrl?: string;
  wsBaseUrl?: string;
}

/** Edit a platform: rename it, or move it into its sandbox or to another API base. The simulator takes a new name only. */
export function EditPlatformModal({ platform, onClose }: EditPlatformModalProps) {
  const { t } = useTranslation('pairs');
  const { message } = App.useApp();
  const update = useUpdatePlatform();
  const simulator = platform?.code === 'sim';

  return (
    <ModalForm<EditPlatformValues>
      key={platform?.id}
      name="edit-platform"
      title={t('admin.platform.edit.title', { name: platform?.name ?? '' })}
      open={platform !== null}
      onOpenChange={(open) => !open && onClose()}
      width={520}
      layout="vertical"
      modalProps={{ destroyOnHidden: true, centered: true }}
      initialValues={{ name: platform?.name, sandbox: platform?.sandbox, apiBaseUrl: platform?.apiBaseUrl ?? '', wsBaseUrl: platform?.wsBaseUrl ?? '' }}
      onFinish={async ({ name, sandbox, apiBaseUrl, wsBaseUrl }) => {
        if (!platform) return true;
        const moved = simulator
          ? {}
          : { sandbox: sandbox ?? false, apiBaseUrl: apiBaseUrl?.trim() ? apiBaseUrl.trim() : null, wsBaseUrl: wsBaseUrl?.trim() ? wsBaseUrl.trim() : null };
        await update.mutateAsync({ id: platform.id, name: name.trim(), ...moved });
        void message.success(t('admin.platform.edit.success', { name: name.trim() }));
        onClose();
        return true;
      }}
    >
      <ProFormText name="code" label={t('admin.platform.form.code')} fieldProps={{ value: platform?.code, disabled: true }} extra={t('admin.platform.edit.codeFixed')} />
      <ProFormText
        name="name"
        label={t('admin.platform.form.name')}
        rules={[{ required: true, whitespace: true, message: t('admin.platform.form.name.required') }, { max: 60 }]}
        fieldProps={{ autoComplete: 'off' }}
      />
      {simulator ? null : (
        <>
          <ProFormSwitch name="sandbox" label={t('admin.platform.form.sandbox')} />
          <ProFormText
            name="apiBaseUrl"
            label={t('admin.platform.form.apiBaseUrl')}
            placeholder={t('admin.platform.form.apiBaseUrl.placeholder')}
            extra={t('admin.platform.edit.apiBaseUrl.extra')}
            rules={[{ pattern: /^\s*(https?:\/\/\S+)?\s*$/, message: t('admin.platform.form.apiBaseUrl.invalid') }]}
            fieldProps={{ autoComplete: 'off' }}
          />
          <ProFormText
            name="wsBaseUrl"
            label={t('admin.platform.form.wsBaseUrl')}
            placeholder={t('admin.platform.form.wsBaseUrl.placeholder')}
            extra={t('admin.platform.edit.wsBaseUrl.extra')}
            rules={[{ pattern: WS_BASE_PATTERN, message: t('admin.platform.form.wsBaseUrl.invalid') }]}
            fieldProps={{ autoComplete: 'off' }}
          />
        </>
      )}
    </ModalForm>
  );
}
