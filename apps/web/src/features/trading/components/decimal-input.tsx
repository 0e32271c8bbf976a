import { InputNumber, type InputNumberProps } from 'antd';
import { stepOf } from '@/lib/numbers';

/** Keeps what the user types as a decimal string with at most `decimals` decimals: extra digits are cut, never rounded. */
export function cutDecimals(text: string | undefined, decimals: number): string {
  const clean = (text ?? '').replace(/[,\s]/g, '');
  const dot = clean.indexOf('.');
  if (dot < 0 || decimals < 0) return clean;
  return decimals === 0 ? clean.slice(0, dot) : clean.slice(0, dot + 1 + decimals);
}

interface DecimalInputProps extends Omit<InputNumberProps<string>, 'stringMode' | 'step' | 'parser' | 'precision'> {
  decimals: number;
  unit?: string;
}

/** A price or amount field: a decimal string (no floats), the pair's step, its unit after it. */
export function DecimalInput({ decimals, unit, ...props }: DecimalInputProps) {
  return (
    <InputNumber<string>
      stringMode
      min="0"
      step={stepOf(decimals)}
      controls={false}
      parser={(text) => cutDecimals(text, decimals)}
      suffix={unit && <span className="md-input-unit">{unit}</span>}
      style={{ width: '100%' }}
      {...props}
    />
  );
}
