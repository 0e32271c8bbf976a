import { theme } from 'antd';
import { DOWN_COLOR, UP_COLOR } from '@/lib/market-colors';

const asks = [46, 30, 58, 22];
const bids = [28, 52, 36, 62];

/** The empty states' illustration: an order book waiting for its key. */
export function EmptyIllustration({ width = 220 }: { width?: number }) {
  const { token } = theme.useToken();
  return (
    <svg viewBox="0 0 240 160" width={width} role="img" aria-hidden="true" style={{ display: 'block', margin: '0 auto' }}>
      <rect x="20" y="14" width="150" height="132" rx="12" fill="rgba(255,255,255,0.035)" stroke="rgba(255,255,255,0.08)" />
      <rect x="34" y="28" width="46" height="6" rx="3" fill="rgba(255,255,255,0.16)" />
      <rect x="118" y="28" width="38" height="6" rx="3" fill="rgba(255,255,255,0.1)" />
      {asks.map((w, i) => (
        <g key={`a${i}`}>
          <rect x={156 - w} y={44 + i * 12} width={w} height="8" rx="2" fill={DOWN_COLOR} opacity="0.18" />
          <rect x="34" y={46 + i * 12} width="30" height="4" rx="2" fill={DOWN_COLOR} opacity="0.75" />
        </g>
      ))}
      <rect x="34" y="93" width="64" height="5" rx="2.5" fill="rgba(255,255,255,0.3)" />
      {bids.map((w, i) => (
        <g key={`b${i}`}>
          <rect x={156 - w} y={104 + i * 10} width={w} height="7" rx="2" fill={UP_COLOR} opacity="0.18" />
          <rect x="34" y={105.5 + i * 10} width="30" height="4" rx="2" fill={UP_COLOR} opacity="0.75" />
        </g>
      ))}
      <g transform="translate(150 52)">
        <circle cx="34" cy="34" r="34" fill={token.colorPrimary} opacity="0.14" />
        <circle cx="26" cy="30" r="13" fill="none" stroke={token.colorPrimary} strokeWidth="5" />
        <path d="M36 38 L58 60 M48 50 L54 44 M53 55 L58 50" stroke={token.colorPrimary} strokeWidth="5" strokeLinecap="round" fill="none" />
      </g>
    </svg>
  );
}
