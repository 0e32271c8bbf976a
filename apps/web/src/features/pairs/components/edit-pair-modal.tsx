import { ModalForm } from '@ant-design/pro-components';
import { PRICE_BAND_DEFAULT, type Coin } from '@makerdesk/contract';
import { App } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { pickerEpochMs } from '../utils/picker-time';
import { PairServiceFields } from './pair-service-fields';
import { useUpdateCoin } from '../api/update-coin';

interface EditPairValues {
  /** The picker's value (a dayjs); empty clears the expiry. */
  endTimeStamp?: Dayjs | string | number | null;
  enabled: boolean;
  /** The fat-finger band, a fraction (the field shows percent). */
  priceBand?: string;
}

interface EditPairModalProps {
  /** The pair being edited; null keeps the modal closed. */
  coin: Coin | null;
  onClose: () => void;
}

/** Edit a pair's service expiry, whether it is enabled, and its fat-finger band. */
export function EditPairModal({ coin, onClose }: EditPairModalProps) {
  const { t } = useTranslation('pairs');
  const { message } = App.useApp();
  const updateCoin = useUpdateCoin();

  return (
    <ModalForm<EditPairValues>
      name="edit-pair"
      key={coin?.coinId}
      title={coin ? t('admin.edit.title', { pair: coin.coinName }) : null}
      open={coin !== null}
      onOpenChange={(open) => !open && onClose()}
      width={480}
      layout="vertical"
      dateFormatter={false}
      modalProps={{ destroyOnHidden: true, centered: true }}
      initialValues={coin ? { endTimeStamp: coin.endTimeStamp === null ? undefined : dayjs(coin.endTimeStamp), enabled: coin.status === 'enabled', priceBand: coin.priceBand ?? PRICE_BAND_DEFAULT } : undefined}
      onFinish={async ({ endTimeStamp, enabled, priceBand }) => {
        if (!coin) return true;
        await updateCoin.mutateAsync({ coinId: coin.coinId, endTimeStamp: pickerEpochMs(endTimeStamp), status: enabled ? 'enabled' : 'disabled', ...(priceBand ? { priceBand } : {}) });
        void message.success(t('admin.edit.success', { pair: coin.coinName }));
        onClose();
        return true;
      }}
    >
      <PairServiceFields />
    </ModalForm>
  );
}
