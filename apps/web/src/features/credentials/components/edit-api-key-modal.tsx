import { ModalForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { CONCEALED_SECRET, type CredentialView } from '@makerdesk/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateCredential, type CredentialUpdateRequest } from '../api/update-credential';
import { needsPassphrase } from '../utils/key-form';
import { HostsField } from './hosts-field';
import type { KeyFormChoices } from './import-api-key-modal';
import { IpBindingNotice } from './ip-binding-notice';

interface EditApiKeyModalProps extends Pick<KeyFormChoices, 'coins'> {
  /** The key being edited; null keeps the modal closed. */
  credential: CredentialView | null;
  onClose: () => void;
}

interface EditValues {
  coinId: number;
  apiKey?: string;
  secretKey?: string;
  passphrase?: string;
  memberId?: string;
  hosts: string[];
}

/** Edits a key: blank secret fields keep their stored value (the console never sees it). */
export function EditApiKeyModal({ credential, coins, onClose }: EditApiKeyModalProps) {
  const { t } = useTranslation('credentials');
  const { message } = App.useApp();
  const update = useUpdateCredential();
  if (!credential) return null;

  return (
    <ModalForm<EditValues>
      name="edit-api-key"
      title={t('edit.title', { pair: credential.coinName })}
      open
      onOpenChange={(open) => !open && onClose()}
      width={560}
      layout="vertical"
      modalProps={{ destroyOnHidden: true, centered: true }}
      initialValues={{ coinId: credential.coinId, memberId: credential.memberId ?? '', hosts: credential.hosts.join(', ') }}
      onFinish={async ({ apiKey, secretKey, passphrase, memberId, coinId, hosts }) => {
        const request: CredentialUpdateRequest = { id: credential.id, hosts };
        if (coinId !== credential.coinId) request.coinId = coinId;
        if (apiKey?.trim()) request.apiKey = apiKey.trim();
        if (secretKey?.trim()) request.secretKey = secretKey.trim();
        if (passphrase) request.passphrase = passphrase;
        if ((memberId?.trim() ?? '') !== (credential.memberId ?? '')) request.memberId = memberId?.trim() ?? '';
        await update.mutateAsync(request);
        void message.success(t('edit.success'));
        onClose();
        return true;
      }}
    >
      {credential.hosts.length === 0 && <IpBindingNotice />}
      <ProFormSelect
        name="coinId"
        label={t('form.pair')}
        options={coins.map((c) => ({ value: c.coinId, label: c.coinName }))}
        rules={[{ required: true, message: t('form.pair.required') }]}
      />
      <ProFormText name="apiKey" label={t('form.apiKey')} placeholder={t('edit.keep', { value: credential.apiKey })} fieldProps={{ autoComplete: 'off' }} rules={[{ max: 256 }]} />
      <ProFormText.Password
        name="secretKey"
        label={t('form.secretKey')}
        placeholder={t('edit.keep', { value: CONCEALED_SECRET })}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[{ max: 512 }]}
      />
      {needsPassphrase(credential.platformCode) && (
        <ProFormText.Password
          name="passphrase"
          label={t('form.passphrase')}
          placeholder={t('edit.keep', { value: CONCEALED_SECRET })}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[{ max: 128 }]}
        />
      )}
      <HostsField />
      <ProFormText name="memberId" label={t('form.memberId')} placeholder={t('form.memberId.placeholder')} rules={[{ max: 64 }]} />
    </ModalForm>
  );
}
