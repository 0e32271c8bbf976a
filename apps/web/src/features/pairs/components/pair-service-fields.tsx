import { ProFormDateTimePicker, ProFormSwitch } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';

/** The fields adding and editing a pair share: its service expiry (`endTimeStamp`) and whether it is `enabled`. */
export function PairServiceFields() {
  const { t } = useTranslation('pairs');
  return (
    <>
      <ProFormDateTimePicker
        name="endTimeStamp"
        label={t('admin.form.expiry')}
        extra={t('admin.form.expiry.extra')}
        fieldProps={{ format: 'YYYY-MM-DD HH:mm', showTime: { format: 'HH:mm' }, style: { width: '100%' } }}
      />
      <ProFormSwitch name="enabled" label={t('admin.form.enabled')} />
    </>
  );
}
