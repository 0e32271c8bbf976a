import type { ServerTextTemplates } from './server-text.ts';

/** The incident centre's titles and texts, and what goes to the alert channels with them (issue 18 §1, §6). */
export const incidentTexts: ServerTextTemplates = {
  'incident.monitorAlertTitle': { en: '{title}', zh: '{title}' },
  'incident.monitorAlertText': { en: '{text}', zh: '{text}' },
  'incident.emergencyStopTitle': { en: 'Emergency stop of {pair}', zh: '{pair} 紧急停止' },
  'incident.emergencyStopText': {
    en: 'Halted by {by} at {time}: {orders} order(s) cancelled, {bots} bot(s) stopped. Reason: {reason}',
    zh: '由 {by} 于 {time} 紧急停止：撤销 {orders} 笔订单，停止 {bots} 个机器人。原因：{reason}',
  },
  'incident.emergencyStopFailed': {
    en: 'Halted by {by} at {time}: {orders} order(s) cancelled, {bots} bot(s) stopped, {failed} order(s) not confirmed yet (still being cancelled). Reason: {reason}',
    zh: '由 {by} 于 {time} 紧急停止：撤销 {orders} 笔订单，停止 {bots} 个机器人，{failed} 笔订单尚未确认（仍在撤销）。原因：{reason}',
  },
  'incident.halted': {
    en: 'Halted by {by} at {time}: {orders} order(s) cancelled, {bots} bot(s) stopped',
    zh: '已由 {by} 于 {time} 紧急停止：撤销 {orders} 笔订单，停止 {bots} 个机器人',
  },
  'incident.byBot': { en: 'bot #{byBot}', zh: '机器人 #{byBot}' },
  'incident.reasonStopButton': { en: 'stop button pressed', zh: '按下了紧急停止按钮' },
  'incident.botFailedTitle': { en: 'Bot {bot} stopped by failures', zh: '机器人 {bot} 因连续失败而停止' },
  'incident.botFailedText': { en: 'Bot {bot} on {pair} stopped itself: {reason}', zh: '{pair} 上的机器人 {bot} 已自行停止：{reason}' },
  'incident.botGuardTitle': { en: 'Bot {bot} stopped by a guard', zh: '机器人 {bot} 被风控停止' },
  'incident.botGuardText': { en: 'Bot {bot} on {pair} was stopped: {reason}', zh: '{pair} 上的机器人 {bot} 已被停止：{reason}' },
  'incident.keyThrottledTitle': { en: 'Key throttled by the venue', zh: 'API 密钥被交易所限流' },
  'incident.keyThrottledText': {
    en: 'The venue rate-limited the key of bot {bot} on {pair}; its ticks wait until the limit passes',
    zh: '交易所对 {pair} 上机器人 {bot} 的 API 密钥限流，其周期暂停至限流结束',
  },
  'incident.keyRefusedTitle': { en: 'Key refused by the venue', zh: 'API 密钥被交易所拒绝' },
  'incident.keyRefusedText': { en: 'The venue refused the key of bot {bot} on {pair}: {reason}', zh: '交易所拒绝了 {pair} 上机器人 {bot} 的 API 密钥：{reason}' },
  'incident.venueDownTitle': { en: 'Venue unreachable', zh: '交易所无法访问' },
  'incident.venueDownText': { en: 'Bot {bot} on {pair} cannot reach the venue: {reason}', zh: '{pair} 上的机器人 {bot} 无法访问交易所：{reason}' },
  'incident.venueUnreachableTitle': { en: 'Venue {venue} unreachable', zh: '交易所 {venue} 无法访问' },
  'incident.venueUnreachableText': {
    en: 'Venue {venue} has not answered since {since} ({failures} failed calls in a row; last: {what})',
    zh: '交易所 {venue} 自 {since} 起无应答（连续 {failures} 次调用失败；最近一次：{what}）',
  },
  'incident.venueUpTitle': { en: 'Venue {venue} reachable again', zh: '交易所 {venue} 已恢复访问' },
  'incident.venueUpText': { en: 'Venue {venue} answers again after {down} out of reach (since {since})', zh: '交易所 {venue} 在无法访问 {down} 后恢复应答（自 {since} 起中断）' },
  'incident.streamDownTitle': { en: 'Live data of {pair} stopped', zh: '{pair} 实时行情已中断' },
  'incident.streamDownText': {
    en: 'The live feed of {pair} from {venue} has delivered nothing since {since} ({what}) while consoles are watching it',
    zh: '来自 {venue} 的 {pair} 实时行情自 {since} 起无数据（{what}），控制台仍在订阅',
  },
  'incident.streamUpTitle': { en: 'Live data of {pair} back', zh: '{pair} 实时行情已恢复' },
  'incident.streamUpText': { en: 'The live feed of {pair} from {venue} delivers again after {down} without data (since {since})', zh: '来自 {venue} 的 {pair} 实时行情在中断 {down} 后恢复（自 {since} 起中断）' },
  'incident.feedDownTitle': { en: 'Stream of {pair} down: bots polling', zh: '{pair} 实时推送中断：机器人改用轮询' },
  'incident.feedDownText': {
    en: "The stream of {venue} for {pair} has been down since {since}: the key's bots read the market and the account by REST polling (slower, and heavier on the venue's rate limits)",
    zh: '{venue} 的 {pair} 实时推送自 {since} 起中断：该密钥的机器人改为 REST 轮询读取行情与账户（更慢，且更占用交易所限频额度）',
  },
  'incident.feedUpTitle': { en: 'Stream of {pair} back', zh: '{pair} 实时推送已恢复' },
  'incident.feedUpText': {
    en: "The stream of {venue} for {pair} is back after {down} down (since {since}): the key's bots are pushed the market and the account again",
    zh: '{venue} 的 {pair} 实时推送在中断 {down} 后恢复（自 {since} 起中断）：该密钥的机器人重新由推送获取行情与账户',
  },
  'incident.keyRefusedByVenueTitle': { en: 'Key refused by {venue}', zh: 'API 密钥被 {venue} 拒绝' },
  'incident.keyRefusedByVenueText': {
    en: 'Venue {venue} refused the key on {call}: {reason}. Check the key, its permissions and its bound IP addresses',
    zh: '交易所 {venue} 在 {call} 调用时拒绝了 API 密钥：{reason}。请检查密钥、其权限及绑定的 IP 地址',
  },
  'incident.keyRefusedStoppedBotsText': {
    en: 'Venue {venue} refused the key on {call}: {reason}. Bots stopped by it: {bots}. Check the key, its permissions and its bound IP addresses',
    zh: '交易所 {venue} 在 {call} 调用时拒绝了 API 密钥：{reason}。因此停止的机器人：{bots}。请检查密钥、其权限及绑定的 IP 地址',
  },
  'incident.obligationBreachTitle': { en: 'Liquidity obligation of {pair} breached', zh: '{pair} 流动性义务未达标' },
  'incident.obligationBreachText': {
    en: 'The desk has not kept the obligation of {pair} since {since}: {minutes} minute(s) in a row up less than {minUptimePct} % of the time, mostly because {why}. The obligation: spread at most {maxSpreadBps} bps, own depth within {depthWithinPct} % at least {minDepthQuote} per side',
    zh: '自 {since} 起未能履行 {pair} 的流动性义务：连续 {minutes} 分钟双边在线时间低于 {minUptimePct}%，主要原因：{why}。义务要求：价差不超过 {maxSpreadBps} bps，{depthWithinPct}% 范围内己方每侧深度不少于 {minDepthQuote}',
  },
  'incident.obligationWhy.gap': { en: 'no sample was taken (the server was down or the book unread)', zh: '没有采样（服务器停机或无法读取盘口）' },
  'incident.obligationWhy.noQuote': { en: 'the desk lacked a bid or an ask', zh: '己方缺少买单或卖单' },
  'incident.obligationWhy.spread': { en: 'its quotes were wider than {maxSpreadBps} bps', zh: '己方报价价差超过 {maxSpreadBps} bps' },
  'incident.obligationWhy.depth': { en: 'its own depth within {depthWithinPct} % was under {minDepthQuote} on a side', zh: '{depthWithinPct}% 范围内己方某一侧深度低于 {minDepthQuote}' },
  'incident.obligationRecoveredTitle': { en: 'Liquidity obligation of {pair} kept again', zh: '{pair} 流动性义务已恢复达标' },
  'incident.obligationRecoveredText': {
    en: 'The desk keeps the obligation of {pair} again since {since} ({minutes} minute(s) in a row), after {down} in breach (since {from})',
    zh: '自 {since} 起重新履行 {pair} 的流动性义务（连续 {minutes} 分钟达标），此前未达标 {down}（自 {from} 起）',
  },
  'incident.obligationAtRiskTitle': { en: 'Uptime of {pair} out of reach this {period}', zh: '{pair} 本{period}在线时间已无法达标' },
  'incident.obligationAtRiskText': {
    en: 'Even up every second from now, the two-sided uptime of {pair} this {period} can reach at most {bestPct} %, under the obligation’s {minUptimePct} % (up {up} of {elapsed} so far)',
    zh: '即使从现在起始终在线，{pair} 本{period}的双边在线时间最多只能达到 {bestPct}%，低于义务要求的 {minUptimePct}%（目前已在线 {up}，共 {elapsed}）',
  },
  'incident.obligationPeriod.day': { en: 'day', zh: '日' },
  'incident.obligationPeriod.month': { en: 'month', zh: '月' },
};
