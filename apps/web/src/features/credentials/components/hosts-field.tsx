import { ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { isIpAddress, splitHosts } from '../utils/key-form';

/** Bound IPs as one line ('203.0.113.7, 198.51.100.2'), each checked as an IPv4/IPv6 address; sent as a list. */
export function HostsField() {
  const { t } = useTranslation('credentials');
  return (
    <ProFormText
      name="hosts"
      label={t('form.hosts')}
      tooltip={t('form.hosts.tooltip')}
      placeholder={t('form.hosts.placeholder')}
      fieldProps={{ autoComplete: 'off', spellCheck: false }}
      transform={(value: string | undefined) => ({ hosts: splitHosts([value ?? '']) })}
      rules={[
        {
          validator: (_, value: string | undefined) => {
            const wrong = splitHosts([value ?? '']).filter((host) => !isIpAddress(host));
            return wrong.length === 0 ? Promise.resolve() : Promise.reject(new Error(t('form.hosts.invalid', { hosts: wrong.join(', ') })));
          },
        },
      ]}
    />
  );
}
