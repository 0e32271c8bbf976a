import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../live/live-status';

const BADGE = { live: 'success', connecting: 'processing', polling: 'warning' } as const;

/** Whether the screen streams (WebSocket) or polls every 2 s while the socket is down. */
export function LiveBadge() {
  const { t } = useTranslation('trading');
  const status = useLiveStatus();
  return (
    <Tooltip title={t(`live.${status}.tooltip`)}>
      <Badge status={BADGE[status]} text={t(`live.${status}`)} className="md-live-badge" />
    </Tooltip>
  );
}
