import type { CatalogueEntry } from './types.ts';

/**
 * MakerDesk's own codes for pair and platform administration (POST /coin/add, PUT /coin/update,
 * POST /platform/add), in the params group after the bot codes.
 */
export const pairAdminEntries: CatalogueEntry[] = [
  {
    code: 1030040,
    group: 'params',
    http: 400,
    en: '"{id}" is not an exchange id ccxt knows (for example binance, okx, bybit)',
    zh: '“{id}”不是ccxt支持的交易所ID（例如 binance、okx、bybit）',
  },
  {
    code: 1030041,
    group: 'params',
    http: 400,
    en: '{symbol} is not listed on {platform}',
    zh: '{platform} 上没有交易对 {symbol}',
  },
  {
    code: 1030042,
    group: 'params',
    http: 502,
    en: 'Could not load the markets of {platform} to check the pair ({reason}); nothing was saved, try again later',
    zh: '无法读取 {platform} 的市场列表以核对交易对（{reason}），未保存任何内容，请稍后再试',
  },
  {
    code: 1030043,
    group: 'params',
    http: 409,
    en: '{symbol} already exists on {platform}',
    zh: '{platform} 上已存在交易对 {symbol}',
  },
  {
    code: 1030044,
    group: 'params',
    http: 400,
    en: 'Invalid expiry time: give a date as epoch milliseconds, or leave it empty for no expiry',
    zh: '到期时间无效：请填写日期（毫秒时间戳），或留空表示不过期',
  },
];
