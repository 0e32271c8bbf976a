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
    en: '{platform} did not answer when its markets were asked for to check the pair; nothing was saved, try again later',
    zh: '查询 {platform} 的市场列表以核对交易对时没有应答，未保存任何内容，请稍后再试',
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
  {
    code: 1030035,
    group: 'params',
    http: 400,
    en: '{platform} has no sandbox or testnet URLs in ccxt: add it without the sandbox switch, or give its testnet API base URL',
    zh: 'ccxt 中 {platform} 没有沙盒或测试网地址：请关闭沙盒开关添加，或填写其测试网 API 基础地址',
  },
  {
    code: 1030036,
    group: 'params',
    http: 409,
    en: 'A {platform} platform with the same sandbox mode and API base URL already exists',
    zh: '已存在沙盒模式与 API 基础地址相同的 {platform} 平台',
  },
  {
    code: 1030105,
    group: 'params',
    http: 409,
    en: '{platform} is in use by {pairs} pair(s) and {keys} API key(s): only a platform nothing uses can be deleted; edit it instead',
    zh: '{platform} 正被 {pairs} 个交易对和 {keys} 个API密钥使用：只有未被使用的平台才能删除，可改为编辑该平台',
  },
  {
    code: 1030106,
    group: 'params',
    http: 400,
    en: 'The built-in simulator is part of MakerDesk: it can be renamed, but not moved to another address or deleted',
    zh: '内置模拟交易所是 MakerDesk 的一部分：可以改名，但不能改地址或删除',
  },
  {
    code: 1030107,
    group: 'params',
    http: 400,
    en: 'A WebSocket base URL must not hold a user name or password',
    zh: 'WebSocket 基础地址中不能包含用户名或密码',
  },
  {
    code: 1030108,
    group: 'params',
    http: 400,
    en: 'A WebSocket base URL must be a ws:// or wss:// address',
    zh: 'WebSocket 基础地址必须是 ws:// 或 wss:// 地址',
  },
];
