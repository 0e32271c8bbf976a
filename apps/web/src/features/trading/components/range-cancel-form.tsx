import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Col, Form, Popconfirm, Row, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compareDecimals, isPositive } from '@/lib/numbers';
import { useCancelOrderList } from '../api/cancel-order-list';
import { useOpenOrders } from '@/market-data/api/get-open-orders';
import type { Direction } from '@/market-data/types';
import { PriceRangeField } from './price-range-field';
import { useTrading } from '@/market-data/components/trading-context';

type SideChoice = Direction | 'all';

interface RangeValues {
  minPrice?: string;
  maxPrice?: string;
  side: SideChoice;
}

/** Bulk cancel: every open order priced inside a range, of one side or both. */
export function RangeCancelForm() {
  const { t } = useTranslation('trading');
  const { message } = App.useApp();
  const { pair } = useTrading();
  const open = useOpenOrders(pair.coinId);
  const cancelRange = useCancelOrderList();
  const [form] = Form.useForm<RangeValues>();
  const [confirming, setConfirming] = useState(false);
  const values = Form.useWatch([], form) as RangeValues | undefined;

  // What the range holds now, as a hint; the server decides what it cancels.
  const min = values?.minPrice;
  const max = values?.maxPrice;
  const matching =
    min && max && isPositive(min) && isPositive(max)
      ? (open.data ?? []).filter(
          (o) =>
            o.price !== null &&
            (values.side === 'all' || o.direction === values.side) &&
            compareDecimals(o.price, min) >= 0 &&
            compareDecimals(o.price, max) <= 0,
        ).length
      : null;

  const submit = async ({ minPrice, maxPrice, side }: RangeValues) => {
    if (!minPrice || !maxPrice) return;
    setConfirming(false);
    const result = await cancelRange.mutateAsync({ coinId: pair.coinId, minPrice, maxPrice, ...(side === 'all' ? {} : { direction: side }) });
    void message.success(t('rangeCancel.success', { count: result.canceled.length }));
  };

  return (
    <Form<RangeValues> form={form} name="range-cancel" layout="vertical" requiredMark={false} initialValues={{ side: 'all' }} onFinish={submit} aria-label={t('rangeCancel.title')}>
      <Typography.Paragraph type="secondary">{t('rangeCancel.description')}</Typography.Paragraph>
      <Row gutter={16} align="bottom">
        <Col xs={24} sm={12} lg={6}>
          <PriceRangeField bound="min" requiredMessage={t('rangeCancel.required')} />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <PriceRangeField bound="max" requiredMessage={t('rangeCancel.required')} />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="side" label={t('rangeCancel.side')}>
            <Segmented<SideChoice>
              block
              options={[
                { value: 'all', label: t('rangeCancel.both') },
                { value: 'buy', label: t('side.buy') },
                { value: 'sell', label: t('side.sell') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item>
            <Popconfirm
              open={confirming}
              onOpenChange={(next) => {
                if (!next) setConfirming(false);
              }}
              title={t('rangeCancel.confirm')}
              description={matching === null ? undefined : t('rangeCancel.matching', { count: matching })}
              okText={t('orders.cancel.ok')}
              cancelText={t('orders.cancel.keep')}
              okButtonProps={{ danger: true }}
              onConfirm={() => form.submit()}
            >
              <Button
                danger
                block
                icon={<DeleteOutlined />}
                loading={cancelRange.isPending}
                onClick={() => void form.validateFields().then(() => setConfirming(true), () => undefined)}
              >
                {t('rangeCancel.submit')}
              </Button>
            </Popconfirm>
          </Form.Item>
        </Col>
      </Row>
      {matching !== null && (
        <Typography.Text type="secondary">{t('rangeCancel.matching', { count: matching })}</Typography.Text>
      )}
    </Form>
  );
}
