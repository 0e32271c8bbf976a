import { ModalForm, ProFormDependency, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import type { Coin, Platform } from '@makerdesk/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { platformLabel } from '@/lib/platform-label';
import { useAddCredential } from '../api/add-credential';
import { needsPassphrase } from '../utils/key-form';
import { HostsField } from './hosts-field';
import { IpBindingNotice } from './ip-binding-notice';

export interface KeyFormChoices {
  /** The venues of /platform/list and the account's pairs of /coin/list. */
  platforms: Platform[];
  coins: Coin[];
}

interface ImportApiKeyModalProps extends KeyFormChoices {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The pair the key is for unless the user picks another: the current pair. */
  defaultCoinId?: number;
}

interface ImportValues {
  platformId: number;
  coinId: number;
  apiKey: string;
  secretKey: string;
  passphrase?: string;
  memberId?: string;
  hosts?: string[];
}

/** "Import API key": a venue, the key, its secret (and passphrase where the venue has one), bound IPs and the pair. */
export function ImportApiKeyModal({ open, onOpenChange, platforms, coins, defaultCoinId }: ImportApiKeyModalProps) {
  const { t } = useTranslation('credentials');
  const { t: tPairs } = useTranslation('pairs');
  const { message } = App.useApp();
  const addCredential = useAddCredential();
  const codeOf = (platformId: number | undefined) => platforms.find((p) => p.id === platformId)?.code;
  const simulator = platforms.find((p) => p.code === 'sim');
  const pairCoin = coins.find((c) => c.coinId === defaultCoinId) ?? coins[0];

  return (
    <ModalForm<ImportValues>
      name="import-api-key"
      title={t('import.title')}
      open={open}
      onOpenChange={onOpenChange}
      width={560}
      layout="vertical"
      modalProps={{ destroyOnHidden: true, centered: true }}
      submitter={{ searchConfig: { submitText: t('import.submit') } }}
      initialValues={{ platformId: pairCoin?.platformId ?? simulator?.id, coinId: pairCoin?.coinId }}
      onFinish={async ({ passphrase, memberId, ...values }) => {
        const added = await addCredential.mutateAsync({
          ...values,
          apiKey: values.apiKey.trim(),
          secretKey: values.secretKey.trim(),
          hosts: values.hosts ?? [],
          ...(needsPassphrase(codeOf(values.platformId)) && passphrase ? { passphrase } : {}),
          ...(memberId?.trim() ? { memberId: memberId.trim() } : {}),
        });
        void message.success(t('import.success', { pair: added.coinName }));
        return true;
      }}
    >
      <IpBindingNotice />
      <ProFormSelect
        name="platformId"
        label={t('form.platform')}
        // A venue and its testnet or a custom API base share a name: the label tells them apart.
        options={platforms.map((p) => ({ value: p.id, label: platformLabel(p, tPairs) }))}
        rules={[{ required: true, message: t('form.platform.required') }]}
        fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
      />
      <ProFormSelect
        name="coinId"
        label={t('form.pair')}
        options={coins.map((c) => ({ value: c.coinId, label: c.coinName }))}
        rules={[{ required: true, message: t('form.pair.required') }]}
        fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
      />
      <ProFormText
        name="apiKey"
        label={t('form.apiKey')}
        placeholder={t('form.apiKey.placeholder')}
        rules={[{ required: true, whitespace: true, message: t('form.apiKey.required') }, { max: 256 }]}
        fieldProps={{ autoComplete: 'off', spellCheck: false }}
      />
      <ProFormText.Password
        name="secretKey"
        label={t('form.secretKey')}
        placeholder={t('form.secretKey.placeholder')}
        rules={[{ required: true, whitespace: true, message: t('form.secretKey.required') }, { max: 512 }]}
        fieldProps={{ autoComplete: 'new-password', spellCheck: false }}
      />
      <ProFormDependency name={['platformId']}>
        {({ platformId }: { platformId?: number }) =>
          needsPassphrase(codeOf(platformId)) && (
            <ProFormText.Password
              name="passphrase"
              label={t('form.passphrase')}
              tooltip={t('form.passphrase.tooltip')}
              rules={[{ required: true, message: t('form.passphrase.required') }, { max: 128 }]}
              fieldProps={{ autoComplete: 'new-password' }}
            />
          )
        }
      </ProFormDependency>
      <HostsField />
      <ProFormText name="memberId" label={t('form.memberId')} placeholder={t('form.memberId.placeholder')} rules={[{ max: 64 }]} />
    </ModalForm>
  );
}
