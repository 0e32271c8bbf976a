import { CheckOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { saveThemeColor } from '@/lib/theme';

/** One theme colour choice: a round button that saves the colour, checked when it is the current one. */
export function ColorSwatch({ label, color, current }: { label: string; color: string; current: string }) {
  const selected = color.toLowerCase() === current.toLowerCase();
  return (
    <Tooltip title={label}>
      <button type="button" className="md-swatch" aria-label={label} aria-pressed={selected} style={{ background: color }} onClick={() => saveThemeColor(color)}>
        {selected && <CheckOutlined />}
      </button>
    </Tooltip>
  );
}
