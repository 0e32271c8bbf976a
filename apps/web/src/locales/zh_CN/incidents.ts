import type en from '../en_US/incidents';
import type { Messages } from '../types';

const zh: Messages<typeof en> = {
  bell: '事件',
  'bell.unread_one': '{{count}} 条未读事件',
  'bell.unread_other': '{{count}} 条未读事件',
  title: '事件中心',
  empty: '您的交易对一切正常。',
  markRead: '标为已读',
  markAllRead: '全部标为已读',
  unread: '未读',
  bot: '机器人 #{{id}}',
  'level.info': '信息',
  'level.warn': '警告',
  'level.error': '错误',
  'kind.monitor_alert': '监控告警',
  'kind.emergency_stop': '紧急停止',
  'kind.bot_stopped': '机器人停止',
  'kind.key_throttled': '密钥被限流',
  'kind.venue_down': '交易所故障',
  'kind.venue_up': '交易所恢复',
  'kind.stream_down': '行情中断',
  'kind.stream_up': '行情恢复',
  'kind.key_refused': '密钥被拒',
  'kind.obligation_breach': '义务未达标',
  'kind.obligation_recovered': '义务恢复达标',
  'kind.obligation_at_risk': '义务无法达标',
  haltedTitle: '{{pair}} 已暂停',
  haltedHint: '重新启动该交易对的任一机器人后解除暂停。',
  trouble: '需要处理',
  newIncident: '{{pair}} 有新事件',
};
export default zh;
