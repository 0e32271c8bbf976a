import { ModalForm, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { App, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAddPlatform, type AddPlatformRequest } from '../api/add-platform';
import { ownBinanceApi, wsBaseForBinanceApi } from '../utils/own-binance-api';
import { WS_BASE_PATTERN } from './platform-url-fields';

interface AddPlatformModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Add a platform: a ccxt exchange id, optionally in its sandbox or at a custom API base URL. */
export function AddPlatformModal({ open, onOpenChange }: AddPlatformModalProps) {
  const { t } = useTranslation('pairs');
  const { message } = App.useApp();
  const addPlatform = useAddPlatform();
  const [form] = Form.useForm<AddPlatformRequest>();
  /** This server's own Binance API: a live-venue rehearsal through ccxt, REST and streams. */
  const fillOwnApi = () => form.setFieldsValue({ code: form.getFieldValue('code') || 'binance', ...ownBinanceApi(window.location.origin) });

  return (
    <ModalForm<AddPlatformRequest>
      name="add-platform"
      title={t('admin.platform.add.title')}
      open={open}
      onOpenChange={onOpenChange}
      width={520}
      layout="vertical"
      // The form's values outlive the hidden modal (its instance is this component's): a new platform starts empty.
      modalProps={{ destroyOnHidden: true, centered: true, afterClose: () => form.resetFields() }}
      form={form}
      initialValues={{ sandbox: false }}
      onValuesChange={(changed: Partial<AddPlatformRequest>) => {
        // A MakerDesk server's Binance API as the REST base: its streams' base goes with it, unless one was typed.
        const ws = changed.apiBaseUrl === undefined ? undefined : wsBaseForBinanceApi(changed.apiBaseUrl);
        if (ws && !form.getFieldValue('wsBaseUrl')) form.setFieldsValue({ wsBaseUrl: ws });
      }}
      onFinish={async ({ name, code, sandbox, apiBaseUrl, wsBaseUrl }) => {
        await addPlatform.mutateAsync({
          name: name.trim(),
          code: code.trim(),
          sandbox: sandbox ?? false,
          ...(apiBaseUrl?.trim() ? { apiBaseUrl: apiBaseUrl.trim() } : {}),
          ...(wsBaseUrl?.trim() ? { wsBaseUrl: wsBaseUrl.trim() } : {}),
        });
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
      <ProFormText
        name="wsBaseUrl"
        label={t('admin.platform.form.wsBaseUrl')}
        placeholder={t('admin.platform.form.wsBaseUrl.placeholder')}
        extra={t('admin.platform.form.wsBaseUrl.extra')}
        rules={[{ pattern: WS_BASE_PATTERN, message: t('admin.platform.form.wsBaseUrl.invalid') }]}
        fieldProps={{ autoComplete: 'off' }}
      />
      <Button type="link" style={{ paddingInline: 0 }} onClick={fillOwnApi}>
        {t('admin.platform.form.ownBinanceApi')}
      </Button>
    </ModalForm>
  );
}
