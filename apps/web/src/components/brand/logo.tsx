import { theme } from 'antd';
import { useId } from 'react';

/** The MakerDesk mark: an M drawn as a price line, in the theme colour. */
export function Logo({ size = 28 }: { size?: number }) {
  const { token } = theme.useToken();
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="MakerDesk" style={{ display: 'block', flex: 'none' }}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={token.colorPrimaryHover} />
          <stop offset="1" stopColor={token.colorPrimaryActive} />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path d="M8 23V10.5l8 8.5 8-8.5V23" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
