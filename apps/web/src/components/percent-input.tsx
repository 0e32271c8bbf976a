import { Flex, Input, Typography, type InputProps } from 'antd';
import { useEffect, useState } from 'react';
import { fractionFromPercent, percentFromFraction } from '@makerdesk/format';

interface PercentInputProps extends Omit<InputProps, 'value' | 'onChange' | 'suffix'> {
  /** Something to write beside the field from the fraction it holds (a spread's basis points: "= 10 bps"). */
  beside?: (fraction: string) => string;
  /** The fraction the API keeps ("0.05"). */
  value?: string;
  /** Called with the fraction ("0.05" for "5"), or undefined while the text is no number. */
  onChange?: (fraction: string | undefined) => void;
}

/** A percent field over a fraction: shows "5 %" for 0.05 and hands 0.05 back (@makerdesk/format's percent fields); `beside` writes the value another way next to it. */
export function PercentInput({ value, onChange, beside, ...props }: PercentInputProps) {
  const [text, setText] = useState(() => percentFromFraction(value) ?? '');
  useEffect(() => {
    // Follow the form's value unless it is what the text already says.
    if (fractionFromPercent(text) !== value) setText(percentFromFraction(value) ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const input = (
    <Input
      inputMode="decimal"
      {...props}
      value={text}
      suffix={<span className="md-input-unit">%</span>}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(fractionFromPercent(e.target.value));
      }}
    />
  );
  if (!beside) return input;
  const fraction = fractionFromPercent(text);
  return (
    <Flex align="center" gap={8} className="md-percent-beside">
      {input}
      <Typography.Text type="secondary" className="md-percent-beside-text" data-testid="percent-beside">
        {fraction === undefined ? '' : beside(fraction)}
      </Typography.Text>
    </Flex>
  );
}
