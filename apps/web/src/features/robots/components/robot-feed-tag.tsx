import type { RobotFeed } from '@makerdesk/contract';
import { Tag, Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedSinceText } from '../utils/feed';
import '../robots-i18n';

/**
 * How a live bot's venue data reaches it (issue 19): a quiet "Stream", or a warning while it polls
 * (the stream is down, since when; or the venue has none). Nothing for a bot without a feed (the
 * simulator, a bot not running, a server that does not tell).
 */
export function RobotFeedTag({ feed, now = Date.now() }: { feed: RobotFeed | null | undefined; now?: number }) {
  const { t } = useTranslation('robots');
  if (!feed) return null;
  if (feed.mode === 'stream')
    return (
      <Tooltip title={t('feed.streamHint')}>
        <Tag bordered={false} className="md-robot-feed" data-testid="robot-feed" data-feed="stream">
          {t('feed.stream')}
        </Tag>
      </Tooltip>
    );
  const down = feed.reason === 'down';
  return (
    <Tooltip title={t(down ? 'feed.pollingDownHint' : 'feed.pollingUnsupportedHint')}>
      <Tag color="warning" icon={down ? <WarningOutlined /> : undefined} className="md-robot-feed" data-testid="robot-feed" data-feed={down ? 'down' : 'unsupported'}>
        {down ? t('feed.pollingDown', { time: feedSinceText(feed.since, now) }) : t('feed.pollingUnsupported')}
      </Tag>
    </Tooltip>
  );
}
