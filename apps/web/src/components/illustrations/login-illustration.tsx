import { theme } from 'antd';
import { DOWN_COLOR, UP_COLOR } from '@/lib/market-colors';

/** Open, close, high, low of the decorative chart; the shape only, no market is implied. */
const candles: ReadonlyArray<readonly [number, number, number, number]> = [
  [200, 196, 203, 189], [196, 184, 201, 179], [184, 172, 189, 169], [172, 171, 174, 168],
  [171, 169, 178, 167], [169, 162, 176, 153], [162, 165, 170, 153], [165, 153, 173, 149],
  [153, 143, 156, 139], [143, 158, 161, 137], [158, 167, 171, 152], [167, 159, 169, 155],
  [159, 169, 174, 154], [169, 177, 182, 165], [177, 190, 197, 173], [190, 198, 203, 182],
];
const askDepths = [38, 54, 30, 66, 44, 22];
const bidDepths = [26, 48, 70, 40, 58, 34];

const toY = (price: number) => 340 - price;
const candleX = (index: number) => 56 + index * 17;

/** The login screen's illustration: a chart, an order book and a running bot. */
export function LoginIllustration() {
  const { token } = theme.useToken();
  const average = candles.map(([open, close], i) => `${i === 0 ? 'M' : 'L'}${candleX(i) + 4.5},${toY((open + close) / 2)}`).join(' ');
  return (
    <svg viewBox="0 0 480 360" width="100%" role="img" aria-hidden="true" style={{ maxWidth: 520, display: 'block' }}>
      <rect x="24" y="40" width="316" height="250" rx="14" fill="rgba(255,255,255,0.035)" stroke="rgba(255,255,255,0.08)" />
      {[90, 140, 190, 240].map((y) => (
        <line key={y} x1="40" x2="324" y1={y} y2={y} stroke="rgba(255,255,255,0.06)" strokeDasharray="4 6" />
      ))}
      <rect x="40" y="56" width="70" height="8" rx="4" fill="rgba(255,255,255,0.16)" />
      <rect x="116" y="56" width="36" height="8" rx="4" fill={UP_COLOR} opacity="0.7" />
      {candles.map(([open, close, high, low], i) => {
        const color = close >= open ? UP_COLOR : DOWN_COLOR;
        const top = toY(Math.max(open, close));
        const height = Math.max(2, Math.abs(open - close));
        return (
          <g key={i}>
            <line x1={candleX(i) + 4.5} x2={candleX(i) + 4.5} y1={toY(high)} y2={toY(low)} stroke={color} strokeWidth="1.5" />
            <rect x={candleX(i)} y={top} width="9" height={height} rx="1.5" fill={color} />
          </g>
        );
      })}
      <path d={average} fill="none" stroke={token.colorPrimary} strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      {[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => (
        <rect key={i} x={candleX(i) + 8} y={276 - ((i * 7) % 19) - 6} width="7" height={((i * 7) % 19) + 6} rx="1" fill="rgba(255,255,255,0.1)" />
      ))}

      <rect x="352" y="40" width="108" height="250" rx="14" fill="rgba(255,255,255,0.035)" stroke="rgba(255,255,255,0.08)" />
      {askDepths.map((depth, i) => (
        <g key={`ask-${i}`}>
          <rect x={448 - depth} y={58 + i * 17} width={depth} height="11" rx="2" fill={DOWN_COLOR} opacity="0.22" />
          <rect x="364" y={61 + i * 17} width="30" height="5" rx="2.5" fill={DOWN_COLOR} opacity="0.85" />
        </g>
      ))}
      <rect x="364" y="161" width="56" height="9" rx="4.5" fill="rgba(255,255,255,0.75)" />
      {bidDepths.map((depth, i) => (
        <g key={`bid-${i}`}>
          <rect x={448 - depth} y={182 + i * 17} width={depth} height="11" rx="2" fill={UP_COLOR} opacity="0.22" />
          <rect x="364" y={185 + i * 17} width="30" height="5" rx="2.5" fill={UP_COLOR} opacity="0.85" />
        </g>
      ))}

      <g transform="translate(204 252)">
        <rect width="196" height="74" rx="14" fill={token.colorBgElevated} stroke={token.colorPrimary} strokeOpacity="0.55" />
        <circle cx="38" cy="37" r="20" fill={token.colorPrimary} opacity="0.18" />
        <rect x="27" y="28" width="22" height="18" rx="5" fill="none" stroke={token.colorPrimary} strokeWidth="2.5" />
        <line x1="38" x2="38" y1="22" y2="28" stroke={token.colorPrimary} strokeWidth="2.5" strokeLinecap="round" />
        <circle cx="38" cy="20" r="2.5" fill={token.colorPrimary} />
        <circle cx="33.5" cy="37" r="2.3" fill={token.colorPrimary} />
        <circle cx="42.5" cy="37" r="2.3" fill={token.colorPrimary} />
        <rect x="70" y="22" width="78" height="8" rx="4" fill="rgba(255,255,255,0.7)" />
        <rect x="70" y="40" width="104" height="6" rx="3" fill="rgba(255,255,255,0.22)" />
        <circle cx="176" cy="26" r="5" fill={UP_COLOR}>
          <animate attributeName="opacity" values="1;0.35;1" dur="2s" repeatCount="indefinite" />
        </circle>
      </g>
    </svg>
  );
}
