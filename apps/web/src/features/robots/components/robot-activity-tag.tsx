import type { RobotActivity, RobotDto } from '@makerdesk/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-time';
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
  return notes.length > 0 ? <Tooltip title={notes.join(' · ')}>{tag}</Tooltip> : tag;
}
