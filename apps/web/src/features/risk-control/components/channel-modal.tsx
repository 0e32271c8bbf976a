import { ModalForm, ProFormDependency, ProFormRadio, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { alertChannelKinds, httpUrl, MAIN_ACCOUNT, telegramBotToken, telegramChatId, type AlertChannelKind, type AlertChannelView } from '@makerdesk/contract';
import { App } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth';
import { useAddAlertChannel } from '../api/add-alert-channel';
import { useUpdateAlertChannel, type AlertChannelUpdateRequest } from '../api/update-alert-channel';
import '../risk-i18n';

interface ChannelModalProps {
  /** `add` opens an empty form; a channel opens it for editing; null keeps it closed. */
  editing: AlertChannelView | 'add' | null;
  onClose: () => void;
}

interface ChannelValues {
  kind: AlertChannelKind;
  name?: string;
  enabled?: boolean;
  lang?: 'en_US' | 'zh_CN';
  botToken?: string;
  chatId?: string;
  baseUrl?: string;
  url?: string;
  secret?: string;
  to?: string;
}

/** The contract's own schema checks the field as the server will, so the form says it before the call. */
const matches = (schema: { safeParse(v: unknown): { success: boolean } }, message: string): Rule => ({
  validator: async (_, value?: string) => {
    if (value && value.trim() !== '' && !schema.safeParse(value).success) throw new Error(message);
  },
});

/**
 * Adds or edits a channel. Secrets are write-only: an edit shows them blank, and blank keeps the
 * stored one (the console never receives it). A custom Telegram API base is the main account's
 * only: a restricted account's form has no such field and its channels use Telegram's own.
 */
export function ChannelModal({ editing, onClose }: ChannelModalProps) {
  const { t } = useTranslation('risk');
  const { message } = App.useApp();
  const add = useAddAlertChannel();
  const update = useUpdateAlertChannel();
  const { admin } = useAuth();
  if (editing === null) return null;
  const mayRelay = admin?.mainAccountId === MAIN_ACCOUNT;
  const current = editing === 'add' ? null : editing;

  const save = async (values: ChannelValues) => {
    const name = values.name?.trim() ?? '';
    if (!current) {
      const enabled = values.enabled ?? true;
      const lang = values.lang ?? 'en_US';
      if (values.kind === 'telegram') {
        await add.mutateAsync({ kind: 'telegram', name, enabled, lang, botToken: values.botToken ?? '', chatId: values.chatId ?? '', ...(mayRelay ? { baseUrl: values.baseUrl?.trim() ?? '' } : {}) });
      } else if (values.kind === 'webhook') {
        await add.mutateAsync({ kind: 'webhook', name, enabled, lang, url: values.url?.trim() ?? '', secret: values.secret ?? '' });
      } else {
        await add.mutateAsync({ kind: 'email', name, enabled, lang, to: values.to?.trim() ?? '' });
      }
      void message.success(t('form.added'));
    } else {
      const request: AlertChannelUpdateRequest = { id: current.id, name, ...(values.lang ? { lang: values.lang } : {}) };
      if (current.kind === 'telegram') {
        request.chatId = values.chatId?.trim() ?? '';
        if (mayRelay) request.baseUrl = values.baseUrl?.trim() ?? '';
        if (values.botToken?.trim()) request.botToken = values.botToken.trim();
      } else if (current.kind === 'webhook') {
        request.url = values.url?.trim() ?? '';
        if (values.secret) request.secret = values.secret;
      } else {
        request.to = values.to?.trim() ?? '';
      }
      await update.mutateAsync(request);
      void message.success(t('form.saved'));
    }
    onClose();
    return true;
  };

  const secretPlaceholder = (fallback: string) => (current?.hasSecret ? t('form.keepSecret') : fallback);

  return (
    <ModalForm<ChannelValues>
      name="alert-channel"
      title={current ? t('form.editTitle', { kind: t(`kind.${current.kind}`) }) : t('form.addTitle')}
      open
      onOpenChange={(open) => !open && onClose()}
      width={520}
      layout="vertical"
      modalProps={{ destroyOnHidden: true, centered: true }}
      initialValues={
        current
          ? { kind: current.kind, name: current.name, lang: current.lang, chatId: current.chatId ?? '', baseUrl: current.baseUrl ?? '', url: current.url ?? '', to: current.to ?? '' }
          : { kind: 'telegram', enabled: true, lang: 'en_US' }
      }
      onFinish={save}
    >
      <ProFormRadio.Group
        name="kind"
        label={t('form.kind')}
        disabled={current !== null}
        radioType="button"
        options={alertChannelKinds.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
      />
      <ProFormText name="name" label={t('form.name')} placeholder={t('form.name.placeholder')} rules={[{ max: 64 }]} />
      <ProFormRadio.Group
        name="lang"
        label={t('form.lang')}
        tooltip={t('form.lang.tooltip')}
        radioType="button"
        options={[
          { value: 'en_US', label: 'English' },
          { value: 'zh_CN', label: '中文' },
        ]}
      />
      <ProFormDependency name={['kind']}>
        {(values: Partial<ChannelValues>) => {
          const kind = values.kind ?? 'telegram';
          if (kind === 'telegram') {
            return (
              <>
                <ProFormText.Password
                  name="botToken"
                  label={t('form.botToken')}
                  placeholder={secretPlaceholder(t('form.botToken.placeholder'))}
                  fieldProps={{ autoComplete: 'new-password' }}
                  // Checked as the server checks it (blank on an edit keeps the stored token).
                  rules={[...(current ? [] : [{ required: true, message: t('form.botToken.required') }]), matches(telegramBotToken, t('form.botToken.invalid'))]}
                />
                <ProFormText
                  name="chatId"
                  label={t('form.chatId')}
                  tooltip={t('form.chatId.tooltip')}
                  placeholder="-1001234567890"
                  rules={[{ required: true, message: t('form.chatId.required') }, matches(telegramChatId, t('form.chatId.tooltip'))]}
                />
                {mayRelay && (
                  <ProFormText name="baseUrl" label={t('form.baseUrl')} tooltip={t('form.baseUrl.tooltip')} placeholder="https://api.telegram.org" rules={[matches(httpUrl, t('form.url.invalid'))]} />
                )}
              </>
            );
          }
          if (kind === 'webhook') {
            return (
              <>
                <ProFormText
                  name="url"
                  label={t('form.url')}
                  placeholder={t('form.url.placeholder')}
                  rules={[{ required: true, message: t('form.url.required') }, matches(httpUrl, t('form.url.invalid'))]}
                />
                <ProFormText.Password
                  name="secret"
                  label={t('form.secret')}
                  tooltip={t('form.secret.tooltip')}
                  placeholder={secretPlaceholder('')}
                  fieldProps={{ autoComplete: 'new-password' }}
                  rules={[...(current ? [] : [{ required: true, message: t('form.secret.required') }]), { min: 16, max: 256, message: t('form.secret.length') }]}
                />
              </>
            );
          }
          return (
            <ProFormText
              name="to"
              label={t('form.to')}
              placeholder="desk@example.com"
              rules={[
                { required: true, message: t('form.to.required') },
                { type: 'email', message: t('form.to.invalid') },
              ]}
            />
          );
        }}
      </ProFormDependency>
      {!current && <ProFormSwitch name="enabled" label={t('form.enabled')} />}
    </ModalForm>
  );
}
