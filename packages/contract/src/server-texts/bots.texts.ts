import { robotTypeKeys, robotTypes, type RobotTypeKey } from '../schemas/robot-configs/robot-types.ts';
import type { ServerTextTemplates } from './server-text.ts';

/** The template key naming a bot type (`bots.type.depthFar`), for a `{type}` param: `'@' + botTypeKey(type)`. */
export function botTypeKey(type: RobotTypeKey): string {
  return `bots.type.${type.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())}`;
}

const typeNames: ServerTextTemplates = Object.fromEntries(robotTypeKeys.map((type) => [botTypeKey(type), { en: robotTypes[type].name, zh: robotTypes[type].nameZh }]));

/**
 * What bots write in the trading log, their stop reasons and their last action's reason (issue 18
 * §5, §6). Params are formatted already: prices with their quote unit, amounts with their base unit,
 * fees with their asset, percentages with a % sign. A param naming another template (`'@bots.x'`)
 * renders in the reader's language too (sides, reasons, guards).
 */
export const botTexts: ServerTextTemplates = {
  ...typeNames,
  // Sides and kinds, used as `@` params.
  'bots.side.buy': { en: 'Bought', zh: '买入' },
  'bots.side.sell': { en: 'Sold', zh: '卖出' },

  // Fills.
  'bots.fill': { en: '{side} {amount} at {price}, fee {fee}', zh: '{side} {amount}，价格 {price}，手续费 {fee}' },

  // Requotes summarised per tick (or over several ticks when the bot is fast).
  'bots.requote.one': { en: 'Requoted {orders} order(s): {reason}', zh: '重新挂单 {orders} 笔：{reason}' },
  'bots.requote.many': { en: 'Requoted {orders} order(s) over {ticks} ticks: {reason}', zh: '{ticks} 个周期内重新挂单 {orders} 笔：{reason}' },
  'bots.placed.one': { en: 'Placed {orders} orders: {reason}', zh: '新挂单 {orders} 笔：{reason}' },
  'bots.placed.many': { en: 'Placed {orders} orders over {ticks} ticks: {reason}', zh: '{ticks} 个周期内新挂单 {orders} 笔：{reason}' },
  'bots.cancelled.one': { en: 'Cancelled {orders} orders: {reason}', zh: '撤单 {orders} 笔：{reason}' },
  'bots.cancelled.many': { en: 'Cancelled {orders} orders over {ticks} ticks: {reason}', zh: '{ticks} 个周期内撤单 {orders} 笔：{reason}' },
  'bots.reason.midMoved': { en: 'mid moved {move}', zh: '中间价变动 {move}' },
  'bots.reason.referenceMoved': { en: 'reference price moved {move}', zh: '参考价变动 {move}' },
  'bots.reason.fills': { en: '{fills} fill(s) changed the orders', zh: '{fills} 笔成交改变了挂单' },
  'bots.reason.setup': { en: 'first orders of the run', zh: '本次运行的首批挂单' },
  'bots.reason.refresh': { en: 'orders refreshed at an unchanged price (age, size or layout)', zh: '价格未变，按存活时间、数量或布局刷新挂单' },
  'bots.reason.strategy': { en: "the strategy's round", zh: '策略的本轮操作' },

  // Guards that acted (placements the price guard refused), and what they did.
  'bots.guard': { en: 'Guard "{guard}" held back an order ({order}): {detail}', zh: '防护“{guard}”拦下了一笔挂单（{order}）：{detail}' },
  'bots.guard.tooSmall': { en: 'below the minimum', zh: '低于最小下单量' },
  'bots.guard.noReference': { en: 'no reference price', zh: '无参考价' },
  'bots.guard.spreadTooNarrow': { en: 'spread under two ticks', zh: '价差不足两个最小变动单位' },
  'bots.guard.crosses': { en: 'would cross the book', zh: '将与盘口成交' },
  'bots.guard.tooFar': { en: 'too far from the reference', zh: '偏离参考价过远' },
  'bots.guard.noLiquidity': { en: 'no visible liquidity', zh: '无可见流动性' },
  'bots.guard.selfTrade': { en: 'self-trade prevention', zh: '防自成交' },
  'bots.guard.detail.tooSmall': { en: '{amount} at {price} is under the pair\'s minimum (amount {minAmount}, value {minNotional})', zh: '价格 {price} 数量 {amount} 低于交易对最小值（数量 {minAmount}，金额 {minNotional}）' },
  'bots.guard.detail.noReference': { en: 'no reference price this tick; safe mode places nothing', zh: '本周期无参考价；安全模式不挂单' },
  'bots.guard.detail.spreadTooNarrow': { en: 'the spread {bid} – {ask} is under two ticks; safe mode skips its placements', zh: '价差 {bid} – {ask} 不足两个最小变动单位；安全模式跳过挂单' },
  'bots.guard.detail.crosses': { en: 'a {side} at {price} would cross the book ({bid} / {ask}); safe mode never takes liquidity', zh: '{side}价 {price} 将与盘口（{bid} / {ask}）成交；安全模式从不吃单' },
  'bots.guard.detail.tooFar': { en: '{price} is more than {deviation} from the reference {reference}', zh: '{price} 偏离参考价 {reference} 超过 {deviation}' },
  'bots.guard.detail.noLiquidity': { en: 'no visible liquidity within {price}', zh: '{price} 以内无可见流动性' },
  'bots.guard.detail.selfTrade': { en: "a {side} at {price} would trade with the account's own order; self-trade prevention stays on", zh: '{side}价 {price} 将与本账户自己的挂单成交；防自成交保持开启' },
  'bots.sideWord.buy': { en: 'buy', zh: '买' },
  'bots.sideWord.sell': { en: 'sell', zh: '卖' },

  // Starts and stops.
  'bots.started.watching': { en: 'Started: watching (this bot places no orders)', zh: '已启动：监控中（该机器人不下单）' },
  'bots.started.clean': { en: 'Started: reconciled with the venue, no own order resting', zh: '已启动：已与交易所核对，无自有挂单' },
  'bots.started.resting': { en: 'Started: reconciled with the venue, {orders} own order(s) found resting (left by the last run)', zh: '已启动：已与交易所核对，发现上次运行留下的自有挂单 {orders} 笔' },
  'bots.stopped': { en: 'Stopped: {reason}', zh: '已停止：{reason}' },
  'bots.stopReason.byUser': { en: 'Stopped by {account}', zh: '由 {account} 停止' },
  'bots.stopReason.failures': { en: '{failures} ticks failed in a row; the last: {error}', zh: '连续 {failures} 个周期失败；最后一次：{error}' },
  'bots.stopReason.emergency': { en: 'Emergency stop: {cause}', zh: '紧急停止：{cause}' },
  'bots.stopReason.strategy': { en: '{detail}', zh: '{detail}' },
  'bots.stopReason.budgetSpent': { en: 'budget spent: {summary}', zh: '预算已用完：{summary}' },
  'bots.stopReason.targetDate': { en: 'target date reached: {summary}', zh: '已到目标时间：{summary}' },
  'bots.stopReason.targetReached': { en: 'target reached: {summary}', zh: '已达目标：{summary}' },
  'bots.stopReason.done': { en: 'done: {summary}', zh: '已完成：{summary}' },
  'bots.stopReason.stopPrice': { en: 'stop price {stopPrice} reached: the {where} it; {summary}', zh: '已到止损价 {stopPrice}：{where}；{summary}' },
  'bots.stopReason.accountDeleted': { en: 'account deleted by {account}', zh: '账户已被 {account} 删除' },
  'bots.stopReason.accountSuspended': { en: 'account suspended by {account}', zh: '账户已被 {account} 停用' },
  'bots.stopReason.simulationOnly': {
    en: '{type} runs on the simulator only ({code}): market integrity policy, no wash trading or price manipulation on a live venue; choose a simulator key for this pair',
    zh: '{type}只能在内置模拟交易所运行（{code}）：市场诚信政策，禁止在真实交易所刷量或操纵价格，请为该交易对选择模拟交易所的 API Key',
  },
  'bots.stopReason.noStrategy': { en: 'this server has no strategy for the bot type {type}', zh: '本服务器没有{type}类型机器人的策略' },
  'bots.stopReason.invalidConfig': { en: 'invalid config: {issues}', zh: '配置无效：{issues}' },
  'bots.stopReason.smartTargetDate': { en: 'target date reached: {summary}, the price limit held', zh: '已到目标时间：{summary}，价格限制未被突破' },
  'bots.pump.summary': { en: 'target {target} {reached}, {spent} of the {budget} budget spent', zh: '目标价 {target}{reached}，预算 {budget} 已用 {spent}' },
  'bots.bulldozer.summary': { en: '{sweeps} sweep(s), {spent} of the {budget} budget spent', zh: '扫单 {sweeps} 次，预算 {budget} 已用 {spent}' },
  'bots.bulldozer.asksAbove': { en: 'asks start above', zh: '卖盘起始价高于' },
  'bots.bulldozer.bidsBelow': { en: 'bids start below', zh: '买盘起始价低于' },
  'bots.smart.done': { en: '{verb} {filled} of {total}', zh: '已{verb} {filled} / {total}' },
  'bots.smart.sold': { en: 'sold', zh: '卖出' },
  'bots.smart.bought': { en: 'bought', zh: '买入' },
  'bots.word.reached': { en: 'reached', zh: '已达到' },
  'bots.word.notReached': { en: 'not reached', zh: '未达到' },
  'bots.created': { en: '{type} bot #{id} created {state} by {account}', zh: '{account} 创建了{type}机器人 #{id}（{state}）' },
  'bots.state.on': { en: 'and switched on', zh: '已开启' },
  'bots.state.off': { en: 'switched off', zh: '已关闭' },
  'bots.switchedOn': { en: 'Bot #{id} switched on by {account}', zh: '{account} 开启了机器人 #{id}' },
  'bots.switchedOff': { en: 'Bot #{id} switched off by {account}', zh: '{account} 关闭了机器人 #{id}' },
  'bots.changed': { en: 'Bot #{id} changed by {account}', zh: '{account} 修改了机器人 #{id}' },
  'bots.applyFailed': { en: 'The engine could not take the change of bot #{id} up: {error}', zh: '引擎未能应用机器人 #{id} 的修改：{error}' },
  'bots.shutdown': { en: 'Server shutting down: own orders cancelled; the bot stays switched on and quotes again at the next start', zh: '服务器关闭中：自有挂单已撤销；机器人保持开启，下次启动时重新挂单' },

  // Failures and errors.
  'bots.tickFailed': { en: 'Tick failed ({failures} in a row): {error}', zh: '周期执行失败（连续 {failures} 次）：{error}' },
  'bots.tickRateLimited': { en: 'Tick skipped: the venue rate-limited the key ({error})', zh: '跳过本周期：交易所对该密钥限频（{error}）' },

  // Orders (the executor) and the runner's own notes.
  'bots.order.slotBusy': { en: '{tag}: not placed, the slot still has order {order} ({state})', zh: '{tag}：未下单，该位置仍有订单 {order}（{state}）' },
  'bots.order.refused': { en: '{tag}: the venue refused {side} {amount} at {price}: {error}', zh: '{tag}：交易所拒绝了 {side} {amount}，价格 {price}：{error}' },
  'bots.refusal.percentPrice': {
    en: 'the price must lie between {bandMin} and {bandMax}, around the {mins}-minute average price {avgPrice} (PERCENT_PRICE_BY_SIDE)',
    zh: '价格须在 {mins} 分钟均价 {avgPrice} 附近的 {bandMin} 至 {bandMax} 之间（PERCENT_PRICE_BY_SIDE）',
  },
  'bots.order.noAnswer': { en: '{tag}: no answer to order {order} ({error}); it will be looked up by its client order id', zh: '{tag}：订单 {order} 无应答（{error}）；将按客户订单号查询' },
  'bots.order.notOwn': { en: 'not cancelling {order}: it is not a live order of this bot', zh: '不撤销 {order}：它不是该机器人的活动订单' },
  'bots.order.cancelNoAnswer': { en: '{tag}: no answer to the cancel of {order} ({error}); it will be looked up', zh: '{tag}：撤销 {order} 无应答（{error}）；将进行查询' },
  'bots.order.neverArrived': { en: '{tag}: order {order} never reached the venue; given up', zh: '{tag}：订单 {order} 未到达交易所；已放弃' },
  'bots.order.unknownToVenue': { en: '{tag}: order {order} is no longer known to the venue; taken as closed', zh: '{tag}：交易所已查不到订单 {order}；按已关闭处理' },
  'bots.order.orphanAdopted': { en: 'order {order} ({side} {amount} at {price}) was on the venue but not in the journal: adopted', zh: '订单 {order}（{side} {amount}，价格 {price}）在交易所但不在日志中：已接管' },
  'bots.order.orphanCancelled': { en: 'order {order} ({side} {amount} at {price}) was on the venue but not in the journal: cancelling it', zh: '订单 {order}（{side} {amount}，价格 {price}）在交易所但不在日志中：正在撤销' },
  'bots.cancelLate': { en: 'could not cancel {orders} own order(s) in time; they are left to the next reconciliation', zh: '未能及时撤销 {orders} 笔自有订单；留待下次核对' },
  'bots.cancelFailed': { en: 'could not cancel own orders: {error}', zh: '无法撤销自有订单：{error}' },
  'bots.tickCrashed': { en: 'The engine could not finish a tick or a stop: {error}', zh: '引擎未能完成一个周期或停止操作：{error}' },
  'bots.watchOnly': { en: '{intent} ignored: this bot type places no orders', zh: '已忽略 {intent}：该类型机器人不下单' },
  'bots.replaceWaits': { en: '{tag}: replacement waits, the cancel of {order} is not confirmed ({outcome})', zh: '{tag}：替换等待中，{order} 的撤单未确认（{outcome}）' },
  'bots.referenceUnreadable': { en: 'reference {reference} could not be read: {error}', zh: '无法读取参考 {reference}：{error}' },
  // Issue 19: the venue's stream went down (the bot reads by REST polling) and came back.
  'bots.feedDown': {
    en: "The venue's stream is down: reading the market and the account by REST polling until it is back",
    zh: '交易所实时推送已中断：改为通过 REST 轮询读取行情与账户，直至推送恢复',
  },
  'bots.feedBack': { en: "The venue's stream is back after {down} of polling: the market and the account are pushed again", zh: '交易所实时推送已恢复（轮询了 {down}）：行情与账户重新由推送送达' },
  'bots.streamedFailed': { en: 'An order update pushed by the venue could not be recorded now ({error}); the next tick reads the order again', zh: '交易所推送的订单更新暂时无法记录（{error}）；下一轮会重新读取该订单' },
  'bots.keyChanged': { en: 'Its API key was changed: cancelling its orders placed with the old key, then trading with the new one', zh: 'API 密钥已更换：撤销旧密钥下的订单，然后用新密钥交易' },
  'bots.liveAtStop': { en: 'Switched off with orders still live at the last stop: cancelling them', zh: '上次停止时仍有活动订单：正在撤销' },
  'bots.pairStopped': { en: 'Emergency stop of {symbol} ({reason}): {which}', zh: '{symbol} 紧急停止（{reason}）：{which}' },
  'bots.pairStopped.none': { en: 'no bot was running', zh: '没有正在运行的机器人' },
  'bots.pairStopped.some': { en: '{count} bot(s) stopped and their orders cancelled: {ids}', zh: '已停止 {count} 个机器人并撤销其订单：{ids}' },

  'bots.emergency.readFailed': { en: 'Emergency stop: the open orders could not be read ({error})', zh: '紧急停止：无法读取当前委托（{error}）' },
  'bots.emergency.ownerSilent': {
    en: 'the server running the bot did not answer; its orders are cancelled when that server stops it or its lease runs out',
    zh: '运行该机器人的服务器无应答；该服务器停止它或其租约到期时将撤销其订单',
  },
  'bots.emergency.manualUnreadable': { en: 'manual orders could not be read: {error}', zh: '无法读取手动订单：{error}' },
  'bots.emergency.noAnswerYet': { en: 'the cancel got no answer yet', zh: '撤单尚未得到应答' },
  'bots.emergency.noVenue': { en: 'the venue could not be opened: {error}', zh: '无法连接交易所：{error}' },
  'bots.emergency.placementPending': { en: "the placement's answer is not in yet; the order is looked up by its client order id{why}", zh: '下单应答尚未收到；将按客户订单号查询该订单{why}' },
  'bots.emergency.cancelPending': { en: 'the cancel is not confirmed yet{why}', zh: '撤单尚未确认{why}' },
  'bots.emergency.stillOpen': { en: 'still open on the venue{why}', zh: '仍在交易所挂单中{why}' },
  'bots.emergency.why': { en: ': {error}', zh: '：{error}' },
  'bots.emergency.roundFailed': { en: 'Emergency stop: a cancel round failed ({error})', zh: '紧急停止：一轮撤单失败（{error}）' },

  // The AMM.
  'bots.amm.poolSetUp': {
    en: 'Pool set up at {price} over {lower} – {upper}: {base} on the sell side. Pool liquidity L = {liquidity} √({baseAsset}·{quoteAsset}) (the constant-product depth: a 1 % price move trades about {perPercent})',
    zh: '资金池已建立，价格 {price}，区间 {lower} – {upper}：卖方 {base}。资金池流动性 L = {liquidity} √({baseAsset}·{quoteAsset})（恒定乘积深度：价格每变动 1 % 约成交 {perPercent}）',
  },

  // Strategy notices.
  'bots.noQuotePrice': { en: 'No price to quote around: the order book is empty or one-sided and no earlier price is known. Waiting.', zh: '无可参考的报价价格：盘口为空或只有单边，且没有更早的价格。等待中。' },
  'bots.noReference': { en: 'No reference price ({what} could not be read): keeping the current orders, placing none until it is back', zh: '无参考价（无法读取 {what}）：保留当前挂单，恢复前不新挂单' },
  'bots.referenceBack': { en: 'Reference price is back: quoting again', zh: '参考价已恢复：重新挂单' },
  'bots.spreadWithin': { en: 'The spread is {spread}, within the base spread max {max}: standing aside until it widens', zh: '当前价差 {spread}，未超过基础价差上限 {max}：等待价差扩大' },
  'bots.rangeEmptyBook': { en: 'The book is empty: keeping the grid as it is, placing nothing new', zh: '盘口为空：保持网格不变，不新挂单' },
  'bots.rangeLeft': { en: 'The price {price} left the range {lower} – {upper}: no new buys above the range; what rests stays', zh: '价格 {price} 离开区间 {lower} – {upper}：区间上方不再新买；已挂单保留' },
  'bots.obligationShort': {
    en: "Cannot keep the pair's obligation ({sides}): the funds or the bot's settings do not cover the minimum depth within {band} %. Quoting what it can",
    zh: '无法维持交易对的做市义务（{sides}）：资金或机器人设置不足以覆盖 {band} % 区间内的最低深度。按现有能力报价',
  },
  'bots.obligationShort.buy': { en: 'bid side', zh: '买方' },
  'bots.obligationShort.sell': { en: 'ask side', zh: '卖方' },
  'bots.obligationShort.both': { en: 'both sides', zh: '双方' },
  'bots.obligationCovered': { en: "The pair's obligation is covered again on both sides", zh: '交易对的做市义务已在双方重新覆盖' },
  'bots.rangeBack': { en: 'The price {price} is back inside the range', zh: '价格 {price} 已回到区间内' },
};
