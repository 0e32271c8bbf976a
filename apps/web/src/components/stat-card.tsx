import { InfoCircleOutlined } from '@ant-design/icons';
import { Card, Skeleton, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';

interface StatCardProps {
  title: string;
  /** Null while loading. */
  value: ReactNode | null;
  unit?: string;
  note?: ReactNode;
  /** A second line under the note. */
  extra?: ReactNode;
  tooltip?: string;
  tone?: 'up' | 'down';
  /** Names the card in the page (`data-figure`). */
  figure?: string;
}

/** One figure: its name, the value with its unit, a line saying what it is made of. */
export function StatCard({ title, value, unit, note, extra, tooltip, tone, figure }: StatCardProps) {
  return (
    <Card size="small" className="md-stat" data-figure={figure}>
      <Typography.Text type="secondary" className="md-stat-title">
        {title}
        {tooltip && (
          <Tooltip title={tooltip}>
            <InfoCircleOutlined className="md-stat-info" aria-label={tooltip} />
          </Tooltip>
        )}
      </Typography.Text>
      {value === null ? (
        <Skeleton.Input active size="small" className="md-stat-skeleton" />
      ) : (
        <div className={`md-stat-value${tone ? ` md-price-${tone === 'up' ? 'buy' : 'sell'}` : ''}`}>
          {value}
          {unit && <span className="md-stat-unit">{unit}</span>}
        </div>
      )}
      <div className="md-stat-note">{note ?? '\u00a0'}</div>
      {extra && <div className="md-stat-note">{extra}</div>}
    </Card>
  );
}
