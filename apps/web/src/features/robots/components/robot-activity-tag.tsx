import type { RobotActivity, RobotDto } from '@makerdesk/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { WarningFilled } from '@ant-design/icons';
import { formatDateTime } from '@/lib/format-time';
import { useBotInTrouble } from '@/market-data/api/get-incidents';
import { RobotFeedTag } from './robot-feed-tag';
import '../robots-i18n';

const colours: Record<RobotActivity, string> = {
  idle: 'default',
  scheduled: 'blue',
  starting: 'cyan',
  active: 'green',
  throttled: 'orange',
  stopping: 'gold',
};

/** What the engine is doing with a bot, in colour, with why when it matters (throttled, scheduled, failing, stopped). */
export function RobotActivityTag({ robot }: { robot: RobotDto }) {
  const { t } = useTranslation('robots');
  const trouble = useBotInTrouble(robot);
  const { t: ti } = useTranslation('incidents');
  const { activity, throttledUntil, consecutiveFailures } = robot.runtime;
  const notes: string[] = [];
  if (activity === 'throttled' && throttledUntil) notes.push(t('activity.throttledUntil', { time: formatDateTime(throttledUntil) }));
  if (activity === 'scheduled' && robot.startAt) notes.push(t('activity.scheduledAt', { time: formatDateTime(robot.startAt) }));
  if (consecutiveFailures > 0) notes.push(t('activity.failures', { count: consecutiveFailures }));
  if (robot.status === 'stopped' && robot.stopReason) notes.push(t('list.stopReason', { reason: robot.stopReason }));
  const tag = (
    <Tag color={colours[activity]} className="md-robot-activity" data-activity={activity}>
      {t(`activity.${activity}`)}
      {consecutiveFailures > 0 && ' !'}
    </Tag>
  );
  const withNotes = notes.length > 0 ? <Tooltip title={notes.join(' · ')}>{tag}</Tooltip> : tag;
  // A live bot: how its venue's data reaches it (stream, or polling and why); a bot switched off has none.
  const feed = robot.status === 'running' ? robot.runtime.feed : null;
  const shown = feed ? (
    <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
      {withNotes}
      <RobotFeedTag feed={feed} />
    </span>
  ) : (
    withNotes
  );
  if (!trouble) return shown;
  return (
    <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
      {shown}
      {/* An unread warning or error about the bot in the incident centre, or stopped by its failures. */}
      <Tag color="red" icon={<WarningFilled />} data-testid="bot-trouble">
        {ti('trouble')}
      </Tag>
    </span>
  );
}
