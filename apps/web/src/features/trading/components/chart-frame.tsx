import { Card } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnOverlayMessage } from '@/chart/own-overlay';
import { useMyTrades } from '@/market-data/api/get-my-trades';
import { useOpenOrders } from '@/market-data/api/get-open-orders';
import { useTrading } from '@/market-data/components/trading-context';
import type { MyTrade, Order } from '@/market-data/types';
import { sourceLabel } from './source-tag';

/**
 * The account's open limit orders and fills as the chart draws them, labelled with their source in the
 * reader's language (a line's colour and its axis label say its side).
 */
export function ownOverlayOf(t: TFunction<'trading'>, orders: readonly Order[], fills: readonly MyTrade[]): OwnOverlayMessage {
  return {
    type: 'ownOverlay',
    orders: orders.flatMap((o) => (o.price === null ? [] : [{ side: o.direction, price: o.price, label: sourceLabel(t, o.source) }])),
    fills: fills.map((f) => ({ side: f.side, price: f.price, time: f.timestamp, label: sourceLabel(t, f.source) })),
  };
}

/**
 * The embedded chart app (`/chart.html`, its own page). The address is fixed when the frame mounts;
 * later pair changes reach it as `symbolChange` messages (features/pairs/utils/chart-frames.ts),
 * so the chart keeps its state instead of reloading. The address is absolute from the site root,
 * so it is the same under the /zh-cn prefix. The account's open orders and fills reach it as an
 * `ownOverlay` message (chart/own-overlay.ts) whenever they change and when the frame loads.
 */
export function ChartFrame() {
  const { t, i18n } = useTranslation('trading');
  const { pair } = useTrading();
  const frame = useRef<HTMLIFrameElement>(null);
  const open = useOpenOrders(pair.coinId);
  const fills = useMyTrades(pair.coinId);
  const [src] = useState(() => {
    const params = new URLSearchParams({ symbol: pair.name.replace('/', ''), lang: i18n.language });
    return `/chart.html?${params.toString()}`;
  });
  const overlay = ownOverlayOf(t, open.data ?? [], fills.data ?? []);
  const latest = useRef(overlay);
  latest.current = overlay;
  const post = () => frame.current?.contentWindow?.postMessage(latest.current, window.location.origin);
  const key = JSON.stringify(overlay);
  useEffect(post, [key]);
  return (
    <Card size="small" className="md-panel md-chart-card" styles={{ body: { padding: 0 } }}>
      <iframe ref={frame} data-chart-frame src={src} title={t('chart.title', { pair: pair.name })} className="md-chart-frame" onLoad={post} />
    </Card>
  );
}
