import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from './decimal-input';
import { rangeRules } from './form-rules';
import { useTrading } from '@/market-data/components/trading-context';

/** One end of a price range (`minPrice` or `maxPrice`), checked against the other end. */
export function PriceRangeField({ bound, requiredMessage }: { bound: 'min' | 'max'; requiredMessage: string }) {
  const { t } = useTranslation('trading');
  const { pair, precision } = useTrading();
  const other = bound === 'min' ? 'maxPrice' : 'minPrice';
  return (
    <Form.Item
      name={`${bound}Price`}
      label={t(`range.${bound}`)}
      dependencies={[other]}
      rules={rangeRules(bound, other, {
        required: requiredMessage,
        positive: t('validation.positive'),
        minAboveMax: t('range.minAboveMax'),
        maxBelowMin: t('range.maxBelowMin'),
      })}
    >
      <DecimalInput decimals={precision.price} unit={pair.quote} />
    </Form.Item>
  );
}
