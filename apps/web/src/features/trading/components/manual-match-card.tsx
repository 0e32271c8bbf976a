import { ThunderboltOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Segmented, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFixed, formatPlain, isPositive } from '@/lib/numbers';
import { usePrice } from '@/market-data/api/get-price';
import { useWallet } from '@/market-data/api/get-wallet';
import { usePerformTrade } from '../api/perform-trade';
import type { Direction } from '@/market-data/types';
import { DecimalInput } from './decimal-input';
import { notionalOf, withDeviationConfirmation } from './deviation-confirm';
import { amountRules, positiveRules } from './form-rules';
import { useTrading } from '@/market-data/components/trading-context';

interface MatchValues {
  price?: string;
  amount?: string;
}

/** Manual match: an immediate-or-cancel order at a limit price; what does not fill at once is canceled. */
export function ManualMatchCard() {
  const { t } = useTranslation('trading');
  const { message, modal } = App.useApp();
  const { pair, precision, picked } = useTrading();
  const wallet = useWallet(pair.coinId);
  const ticker = usePrice(pair.coinId);
  const match = usePerformTrade();
  const [direction, setDirection] = useState<Direction>('buy');
  const [form] = Form.useForm<MatchValues>();
  const available = { base: wallet.data?.base.available ?? '0', quote: wallet.data?.quote.available ?? '0' };

  useEffect(() => {
    if (picked) form.setFieldValue('price', picked.price);
  }, [picked, form]);

  const submit = async ({ price, amount }: MatchValues) => {
    if (!price || !amount) return;
    const request = { coinId: pair.coinId, direction, price, amount };
    const order = await withDeviationConfirmation((confirm) => match.mutateAsync(confirm ? { ...request, confirmDeviation: true } : request), modal, t, {
      direction,
      amount,
      notional: notionalOf(price, amount),
      available: direction === 'buy' ? available.quote : available.base,
      pair,
      precision,
    });
    if (order === null) return;
    const filled = formatFixed(order.filledAmount, precision.amount);
    const text = t('match.result', { filled, amount: formatFixed(order.amount, precision.amount), asset: pair.base, status: t(`status.${order.status}`) });
    if (isPositive(order.filledAmount)) void message.success(text);
    else void message.warning(text);
    form.setFieldValue('amount', undefined);
  };

  return (
    <Card size="small" className="md-panel" title={t('match.title')}>
      <Typography.Paragraph type="secondary" className="md-panel-note">
        {t('match.description')}
      </Typography.Paragraph>
      <Form<MatchValues> form={form} name="manual-match" layout="vertical" requiredMark={false} onFinish={submit} aria-label={t('match.title')}>
        <Segmented<Direction>
          block
          value={direction}
          onChange={(value) => {
            setDirection(value);
            void form.validateFields(['amount']).catch(() => undefined);
          }}
          className={`md-side-switch md-side-switch-${direction}`}
          options={[
            { value: 'buy', label: t('side.buy') },
            { value: 'sell', label: t('side.sell') },
          ]}
          style={{ marginBottom: 12 }}
        />
        <Form.Item
          name="price"
          label={t('match.price')}
          rules={positiveRules(t('validation.price.required'), t('validation.positive'))}
        >
          <DecimalInput decimals={precision.price} unit={pair.quote} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('ticket.amount')}
          dependencies={['price']}
          rules={amountRules(direction, () => form.getFieldValue('price') as string | undefined, available, {
            required: t('validation.amount.required'),
            positive: t('validation.positive'),
            exceeds: t(direction === 'buy' ? 'validation.buyExceeds' : 'validation.sellExceeds'),
            belowMin: (min) => t('validation.belowMin', { min: formatPlain(min), unit: pair.base }),
          }, () => ticker.data?.minAmount ?? undefined)}
        >
          <DecimalInput decimals={precision.amount} unit={pair.base} />
        </Form.Item>
        <Button htmlType="submit" block icon={<ThunderboltOutlined />} className={`md-btn-${direction}`} loading={match.isPending}>
          {t('match.submit')}
        </Button>
      </Form>
    </Card>
  );
}
