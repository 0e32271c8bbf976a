import { z } from 'zod';
import { booleanField, checkMinBelowMax, choiceField, decimalField, integerField, REFRESH_TOLERANCE_MAX, textField } from './config-kit.ts';

/**
 * Fields several bot types share. The spec's §5 bounds are quoted where they apply; fields the spec
 * does not bound (refresh interval, deviation, professional options) carry bounds chosen in
 * docs/strategies.md.
 */

/** Refresh interval, seconds, drawn between min and max before each tick. */
export const intervalFields = {
  intervalMin: integerField({ title: 'Refresh interval min (s)', titleZh: '刷新间隔最小值（秒）', min: 1, max: 300, unit: 'seconds' }),
  intervalMax: integerField({ title: 'Refresh interval max (s)', titleZh: '刷新间隔最大值（秒）', min: 2, max: 3600, unit: 'seconds' }),
};

/** The min/max pairs of orderAmountFields and intervalFields, checked as every type that has both needs. */
export function checkAmountAndInterval(value: Record<string, unknown>, ctx: Parameters<typeof checkMinBelowMax>[1]): void {
  checkMinBelowMax(value, ctx, 'orderAmountMin', 'orderAmountMax');
  checkMinBelowMax(value, ctx, 'intervalMin', 'intervalMax');
}

/** Single order amount (spec §5: min 0 to 10,000; max up to 1,000,000), in the base asset. */
export const orderAmountFields = {
  orderAmountMin: decimalField({ title: 'Single order amount min', titleZh: '单笔下单量最小值', min: '0', max: '10000', unit: 'base', orderAmount: true }),
  orderAmountMax: decimalField({ title: 'Single order amount max', titleZh: '单笔下单量最大值', min: '0', max: '1000000', minExclusive: true, unit: 'base', orderAmount: true }),
};

/** Price mode safe: never quote further than this fraction from the reference price. */
export const maxDeviationField = {
  maxDeviation: decimalField({
    title: 'Max deviation from reference',
    titleZh: '距参考价最大偏离',
    help: 'In safe price mode, no order is placed further than this share (%) from the reference price.',
    helpZh: '安全价格模式下，任何挂单距参考价不超过该百分比。',
    min: '0.001',
    max: '0.5',
    unit: 'fraction',
  }),
};

/**
 * Refresh tolerance (issue 19): keep an order whose ideal price moved less than this fraction of the
 * price, so it keeps its place in the queue and the venue's order and request limits are spared.
 * Each quoting type's defaults size it to the pair's tick and the bot's spread (defaultRefreshTolerance).
 */
export const refreshToleranceField = decimalField({
  title: 'Refresh tolerance',
  titleZh: '刷新容差',
  help: 'Keep an order whose ideal price moved less than this share (%): it keeps its queue place and saves cancels and placements. 0 = replace on any move.',
  helpZh: '理想价格变动小于该比例时保留原挂单：保留排队位置，节省撤单与下单。0 = 价格一变即重挂。',
  min: '0',
  max: REFRESH_TOLERANCE_MAX,
  unit: 'fraction',
});

/**
 * The options a professional market maker expects on depth bots (Hummingbot's pure market making),
 * all off by default: 0 or absent means off.
 */
const quotingOptionFields = {
  refreshTolerance: refreshToleranceField.optional(),
  maxOrderAgeSec: integerField({
    title: 'Max order age (s)',
    titleZh: '挂单最长存活（秒）',
    help: 'Replace even unchanged orders after this many seconds. 0 = off.',
    helpZh: '超过该秒数后即使价格未变也重新挂单。0 = 关闭。',
    min: 0,
    max: 86400,
    unit: 'seconds',
  }).optional(),
  inventoryTarget: decimalField({
    title: 'Inventory target (base share)',
    titleZh: '库存目标（基础币占比）',
    help: 'Target share of the base asset in the pair value; sizes skew towards it. Absent = off.',
    helpZh: '基础币在交易对总价值中的目标占比，挂单量向其倾斜。留空 = 关闭。',
    min: '0',
    max: '1',
    unit: 'fraction',
  }).optional(),
  inventoryRange: decimalField({
    title: 'Inventory band',
    titleZh: '库存偏离区间',
    help: 'Half-width of the band around the target where the skew reaches 2x / 0x.',
    helpZh: '目标两侧的区间半宽，在区间边缘挂单量倾斜达到 2 倍 / 0 倍。',
    min: '0.01',
    max: '0.5',
    unit: 'fraction',
  }).optional(),
  priceFloor: decimalField({ title: 'Price floor', titleZh: '价格下限', help: 'Below it the bot only buys.', helpZh: '低于该价格时只买不卖。', min: '0', max: '1000000000', minExclusive: true, unit: 'price' }).optional(),
  priceCeiling: decimalField({ title: 'Price ceiling', titleZh: '价格上限', help: 'Above it the bot only sells.', helpZh: '高于该价格时只卖不买。', min: '0', max: '1000000000', minExclusive: true, unit: 'price' }).optional(),
  minSpread: decimalField({
    title: 'Minimum spread',
    titleZh: '最小价差',
    help: 'Cancel any own order closer to the reference price than this share (%). 0 = off.',
    helpZh: '撤销距参考价小于该比例的自有挂单。0 = 关闭。',
    min: '0',
    max: '0.1',
    unit: 'fraction',
  }).optional(),
  fillPauseSec: integerField({ title: 'Pause after a fill (s)', titleZh: '成交后暂停（秒）', min: 0, max: 3600, unit: 'seconds' }).optional(),
};

const PROFESSIONAL_OPTIONS = { title: 'Professional options', 'x-title-zh': '专业选项', 'x-kind': 'group', 'x-collapsed': true } as const;

export const quotingOptions = z
  .object(quotingOptionFields)
  .superRefine((v, ctx) => checkMinBelowMax(v, ctx, 'priceFloor', 'priceCeiling'))
  .meta(PROFESSIONAL_OPTIONS);
export type QuotingOptions = z.infer<typeof quotingOptions>;

/**
 * Quote to the pair's liquidity obligation (issue 20 §6, depth near and depth far): the innermost bid
 * and ask inside the spread cap, at least the minimum own depth per side inside the band, with the
 * least capital. Off when absent.
 */
export const keepObligationField = booleanField({
  title: 'Keep the pair\'s obligation',
  titleZh: '维持交易对做市义务',
  help: "Hold the pair's liquidity obligation with the least capital: the first bid and ask inside the spread cap, and at least the minimum depth per side inside the band (sizes raised or levels pulled in only as far as needed). Without an obligation on the pair the bot quotes as configured.",
  helpZh: '以最少资金维持交易对的流动性义务：买一与卖一在价差上限之内，区间内每侧深度不低于最低要求（只在需要时加大挂单量或把档位移入区间）。交易对未设义务时按配置报价。',
});

/** The professional options of the bots that can quote to the pair's obligation (depth near, depth far). */
export const obligationQuotingOptions = z
  .object({ ...quotingOptionFields, keepObligation: keepObligationField.optional() })
  .superRefine((v, ctx) => checkMinBelowMax(v, ctx, 'priceFloor', 'priceCeiling'))
  .meta(PROFESSIONAL_OPTIONS);
export type ObligationQuotingOptions = z.infer<typeof obligationQuotingOptions>;

/** Where a follow bot reads its reference: a platform code (`sim` = the simulator's reference venue, else a ccxt id) and a pair. */
export const referenceSource = z.object({
  platform: textField({ title: 'Follow exchange', titleZh: '跟随交易所', max: 32 }),
  symbol: textField({ title: 'Follow pair', titleZh: '跟随交易对', max: 32 }).refine((s) => /^[A-Z0-9]{1,15}\/[A-Z0-9]{1,15}$/.test(s), {
    message: 'Use the form BASE/QUOTE, e.g. BTC/USDT',
  }),
}).meta({ title: 'Reference', 'x-title-zh': '参考行情', 'x-kind': 'group' });
export type ReferenceSource = z.infer<typeof referenceSource>;

export const priceMappingRatio = decimalField({
  title: 'Price mapping ratio',
  titleZh: '价格映射比例',
  help: 'The reference price is multiplied by this ratio to give the price to quote around.',
  helpZh: '参考价乘以该比例即为本交易对的报价中心。',
  min: '0',
  max: '1000000',
  minExclusive: true,
  unit: 'ratio',
});

export const ladderFields = {
  layersPerSide: integerField({ title: 'Layers per side', titleZh: '每侧档位数', min: 1, max: 20 }),
  layerStep: decimalField({ title: 'Layer step', titleZh: '档位间距', help: 'Distance between layers, a share of the price in percent.', helpZh: '相邻档位间距，占价格的百分比。', min: '0.0001', max: '0.05', unit: 'fraction' }),
  baseSpread: decimalField({ title: 'Base spread', titleZh: '基础价差', help: 'Distance between the first bid and the first ask.', helpZh: '买一与卖一之间的距离。', min: '0', max: '0.1', unit: 'fraction' }),
  refreshTolerance: refreshToleranceField.optional(),
};

export const spacingField = choiceField(['arithmetic', 'geometric'] as const, {
  title: 'Level spacing',
  titleZh: '档位间隔方式',
  labels: { arithmetic: ['Equal steps', '等差'], geometric: ['Equal ratios', '等比'] },
});
