import { App, Alert, Button, Col, Flex, Form, InputNumber, Row, Segmented, Select, Space, Table, Typography } from 'antd';
import { mul } from '@makerdesk/format';
import { useTranslation } from 'react-i18next';
import { formatFixed, isPositive } from '@/lib/numbers';
import { useGenerateOrders } from '../api/generate-orders';
import { useWallet } from '@/market-data/api/get-wallet';
import type { Direction } from '@/market-data/types';
import { exceedsBalance } from '../utils/balance-check';
import { BATCH_ORDER_COUNT_MAX, distributions, type BatchOrder, type Distribution } from '@makerdesk/contract';
import { previewBatch, type BatchPreview } from '../utils/batch-split';
import { DecimalInput } from './decimal-input';
import { withDeviationConfirmation } from './deviation-confirm';
import { positiveRules } from './form-rules';
import { PriceRangeField } from './price-range-field';
import { useTrading } from '@/market-data/components/trading-context';

interface BatchValues {
  direction: Direction;
  amount?: string;
  count?: number;
  minPrice?: string;
  maxPrice?: string;
  distribution: Distribution;
}

/** Batch orders: one amount split into up to 100 limit orders across a price range, previewed before it is sent. */
export function BatchOrderForm() {
  const { t } = useTranslation('trading');
  const { message, notification, modal } = App.useApp();
  const { pair, precision } = useTrading();
  const wallet = useWallet(pair.coinId);
  const generate = useGenerateOrders();
  const [form] = Form.useForm<BatchValues>();
  const values = Form.useWatch([], form) as BatchValues | undefined;
  const available = { base: wallet.data?.base.available ?? '0', quote: wallet.data?.quote.available ?? '0' };
  const direction = values?.direction ?? 'buy';

  const preview: BatchPreview | null =
    values?.amount && values.count && values.minPrice && values.maxPrice && isPositive(values.amount)
      ? previewBatch({
          amount: values.amount,
          count: values.count,
          minPrice: values.minPrice,
          maxPrice: values.maxPrice,
          distribution: values.distribution,
          pricePrecision: precision.price,
          amountPrecision: precision.amount,
        })
      : null;
  const ready = preview?.kind === 'ok' ? preview : null;
  const exceeds = ready ? exceedsBalance(direction, { cost: ready.cost, amount: values?.amount ?? '0' }, available) : false;
  const exceedsText = t(direction === 'buy' ? 'validation.buyExceeds' : 'validation.sellExceeds');

  const submit = async (v: BatchValues) => {
    if (!v.amount || !v.count || !v.minPrice || !v.maxPrice) return;
    const request = {
      coinId: pair.coinId,
      direction: v.direction,
      amount: v.amount,
      count: v.count,
      minPrice: v.minPrice,
      maxPrice: v.maxPrice,
      distribution: v.distribution,
    };
    const result = await withDeviationConfirmation((confirm) => generate.mutateAsync(confirm ? { ...request, confirmDeviation: true } : request), modal, t, {
      direction: v.direction,
      amount: v.amount,
      notional: ready?.cost ?? '0',
      available: v.direction === 'buy' ? available.quote : available.base,
      pair,
      precision,
    });
    if (result === null) return;
    void message.success(t('batch.success', { placed: String(result.orders.length), count: v.count }));
    if (result.failed.length > 0) {
      notification.warning({
        message: t('batch.failed', { count: result.failed.length }),
        description: (
          <ul className="md-plain-list">
            {result.failed.map((f) => (
              <li key={`${f.price}-${f.amount}`}>
                {formatFixed(f.price, precision.price)} × {formatFixed(f.amount, precision.amount)}: {f.msg}
              </li>
            ))}
          </ul>
        ),
      });
    }
  };

  const columns = [
    { title: '#', key: 'index', width: 48, render: (_: unknown, __: BatchOrder, i: number) => i + 1 },
    { title: t('orders.price', { asset: pair.quote }), dataIndex: 'price', align: 'right' as const, render: (v: string) => formatFixed(v, precision.price) },
    { title: t('orders.amount', { asset: pair.base }), dataIndex: 'amount', align: 'right' as const, render: (v: string) => formatFixed(v, precision.amount) },
    {
      title: t('fills.value', { asset: pair.quote }),
      key: 'value',
      align: 'right' as const,
      render: (_: unknown, o: BatchOrder) => formatFixed(mul(o.price, o.amount), precision.price),
    },
  ];

  return (
    <Row gutter={[32, 16]}>
      <Col xs={24} lg={10}>
        <Form<BatchValues>
          form={form}
          name="batch-orders"
          layout="vertical"
          requiredMark={false}
          initialValues={{ direction: 'buy', distribution: 'uniform' }}
          onFinish={submit}
          aria-label={t('batch.title')}
        >
          <Form.Item name="direction" label={t('batch.direction')}>
            <Segmented<Direction>
              block
              className={`md-side-switch md-side-switch-${direction}`}
              options={[
                { value: 'buy', label: t('side.buy') },
                { value: 'sell', label: t('side.sell') },
              ]}
            />
          </Form.Item>
          <Row gutter={12}>
            <Col span={14}>
              <Form.Item
                name="amount"
                label={t('batch.amount')}
                rules={positiveRules(t('batch.amount.required'), t('validation.positive'))}
              >
                <DecimalInput decimals={precision.amount} unit={pair.base} />
              </Form.Item>
            </Col>
            <Col span={10}>
              <Form.Item name="count" label={t('batch.count')} rules={[{ required: true, message: t('batch.count.required') }]}>
                <InputNumber min={1} max={BATCH_ORDER_COUNT_MAX} precision={0} style={{ width: '100%' }} placeholder={`1–${BATCH_ORDER_COUNT_MAX}`} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col span={12}>
              <PriceRangeField bound="min" requiredMessage={t('range.min.required')} />
            </Col>
            <Col span={12}>
              <PriceRangeField bound="max" requiredMessage={t('range.max.required')} />
            </Col>
          </Row>
          <Form.Item name="distribution" label={t('batch.distribution')} tooltip={t('batch.distribution.tooltip')}>
            <Select options={distributions.map((d) => ({ value: d, label: t(`distribution.${d}`) }))} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={generate.isPending} disabled={exceeds || preview?.kind === 'too_small'}>
            {t('batch.submit', { count: ready?.orders.length ?? values?.count ?? 0 })}
          </Button>
        </Form>
      </Col>
      <Col xs={24} lg={14}>
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="baseline" wrap gap={8}>
            <Typography.Text strong>{t('batch.preview')}</Typography.Text>
            <Space size={16} wrap className="md-batch-summary">
              <span>
                <Typography.Text type="secondary">{t(direction === 'buy' ? 'batch.cost' : 'batch.quantity')} </Typography.Text>
                {ready ? (direction === 'buy' ? `${formatFixed(ready.cost, precision.price)} ${pair.quote}` : `${formatFixed(values?.amount, precision.amount)} ${pair.base}`) : '—'}
              </span>
              <span>
                <Typography.Text type="secondary">{t('ticket.available')} </Typography.Text>
                {direction === 'buy' ? `${formatFixed(available.quote, precision.price)} ${pair.quote}` : `${formatFixed(available.base, precision.amount)} ${pair.base}`}
              </span>
            </Space>
          </Flex>
          {exceeds && <Alert type="error" showIcon message={exceedsText} />}
          {preview?.kind === 'too_small' && <Alert type="error" showIcon message={t('batch.tooSmall', { min: preview.min, asset: pair.base })} />}
          {ready?.estimated && <Alert type="info" showIcon message={t('batch.randomNote')} />}
          <Table<BatchOrder & { key: number }>
            size="small"
            columns={columns}
            dataSource={(ready?.orders ?? []).map((o, key) => ({ ...o, key }))}
            pagination={false}
            scroll={{ y: 264 }}
            locale={{ emptyText: <Typography.Text type="secondary">{t('batch.preview.empty')}</Typography.Text> }}
          />
        </Flex>
      </Col>
    </Row>
  );
}
