import { ProForm, ProFormDateTimePicker, ProFormSwitch } from '@ant-design/pro-components';
import { isPriceBandInBounds, PRICE_BAND_MAX, PRICE_BAND_MIN } from '@makerdesk/contract';
import { useTranslation } from 'react-i18next';
import { PercentInput } from '@/components/percent-input';
import { formatPlain } from '@/lib/numbers';
import { percentFromFraction } from '@makerdesk/format';

/**
 * The fields adding and editing a pair share: its service expiry (`endTimeStamp`), whether it is
 * `enabled`, and its fat-finger band (`priceBand`, a fraction shown as percent).
 */
export function PairServiceFields() {
  const { t } = useTranslation('pairs');
  const bounds = { min: percentFromFraction(PRICE_BAND_MIN) ?? '', max: formatPlain(percentFromFraction(PRICE_BAND_MAX) ?? '') };
  return (
    <>
      <ProFormDateTimePicker
        name="endTimeStamp"
        label={t('admin.form.expiry')}
        extra={t('admin.form.expiry.extra')}
        fieldProps={{ format: 'YYYY-MM-DD HH:mm', showTime: { format: 'HH:mm' }, style: { width: '100%' } }}
      />
      <ProFormSwitch name="enabled" label={t('admin.form.enabled')} />
      <ProForm.Item
        name="priceBand"
        label={t('admin.form.priceBand')}
        extra={t('admin.form.priceBand.extra')}
        rules={[
          { required: true, message: t('admin.form.priceBand.bounds', bounds) },
          { validator: (_: unknown, value?: string) => (value === undefined || isPriceBandInBounds(value) ? Promise.resolve() : Promise.reject(new Error(t('admin.form.priceBand.bounds', bounds)))) },
        ]}
      >
        <PercentInput aria-label={t('admin.form.priceBand')} />
      </ProForm.Item>
    </>
  );
}
