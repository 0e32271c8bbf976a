import type { z } from 'zod';
import { ammConfig, ammDefaults } from './amm.config.ts';
import type { PairDefaults } from './config-kit.ts';
import { depthFarConfig, depthFarDefaults } from './depth-far.config.ts';
import { depthNearConfig, depthNearDefaults } from './depth-near.config.ts';
import { depthSpreadConfig, depthSpreadDefaults } from './depth-spread.config.ts';
import { followComboConfig, followComboDefaults } from './follow-combo.config.ts';
import { followEtfConfig, followEtfDefaults } from './follow-etf.config.ts';
import { followExchangeConfig, followExchangeDefaults } from './follow-exchange.config.ts';
import { followStrictConfig, followStrictDefaults } from './follow-strict.config.ts';
import { rangeOscillationConfig, rangeOscillationDefaults } from './range-oscillation.config.ts';
import { smartBuyConfig, smartBuyDefaults, smartSellConfig, smartSellDefaults } from './smart-execution.config.ts';
import { bookFlashConfig, bookFlashDefaults } from './book-flash.config.ts';
import { bulldozerConfig, bulldozerDefaults } from './bulldozer.config.ts';
import {
  pumpOscillatingConfig,
  pumpOscillatingDefaults,
  pumpRapidConfig,
  pumpRapidDefaults,
  pumpRatioConfig,
  pumpRatioDefaults,
} from './pump.config.ts';
import {
  volumeMidConfig,
  volumeMidDefaults,
  volumeMinHoldConfig,
  volumeMinHoldDefaults,
  volumeNaturalConfig,
  volumeNaturalDefaults,
  volumeRandomConfig,
  volumeRandomDefaults,
  volumeRangeConfig,
  volumeRangeDefaults,
  volumeSineConfig,
  volumeSineDefaults,
} from './volume.config.ts';
import { riskControlTypeKeys, riskControlTypes } from './risk-control.types.ts';

/** The bot types that work today (spec §1 names more; later ones join this list when they do). */
export const robotTypeKeys = [
  'depth_far',
  'depth_near',
  'depth_spread',
  'amm',
  'follow_exchange',
  'follow_strict',
  'follow_combo',
  'follow_etf',
  'range_oscillation',
  'smart_sell',
  'smart_buy',
  // Simulation only (DESIGN §8).
  'volume_random',
  'volume_natural',
  'volume_range',
  'volume_mid',
  'volume_sine',
  'volume_min_hold',
  'book_flash',
  'pump_oscillating',
  'pump_rapid',
  'pump_ratio',
  'bulldozer',
  // Monitors: they watch and alert, and place no orders.
  ...riskControlTypeKeys,
] as const;
export type RobotTypeKey = (typeof robotTypeKeys)[number];

export const robotCategories = ['common', 'strategy', 'ai', 'risk_control'] as const;
export type RobotCategory = (typeof robotCategories)[number];

export interface RobotTypeDefinition<S extends z.ZodType = z.ZodType> {
  type: RobotTypeKey;
  category: RobotCategory;
  name: string;
  nameZh: string;
  description: string;
  descriptionZh: string;
  /** Deceptive mechanisms run on the simulator only (DESIGN §8). */
  simulationOnly: boolean;
  /** Quoting bots keep resting orders; graceful shutdown cancels them and they re-quote at start. */
  quoting: boolean;
  /** True when the type reads a reference price from another platform/pair (the form's 5 % gap check). */
  follows: boolean;
  config: S;
  defaults(pair: PairDefaults, now: number): z.input<S>;
}

function define<S extends z.ZodType>(d: RobotTypeDefinition<S>): RobotTypeDefinition<S> {
  return d;
}

export const robotTypes = {
  depth_far: define({
    type: 'depth_far',
    category: 'common',
    name: 'Depth far',
    nameZh: '远端深度',
    description: 'Keeps a deep, visible book: many resting orders per side between the nearest and farthest offset from the price.',
    descriptionZh: '在距价格最近与最远偏移之间每侧挂出多档订单，形成可见的深度。',
    simulationOnly: false,
    quoting: true,
    follows: false,
    config: depthFarConfig,
    defaults: depthFarDefaults,
  }),
  depth_near: define({
    type: 'depth_near',
    category: 'common',
    name: 'Depth near',
    nameZh: '近端深度',
    description: 'Keeps a tight book: a few orders per side around the price, the first at half the base spread.',
    descriptionZh: '在价格附近每侧挂少量订单，第一档距价格为基础价差的一半，形成紧密盘口。',
    simulationOnly: false,
    quoting: true,
    follows: false,
    config: depthNearConfig,
    defaults: depthNearDefaults,
  }),
  depth_spread: define({
    type: 'depth_spread',
    category: 'common',
    name: 'Depth spread',
    nameZh: '价差维护',
    description: 'Watches the best bid and ask; when the spread widens past the base spread, quotes inside it to bring it back.',
    descriptionZh: '监控买一卖一，价差超过基础价差时在价差内挂单使其收窄。',
    simulationOnly: false,
    quoting: true,
    follows: false,
    config: depthSpreadConfig,
    defaults: depthSpreadDefaults,
  }),
  amm: define({
    type: 'amm',
    category: 'strategy',
    name: 'AMM market making',
    nameZh: 'AMM 做市',
    description: 'A constant-product pool (x·y = k) made of limit orders between a lower and an upper price; every fill moves its quotes as a pool would.',
    descriptionZh: '以限价单模拟恒定乘积（x·y = k）资金池，在价格上下限之间挂单，成交后报价像资金池一样移动。',
    simulationOnly: false,
    quoting: true,
    follows: false,
    config: ammConfig,
    defaults: ammDefaults,
  }),
  follow_exchange: define({
    type: 'follow_exchange',
    category: 'strategy',
    name: 'Exchange price follow',
    nameZh: '交易所价格跟随',
    description: "Quotes around another exchange's price of a pair, scaled by the price mapping ratio, and corrects drift within a budget.",
    descriptionZh: '围绕另一交易所某交易对价格（乘以价格映射比例）报价，并在预算内纠正偏离。',
    simulationOnly: false,
    quoting: true,
    follows: true,
    config: followExchangeConfig,
    defaults: followExchangeDefaults,
  }),
  follow_strict: define({
    type: 'follow_strict',
    category: 'strategy',
    name: 'Strict follow',
    nameZh: '严格跟随',
    description: "Mirrors the reference book's levels: prices times the mapping ratio, amounts scaled.",
    descriptionZh: '镜像参考盘口的各档：价格乘以映射比例，数量按比例缩放。',
    simulationOnly: false,
    quoting: true,
    follows: true,
    config: followStrictConfig,
    defaults: followStrictDefaults,
  }),
  follow_combo: define({
    type: 'follow_combo',
    category: 'strategy',
    name: 'Combo follow',
    nameZh: '组合跟随',
    description: 'Quotes around a price built from several pairs, e.g. TOKEN/BTC × BTC/USDT.',
    descriptionZh: '围绕由多个交易对价格相乘得到的价格报价，如 TOKEN/BTC × BTC/USDT。',
    simulationOnly: false,
    quoting: true,
    follows: true,
    config: followComboConfig,
    defaults: followComboDefaults,
  }),
  follow_etf: define({
    type: 'follow_etf',
    category: 'strategy',
    name: 'ETF follow',
    nameZh: 'ETF 跟随',
    description: 'Quotes around a weighted basket of several pairs’ prices.',
    descriptionZh: '围绕多个交易对价格的加权篮子报价。',
    simulationOnly: false,
    quoting: true,
    follows: true,
    config: followEtfConfig,
    defaults: followEtfDefaults,
  }),
  range_oscillation: define({
    type: 'range_oscillation',
    category: 'strategy',
    name: 'Range oscillation',
    nameZh: '区间震荡',
    description: 'A grid between a low and a high price: buys on the way down, sells each fill one level up.',
    descriptionZh: '在高低价之间布置网格：下跌时逐格买入，每笔买入成交后在上一格卖出。',
    simulationOnly: false,
    quoting: true,
    follows: false,
    config: rangeOscillationConfig,
    defaults: rangeOscillationDefaults,
  }),
  smart_sell: define({
    type: 'smart_sell',
    category: 'ai',
    name: 'Smart sell',
    nameZh: '智能卖出',
    description: 'Sells a total amount by a target date in stages, never below a price limit nor more than a share of the visible bids.',
    descriptionZh: '在目标时间前分段卖出总量，不低于限价，单次不超过可见买盘的一定比例。',
    simulationOnly: false,
    quoting: false,
    follows: false,
    config: smartSellConfig,
    defaults: smartSellDefaults,
  }),
  smart_buy: define({
    type: 'smart_buy',
    category: 'ai',
    name: 'Smart buy',
    nameZh: '智能买入',
    description: 'Buys a total amount by a target date in stages, never above a price limit nor more than a share of the visible asks.',
    descriptionZh: '在目标时间前分段买入总量，不高于限价，单次不超过可见卖盘的一定比例。',
    simulationOnly: false,
    quoting: false,
    follows: false,
    config: smartBuyConfig,
    defaults: smartBuyDefaults,
  }),
  volume_random: define({
    type: 'volume_random',
    category: 'strategy',
    name: 'Volume (random)',
    nameZh: '刷量（随机）',
    description: 'Each round trades a drawn volume against its own orders at a random price inside the spread.',
    descriptionZh: '每轮以价差内的随机价格与自己的订单成交随机数量。',
    simulationOnly: true,
    quoting: false,
    follows: false,
    config: volumeRandomConfig,
    defaults: volumeRandomDefaults,
  }),
  volume_natural: define({
    type: 'volume_natural',
    category: 'strategy',
    name: 'Volume (natural)',
    nameZh: '刷量（自然）',
    description: 'Each round trades a drawn volume against its own orders at a price that walks slowly inside the spread.',
    descriptionZh: '每轮以在价差内缓慢游走的价格与自己的订单成交随机数量。',
    simulationOnly: true,
    quoting: false,
    follows: false,
    config: volumeNaturalConfig,
    defaults: volumeNaturalDefaults,
  }),
  volume_range: define({
    type: 'volume_range',
    category: 'strategy',
    name: 'Volume (range)',
    nameZh: '刷量（区间）',
    description: 'Each round trades a drawn volume against its own orders at a random price inside both the spread and a configured price range.',
    descriptionZh: '每轮以同时位于价差和设定价格区间内的随机价格与自己的订单成交。',
    simulationOnly: true,
    quoting: false,
    follows: false,
    config: volumeRangeConfig,
    defaults: volumeRangeDefaults,
  }),
  volume_mid: define({
    type: 'volume_mid',
    category: 'strategy',
    name: 'Volume (mid-price)',
    nameZh: '刷量（中间价）',
    description: 'Each round trades a drawn volume against its own orders at the middle of the spread.',
    descriptionZh: '每轮以价差中间价与自己的订单成交随机数量。',
    simulationOnly: true,
    quoting: false,
    follows: false,
    config: volumeMidConfig,
    defaults: volumeMidDefaults,
  }),
  volume_sine: define({
    type: 'volume_sine',
    category: 'strategy',
    name: 'Volume (sine)',
    nameZh: '刷量（正弦）',
    description: 'Each round trades a drawn volume against its own orders at a price that follows a sine between the best bid and ask.',
    descriptionZh: '每轮以在买一与卖一之间按正弦变化的价格与自己的订单成交。',
    simulationOnly: true,
    quoting: false,
    follows: false,
    config: volumeSineConfig,
    defaults: volumeSineDefaults,
  }),
  volume_min_hold: define({
    type: 'volume_min_hold',
    category: 'strategy',
    name: 'Volume (minimum hold)',
    nameZh: '刷量（保底）',
    description: 'Trades a drawn volume against its own orders at the mid-price only when the pair has been quiet for a while, so it never shows zero volume.',
    descriptionZh: '仅当交易对一段时间无成交时，以中间价与自己的订单成交，使其成交量不为零。',
    simulationOnly: true,
    quoting: false,
    follows: false,
    config: volumeMinHoldConfig,
    defaults: volumeMinHoldDefaults,
  }),
  book_flash: define({
    type: 'book_flash',
    category: 'strategy',
    name: 'Order-book flash',
    nameZh: '盘口闪烁',
    description: 'Every round places a few orders at levels of the book within a level range, then cancels them and places the next ones elsewhere.',
    descriptionZh: '每轮在设定档位范围内的盘口挂出若干订单，下一轮撤销并在别处重新挂出。',
    simulationOnly: true,
    quoting: true,
    follows: false,
    config: bookFlashConfig,
    defaults: bookFlashDefaults,
  }),
  pump_oscillating: define({
    type: 'pump_oscillating',
    category: 'strategy',
    name: 'Pump and dump (oscillating)',
    nameZh: '拉盘砸盘（震荡）',
    description: 'Moves the price along a straight path to a target price by a target date within a quote budget, buying below the path and selling above it.',
    descriptionZh: '在计价币预算内沿直线路径于目标时间前把价格推到目标价，低于路径时买入、高于路径时卖出。',
    simulationOnly: true,
    quoting: false,
    follows: false,
    config: pumpOscillatingConfig,
    defaults: pumpOscillatingDefaults,
  }),
  pump_rapid: define({
    type: 'pump_rapid',
    category: 'strategy',
    name: 'Pump and dump (rapid)',
    nameZh: '拉盘砸盘（快速）',
    description: 'Pushes the price straight to a target price, one order per push interval, within a quote budget and by a target date.',
    descriptionZh: '在计价币预算内、目标时间前，每个推动间隔下一单，把价格直接推到目标价。',
    simulationOnly: true,
    quoting: false,
    follows: false,
    config: pumpRapidConfig,
    defaults: pumpRapidDefaults,
  }),
  pump_ratio: define({
    type: 'pump_ratio',
    category: 'strategy',
    name: 'Pump and dump (ratio)',
    nameZh: '拉盘砸盘（比例）',
    description: 'Moves the price to a target price in swings of a drawn percentage, within a quote budget and by a target date.',
    descriptionZh: '在计价币预算内、目标时间前，以随机百分比分段摆动把价格推到目标价。',
    simulationOnly: true,
    quoting: false,
    follows: false,
    config: pumpRatioConfig,
    defaults: pumpRatioDefaults,
  }),
  bulldozer: define({
    type: 'bulldozer',
    category: 'strategy',
    name: 'Bulldozer',
    nameZh: '推土机',
    description: 'Walks the price by sweeping successive levels of one side of the book until a stop price or its budget is reached.',
    descriptionZh: '逐档吃掉盘口一侧的订单推动价格，直到停止价格或预算用完。',
    simulationOnly: true,
    quoting: false,
    follows: false,
    config: bulldozerConfig,
    defaults: bulldozerDefaults,
  }),
  ...riskControlTypes,
} satisfies Record<RobotTypeKey, RobotTypeDefinition>;

export function isRobotTypeKey(value: unknown): value is RobotTypeKey {
  return typeof value === 'string' && (robotTypeKeys as readonly string[]).includes(value);
}

/**
 * A monitor of the risk-control category: it places no orders, so an emergency stop (the button's or
 * a monitor's) leaves it watching, to alert on what happens next.
 */
export function isRiskControlType(type: string): boolean {
  return isRobotTypeKey(type) && robotTypes[type].category === 'risk_control';
}
