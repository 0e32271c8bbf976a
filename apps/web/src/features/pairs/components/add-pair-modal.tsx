import { ModalForm, ProFormDependency, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { PRICE_BAND_DEFAULT, type Platform } from '@makerdesk/contract';
import { App } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { pickerEpochMs } from '../utils/picker-time';
import { PairServiceFields } from './pair-service-fields';
import { useAddCoin } from '../api/add-coin';
import { platformLabel, SIM_PLATFORM_CODE } from '@/lib/platform-label';

interface AddPairValues {
  platformId: number;
  coinName: string;
  openingPrice?: string;
  /** The picker's value (a dayjs), empty for no expiry. */
  endTimeStamp?: Dayjs | string | number | null;
  enabled: boolean;
  /** The fat-finger band, a fraction (the field shows percent). */
  priceBand?: string;
}

interface AddPairModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  platforms: Platform[];
}

const POSITIVE_DECIMAL = /^(?:\d+\.?\d*|\.\d+)$/;

/** Add a pair: platform, BASE/QUOTE, expiry, enabled; on the simulator an opening price too. */
export function AddPairModal({ open, onOpenChange, platforms }: AddPairModalProps) {
  const { t } = useTranslation('pairs');
  const { message } = App.useApp();
  const addCoin = useAddCoin();
  const isSim = (platformId: number | undefined) => platforms.find((p) => p.id === platformId)?.code === SIM_PLATFORM_CODE;

  return (
    <ModalForm<AddPairValues>
      name="add-pair"
      title={t('admin.add.title')}
      open={open}
      onOpenChange={onOpenChange}
      width={520}
      layout="vertical"
      dateFormatter={false}
      modalProps={{ destroyOnHidden: true, centered: true }}
      initialValues={{ platformId: platforms.find((p) => p.code === SIM_PLATFORM_CODE)?.id, enabled: true, priceBand: PRICE_BAND_DEFAULT }}
      onFinish={async ({ platformId, coinName, openingPrice, endTimeStamp, enabled, priceBand }) => {
        const pair = coinName.trim().toUpperCase();
        await addCoin.mutateAsync({
          platformId,
          coinName: pair,
          status: enabled ? 'enabled' : 'disabled',
          ...(priceBand ? { priceBand } : {}),
          ...(pickerEpochMs(endTimeStamp) !== null ? { endTimeStamp: pickerEpochMs(endTimeStamp) } : {}),
          ...(openingPrice && isSim(platformId) ? { openingPrice: openingPrice.trim() } : {}),
        });
        void message.success(t('admin.add.success', { pair }));
        return true;
      }}
    >
      <ProFormSelect
        name="platformId"
        label={t('admin.form.platform')}
        options={platforms.map((p) => ({ value: p.id, label: platformLabel(p, t) }))}
        // A desk lists a dozen venues and their testnets: typing finds one faster than scrolling.
        fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
        rules={[{ required: true, message: t('admin.form.platform.required') }]}
      />
      <ProFormDependency name={['platformId']}>
        {({ platformId }: { platformId?: number }) => (
          <>
            <ProFormText
              name="coinName"
              label={t('admin.form.coinName')}
              placeholder={t('admin.form.coinName.placeholder')}
              extra={t(isSim(platformId) ? 'admin.form.coinName.extraSim' : 'admin.form.coinName.extraLive')}
              rules={[{ required: true, whitespace: true, pattern: /^\s*[A-Za-z0-9]+\/[A-Za-z0-9]+\s*$/, message: t('admin.form.coinName.required') }]}
              fieldProps={{ autoComplete: 'off' }}
            />
            {isSim(platformId) && (
              <ProFormText
                name="openingPrice"
                label={t('admin.form.openingPrice')}
                placeholder="1"
                extra={t('admin.form.openingPrice.extra')}
                rules={[{ pattern: POSITIVE_DECIMAL, message: t('admin.form.openingPrice.invalid') }]}
                fieldProps={{ inputMode: 'decimal', autoComplete: 'off' }}
              />
            )}
          </>
        )}
      </ProFormDependency>
      <PairServiceFields />
    </ModalForm>
  );
}
