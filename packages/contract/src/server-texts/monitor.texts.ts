import type { ServerTextTemplates } from './server-text.ts';

/**
 * What the risk-control monitors write (issue 18 §6, §7): their alert titles and texts (the alerts
 * list, the incidents made from them, each channel's delivery in its language), their trading-log
 * notices and their stop reasons. Params are formatted already: prices and amounts at the pair's
 * precision with separators and their unit, percentages with a % sign.
 *
 * Nested texts share one set of params (a `'@key'` param renders that template with the same
 * params), so the clauses below never use the names the templates around them use: `reason`,
 * `cause`, `symbol`, `which`, `count`, `ids`, `by`, `time`, `orders`, `bots`, `failed`, `title`, `text`, `pair` (the same value everywhere), `stopBy`.
 */

/** At most this many bots are listed one per line in a balance report; more are counted. */
export const REPORT_BOT_LINES = 20;

const clauses: ServerTextTemplates = {
  'monitor.price.below': { en: 'the price {price} is below the lower bound {lower}', zh: '价格 {price} 低于下限 {lower}' },
  'monitor.price.above': { en: 'the price {price} is above the upper bound {upper}', zh: '价格 {price} 高于上限 {upper}' },
  'monitor.price.moved': { en: 'the price {price} moved {direction} {move} within {minutes} min (limit {limit})', zh: '价格 {price} 在 {minutes} 分钟内{direction} {move}（上限 {limit}）' },
};

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Each clause also as the start of a sentence (`monitor.price.belowSentence`). */
const sentences: ServerTextTemplates = Object.fromEntries(Object.entries(clauses).map(([key, t]) => [`${key}Sentence`, { en: capitalised(t.en), zh: t.zh }]));

/** A balance report's bot lines, numbered so that several bots' params live side by side. */
function reportBotLines(): ServerTextTemplates {
  const out: ServerTextTemplates = {};
  for (let i = 1; i <= REPORT_BOT_LINES; i++) {
    out[`monitor.report.bot${i}`] = {
      en: `#{id${i}} {type${i}} ({status${i}}): {trades${i}} trades, volume {volume${i}}, fees {fees${i}}, {pnl${i}}`,
      zh: `#{id${i}} {type${i}}（{status${i}}）：成交 {trades${i}} 笔，成交额 {volume${i}}，手续费 {fees${i}}，{pnl${i}}`,
    };
    out[`monitor.report.pnl${i}`] = {
      en: `P&L {total${i}} (realised {realised${i}}, unrealised {unrealised${i}})`,
      zh: `总盈亏 {total${i}}（已实现 {realised${i}}，未实现 {unrealised${i}}）`,
    };
    const lines = Array.from({ length: i }, (_, j) => `\n{bot${j + 1}}`).join('');
    out[`monitor.report.lines${i}`] = { en: lines, zh: lines };
  }
  return out;
}

export const monitorTexts: ServerTextTemplates = {
  ...clauses,
  ...sentences,
  'monitor.both': { en: '{first}; {second}', zh: '{first}；{second}' },
  'monitor.word.up': { en: 'up', zh: '上涨' },
  'monitor.word.down': { en: 'down', zh: '下跌' },
  'monitor.causeBy': { en: '{breach} ({stopBy})', zh: '{breach}（{stopBy}）' },
  'monitor.botRef': { en: 'bot #{stopBot}', zh: '机器人 #{stopBot}' },

  // Price monitor.
  'monitor.price.emptyBook': { en: 'Price monitor: the {pair} book is empty, no price to check; checks resume when it has one', zh: '价格监控：{pair} 盘口为空，无价格可查；有价格后恢复检查' },
  'monitor.price.priceBack': { en: 'Price monitor: {pair} has a price again ({price})', zh: '价格监控：{pair} 重新有了价格（{price}）' },
  'monitor.price.alertTitle': { en: '{pair} price alert', zh: '{pair} 价格告警' },
  'monitor.price.alertText': { en: '{breach}.', zh: '{breach}。' },
  'monitor.price.stoppedTitle': { en: '{pair} price alert: pair stopped', zh: '{pair} 价格告警：交易对已紧急停止' },
  'monitor.price.stoppedText': { en: "{breach}. The pair's bots are stopped and their orders cancelled.", zh: '{breach}。该交易对的机器人已停止，其挂单已撤销。' },
  'monitor.price.backInsideTitle': { en: '{pair} price back inside its bounds', zh: '{pair} 价格回到区间内' },
  'monitor.price.backAboveText': { en: 'The price {price} is back above {lower}.', zh: '价格 {price} 已回到 {lower} 之上。' },
  'monitor.price.backBelowText': { en: 'The price {price} is back below {upper}.', zh: '价格 {price} 已回到 {upper} 之下。' },
  'monitor.price.moveBackTitle': { en: '{pair} price move back to normal', zh: '{pair} 价格波动恢复正常' },
  'monitor.price.moveBackText': { en: 'The move within {minutes} min is {move}, under {limit}.', zh: '{minutes} 分钟内的波动为 {move}，低于 {limit}。' },

  // Balance monitor.
  'monitor.balance.total': { en: 'Total {asset} balance', zh: '{asset} 总余额' },
  'monitor.balance.available': { en: 'Available {asset} balance', zh: '{asset} 可用余额' },
  'monitor.balance.belowTitle': { en: '{asset} balance below {threshold}', zh: '{asset} 余额低于 {threshold}' },
  'monitor.balance.aboveTitle': { en: '{asset} balance above {threshold}', zh: '{asset} 余额高于 {threshold}' },
  'monitor.balance.backTitle': { en: '{asset} balance back to normal', zh: '{asset} 余额恢复正常' },
  'monitor.balance.belowText': { en: '{what} {value} is below {threshold} ({pair}).', zh: '{what} {value} 低于 {threshold}（{pair}）。' },
  'monitor.balance.aboveText': { en: '{what} {value} is above {threshold} ({pair}).', zh: '{what} {value} 高于 {threshold}（{pair}）。' },
  'monitor.balance.backAboveText': { en: '{what} {value} is back above {threshold} ({pair}).', zh: '{what} {value} 已回到 {threshold} 之上（{pair}）。' },
  'monitor.balance.backBelowText': { en: '{what} {value} is back below {threshold} ({pair}).', zh: '{what} {value} 已回到 {threshold} 之下（{pair}）。' },

  // Balance timed report.
  'monitor.report.every': { en: 'every {hours}h {offset}', zh: '每 {hours} 小时（{offset}）' },
  'monitor.report.daily': { en: 'daily {at} {offset}', zh: '每天 {at}（{offset}）' },
  'monitor.report.scheduled': { en: 'Balance report: {schedule}; the first report is due at {due}', zh: '余额报告：{schedule}；首份报告将于 {due} 发出' },
  'monitor.report.title': { en: '{pair} balance report, {slot}', zh: '{pair} 余额报告，{slot}' },
  'monitor.report.text': {
    en: 'Balances: {base} (available {baseAvailable}), {quote} (available {quoteAvailable})\nMid price: {mid}\nBots: {botCount} ({running} running){lines}{more}{totals}{late}',
    zh: '余额：{base}（可用 {baseAvailable}），{quote}（可用 {quoteAvailable}）\n中间价：{mid}\n机器人：{botCount} 个（{running} 个运行中）{lines}{more}{totals}{late}',
  },
  'monitor.report.unknownMid': { en: 'unknown (empty book)', zh: '未知（盘口为空）' },
  'monitor.report.running': { en: 'running', zh: '运行中' },
  'monitor.report.stopped': { en: 'stopped', zh: '已停止' },
  'monitor.report.pnlUnknown': { en: 'P&L unknown (no price)', zh: '总盈亏未知（无价格）' },
  'monitor.report.more': { en: '\n… and {moreBots} more bot(s)', zh: '\n……另有 {moreBots} 个机器人' },
  'monitor.report.totals': { en: '\nPair total P&L: {pairTotal}, fees {pairFees}', zh: '\n交易对总盈亏：{pairTotal}，手续费 {pairFees}' },
  'monitor.report.totalsUnknown': { en: '\nPair total P&L: unknown (no price), fees {pairFees}', zh: '\n交易对总盈亏：未知（无价格），手续费 {pairFees}' },
  'monitor.report.late': { en: ' (late: the server was down at {slot})', zh: '（延迟：服务器在 {slot} 时未运行）' },
  'monitor.report.lateMissed': { en: ' (late: the server was down at {slot}; {missed} earlier report(s) missed)', zh: '（延迟：服务器在 {slot} 时未运行；错过了之前的 {missed} 份报告）' },
  ...reportBotLines(),

  // Emergency stop guard.
  'monitor.guard.emptyBook': { en: 'Emergency stop guard: the {pair} book is empty; price bounds and drawdown wait for a price', zh: '紧急停止守卫：{pair} 盘口为空；价格区间和回撤检查等待价格' },
  'monitor.guard.priceBack': { en: 'Emergency stop guard: {pair} has a price again ({price})', zh: '紧急停止守卫：{pair} 重新有了价格（{price}）' },
  'monitor.guard.below': { en: 'price {price} below the lower bound {lower}', zh: '价格 {price} 低于下限 {lower}' },
  'monitor.guard.above': { en: 'price {price} above the upper bound {upper}', zh: '价格 {price} 高于上限 {upper}' },
  'monitor.guard.drawdown': {
    en: "drawdown {drawdown} of the pair's bots (total P&L {pnl} from a peak of {peak}) passed the limit {maxDrawdown}",
    zh: '该交易对机器人的回撤 {drawdown}（总盈亏从峰值 {peak} 降至 {pnl}）超过上限 {maxDrawdown}',
  },
  'monitor.guard.title': { en: 'Emergency stop: {pair}', zh: '紧急停止：{pair}' },
  'monitor.guard.text': { en: "{breach}. The pair's bots are stopped and their orders cancelled; this guard stops too.", zh: '{breach}。该交易对的机器人已停止，其挂单已撤销；本守卫也随之停止。' },
  'monitor.guard.fired': { en: 'emergency stop fired: {breach}', zh: '已触发紧急停止：{breach}' },

  // The runtime: a monitor's notice in the trading log, and its delivery.
  'monitor.notice': { en: '{title}: {text}', zh: '{title}：{text}' },
  'monitor.notDelivered': { en: 'the alert "{title}" could not be delivered to the account\'s channels: {error}', zh: '告警“{title}”未能发送到账户的通知渠道：{error}' },

  // The emergency stop's summary in the pair's trading log.
  'monitor.pairStopSummary': {
    en: 'Emergency stop of {pair}: {cause} ({stopBy}); {stoppedBots} bot(s) stopped, {cancelled} order(s) cancelled, {filled} filled meanwhile{pending}, in {ms} ms',
    zh: '{pair} 紧急停止：{cause}（{stopBy}）；停止 {stoppedBots} 个机器人，撤销 {cancelled} 笔订单，期间成交 {filled} 笔{pending}，用时 {ms} 毫秒',
  },
  'monitor.leftLive': { en: '{why}: cancelling the orders left live', zh: '{why}：正在撤销遗留的活动订单' },
  'monitor.pairStopPending': { en: ', {pendingOrders} not confirmed yet (still being cancelled)', zh: '，{pendingOrders} 笔尚未确认（仍在撤销）' },

  // An alert's delivery through a channel, in the pair's trading log.
  'alerts.delivery.sent': { en: 'Alert "{alertTitle}" sent via {where}{atAttempt}', zh: '告警“{alertTitle}”已通过 {where} 发送{atAttempt}' },
  'alerts.delivery.atAttempt': { en: ' at attempt {attempt}', zh: '（第 {attempt} 次尝试）' },
  'alerts.delivery.retrying': {
    en: 'Alert "{alertTitle}" via {where}: attempt {attempt} of {maxAttempts} failed ({failure}); retrying in {delay} s',
    zh: '告警“{alertTitle}”通过 {where} 发送：第 {attempt} / {maxAttempts} 次尝试失败（{failure}）；{delay} 秒后重试',
  },
  'alerts.delivery.failedOne': { en: 'Alert "{alertTitle}" not delivered via {where} after {attempts} attempt: {failure}', zh: '告警“{alertTitle}”经 {attempts} 次尝试仍未能通过 {where} 发送：{failure}' },
  'alerts.delivery.failedMany': { en: 'Alert "{alertTitle}" not delivered via {where} after {attempts} attempts: {failure}', zh: '告警“{alertTitle}”经 {attempts} 次尝试仍未能通过 {where} 发送：{failure}' },
  'alerts.test.title': { en: 'Test message', zh: '测试消息' },
  'alerts.test.text': {
    en: 'MakerDesk test message for {pair} through {channel}. If you read this, alerts reach you here.',
    zh: 'MakerDesk 测试消息：交易对 {pair}，渠道 {channel}。如果您看到这条消息，说明告警可以送达这里。',
  },
  'alerts.failure.refused': { en: 'refused', zh: '被拒绝' },
  'alerts.failure.refusedStatus': { en: 'refused: {status}', zh: '被拒绝：{status}' },
  'alerts.failure.noAnswer': { en: 'no answer', zh: '无应答' },
  'alerts.failure.notAllowed': { en: 'destination not allowed', zh: '目标地址不被允许' },
  'alerts.failure.switchedOff': { en: 'the channel is switched off', zh: '该渠道已关闭' },
  'alerts.failure.channelDeleted': { en: 'the channel was deleted', zh: '该渠道已删除' },
  'alerts.failure.secretUnreadable': { en: 'the channel secret cannot be opened (was the master key changed?)', zh: '无法打开该渠道的密钥（主密钥是否已更换？）' },
  'alerts.failure.notDelivered': { en: 'not delivered', zh: '未送达' },
  'alerts.failure.unknown': { en: 'unknown', zh: '未知' },

  // Other strategies' own notices and stops (issue 18 §6: every text the server writes for people).
  'strategy.range.gridTooFine': {
    en: "The grid is finer than the pair's price step: levels {lower} and {upper} are both {level}. Use fewer grids or a wider range.",
    zh: '网格比交易对的价格最小变动单位更细：第 {lower} 和第 {upper} 档都是 {level}。请减少网格数或扩大区间。',
  },
  'strategy.follow.driftSafe': {
    en: 'The market mid {mid} is {gap} from the reference {reference}; safe price mode never takes liquidity, so it is not corrected',
    zh: '市场中间价 {mid} 偏离参考价 {reference} {gap}；安全价格模式从不吃单，因此不做修正',
  },
  'strategy.follow.correcting': {
    en: 'Correcting a {gap} drift: {side} {amount} IOC at {price} toward the reference {reference}',
    zh: '修正 {gap} 的偏离：以 {price} {side} {amount}（IOC），向参考价 {reference} 靠拢',
  },
  'strategy.follow.driftStuck': {
    en: 'The market mid {mid} is {gap} from the reference {reference}; no correction possible now (budget, balance or liquidity)',
    zh: '市场中间价 {mid} 偏离参考价 {reference} {gap}；当前无法修正（预算、余额或流动性不足）',
  },
};
