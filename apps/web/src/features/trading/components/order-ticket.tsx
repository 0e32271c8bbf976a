import { App, Button, Card, Col, Flex, Form, Row, Slider, Typography } from 'antd';
import { mul } from '@makerdesk/format';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFixed, formatPlain, isPositive } from '@/lib/numbers';
import { useAddOrder } from '../api/add-order';
import { usePrice } from '@/market-data/api/get-price';
import { useWallet } from '@/market-data/api/get-wallet';
import type { Direction } from '@/market-data/types';
import { amountForShare } from '../utils/balance-check';
import { notionalOf, withDeviationConfirmation } from './deviation-confirm';
import { DecimalInput } from './decimal-input';
import { amountRules, positiveRules } from './form-rules';
import { useTrading } from '@/market-data/components/trading-context';

type TradeType = 'limit' | 'market';
const SHARES = { 0: '0%', 25: '25%', 50: '50%', 75: '75%', 100: '100%' };

interface TicketValues {
  price?: string;
  amount?: string;
}

/** One side of the ticket: a buy spends quote, a sell spends base. */
function TicketSide({ direction, tradeType }: { direction: Direction; tradeType: TradeType }) {
  const { t } = useTranslation('trading');
  const { message, modal } = App.useApp();
  const { pair, precision, picked } = useTrading();
  const wallet = useWallet(pair.coinId);
  const price = usePrice(pair.coinId);
  const addOrder = useAddOrder();
  const [form] = Form.useForm<TicketValues>();
  const [share, setShare] = useState(0);
  const typedPrice = Form.useWatch('price', form);
  const amount = Form.useWatch('amount', form);

  // A market order fills against the book: a buy pays about the best ask, a sell gets about the best bid.
  const marketPrice = direction === 'buy' ? price.data?.ask : price.data?.bid;
  const priceFor = tradeType === 'limit' ? typedPrice : (marketPrice ?? undefined);
  const available = { base: wallet.data?.base.available ?? '0', quote: wallet.data?.quote.available ?? '0' };
  const spendable = direction === 'buy' ? available.quote : available.base;
  const cost = priceFor && amount && isPositive(priceFor) && isPositive(amount) ? mul(priceFor, amount) : null;

  useEffect(() => {
    if (picked && tradeType === 'limit') form.setFieldValue('price', picked.price);
  }, [picked, tradeType, form]);

  // The price field starts at the last trade, as on an exchange.
  const last = price.data?.last;
  useEffect(() => {
    if (tradeType === 'limit' && last && !form.getFieldValue('price')) form.setFieldValue('price', last);
  }, [last, tradeType, form]);

  const chooseShare = (percent: number) => {
    setShare(percent);
    const next = amountForShare(direction, percent, priceFor, available, precision.amount);
    form.setFieldValue('amount', isPositive(next) ? next : undefined);
    if (isPositive(next)) void form.validateFields(['amount']);
  };

  const submit = async ({ price: limitPrice, amount: quantity }: TicketValues) => {
    if (!quantity) return;
    const request = {
      coinId: pair.coinId,
      direction,
      tradeType,
      amount: quantity,
      ...(tradeType === 'limit' && limitPrice ? { price: limitPrice } : {}),
    };
    // A price beyond the pair's band asks a second time (the server's refusal names the distance).
    const placed = await withDeviationConfirmation((confirm) => addOrder.mutateAsync(confirm ? { ...request, confirmDeviation: true } : request), modal, t, {
      direction,
      amount: quantity,
      notional: limitPrice ? notionalOf(limitPrice, quantity) : '0',
      available: spendable,
      pair,
      precision,
    });
    if (placed === null) return;
    void message.success(t('ticket.success'));
    form.setFieldValue('amount', undefined);
    setShare(0);
  };

  const asset = direction === 'buy' ? pair.quote : pair.base;
  return (
    <Form<TicketValues>
      form={form}
      name={`ticket-${direction}`}
      layout="vertical"
      requiredMark={false}
      className={`md-ticket md-ticket-${direction}`}
      onFinish={submit}
      onValuesChange={(changed: TicketValues) => {
        if ('amount' in changed) setShare(0);
      }}
      aria-label={t(direction === 'buy' ? 'ticket.buy' : 'ticket.sell', { asset: pair.base })}
    >
      <Flex justify="space-between" className="md-ticket-available">
        <Typography.Text type="secondary">{t('ticket.available')}</Typography.Text>
        <span>
          {formatFixed(spendable, direction === 'buy' ? precision.price : precision.amount)} {asset}
        </span>
      </Flex>
      {tradeType === 'limit' ? (
        <Form.Item
          name="price"
          label={t('ticket.price')}
          rules={positiveRules(t('validation.price.required'), t('validation.positive'))}
        >
          <DecimalInput decimals={precision.price} unit={pair.quote} placeholder={t('ticket.price')} />
        </Form.Item>
      ) : (
        <Form.Item label={t('ticket.price')}>
          <DecimalInput decimals={precision.price} unit={pair.quote} disabled placeholder={t('ticket.marketPrice')} />
        </Form.Item>
      )}
      <Form.Item
        name="amount"
        label={t('ticket.amount')}
        dependencies={['price']}
        rules={amountRules(direction, () => priceFor, available, {
          required: t('validation.amount.required'),
          positive: t('validation.positive'),
          exceeds: t(direction === 'buy' ? 'validation.buyExceeds' : 'validation.sellExceeds'),
          belowMin: (min) => t('validation.belowMin', { min: formatPlain(min), unit: pair.base }),
        }, () => price.data?.minAmount ?? undefined)}
      >
        <DecimalInput decimals={precision.amount} unit={pair.base} placeholder={t('ticket.amount')} />
      </Form.Item>
      <Slider
        className="md-ticket-slider"
        marks={SHARES}
        step={null}
        value={share}
        onChange={chooseShare}
        tooltip={{ formatter: (v) => `${v ?? 0}%` }}
        aria-label={t('ticket.share')}
      />
      <Flex justify="space-between" className="md-ticket-total">
        <Typography.Text type="secondary">{t(tradeType === 'market' ? 'ticket.estimated' : 'ticket.total')}</Typography.Text>
        <span>{cost ? `${formatFixed(cost, precision.price)} ${pair.quote}` : '—'}</span>
      </Flex>
      <Button htmlType="submit" block className={`md-btn-${direction}`} loading={addOrder.isPending}>
        {t(direction === 'buy' ? 'ticket.buy' : 'ticket.sell', { asset: pair.base })}
      </Button>
    </Form>
  );
}

/** Manual trading: limit or market, a buy and a sell form side by side. */
export function OrderTicket() {
  const { t } = useTranslation('trading');
  const [tradeType, setTradeType] = useState<TradeType>('limit');
  return (
    <Card
      size="small"
      className="md-panel"
      activeTabKey={tradeType}
      onTabChange={(key) => setTradeType(key as TradeType)}
      tabList={[
        { key: 'limit', label: t('ticket.limit') },
        { key: 'market', label: t('ticket.market') },
      ]}
      tabProps={{ size: 'small' }}
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} md={12}>
          <TicketSide key={`buy-${tradeType}`} direction="buy" tradeType={tradeType} />
        </Col>
        <Col xs={24} md={12}>
          <TicketSide key={`sell-${tradeType}`} direction="sell" tradeType={tradeType} />
        </Col>
      </Row>
    </Card>
  );
}
