import type { CatalogueEntry } from './types.ts';

/**
 * 1030002–1030028: invalid parameters (§8).
 * 1030001 and 1030029–1030033 are in core.entries.ts.
 */
export const paramsEntries: CatalogueEntry[] = [
  { code: 1030002, group: 'params', http: 400, en: 'Invalid position ID', zh: '仓位ID无效' },
  { code: 1030003, group: 'params', http: 400, en: 'Invalid cancel type', zh: '撤单类型无效' },
  { code: 1030004, group: 'params', http: 400, en: 'Invalid order type', zh: '订单类型无效' },
  { code: 1030005, group: 'params', http: 400, en: 'Invalid order side, it must be buy or sell', zh: '买卖方向无效，须为买入或卖出' },
  { code: 1030006, group: 'params', http: 400, en: 'Invalid leverage', zh: '杠杆倍数无效' },
  { code: 1030007, group: 'params', http: 400, en: 'Invalid fee rate', zh: '手续费率无效' },
  { code: 1030008, group: 'params', http: 400, en: 'Invalid price', zh: '价格无效' },
  { code: 1030009, group: 'params', http: 400, en: 'Invalid amount', zh: '金额无效' },
  { code: 1030010, group: 'params', http: 400, en: 'Invalid split count, it must be between {min} and {max}', zh: '拆单数量无效，须在{min}到{max}之间' },
  { code: 1030011, group: 'params', http: 400, en: 'Invalid price range, the lowest price must be lower than the highest price', zh: '价格区间无效，最低价须低于最高价' },
  { code: 1030012, group: 'params', http: 400, en: 'Invalid order distribution', zh: '订单分布方式无效' },
  { code: 1030013, group: 'params', http: 400, en: 'Invalid page number', zh: '页码无效' },
  { code: 1030014, group: 'params', http: 400, en: 'Invalid page size, it must be between {min} and {max}', zh: '每页条数无效，须在{min}到{max}之间' },
  { code: 1030015, group: 'params', http: 400, en: 'Invalid coin ID', zh: '币种ID无效' },
  { code: 1030016, group: 'params', http: 400, en: 'Invalid exchange platform ID', zh: '交易平台ID无效' },
  { code: 1030017, group: 'params', http: 400, en: 'Invalid API key', zh: 'API Key无效' },
  { code: 1030018, group: 'params', http: 400, en: 'Invalid secret key', zh: 'Secret Key无效' },
  { code: 1030019, group: 'params', http: 400, en: 'Invalid passphrase', zh: 'API密码短语（Passphrase）无效' },
  { code: 1030020, group: 'params', http: 400, en: 'Invalid bound IP addresses: {hosts}', zh: '绑定的IP地址无效：{hosts}' },
  { code: 1030021, group: 'params', http: 400, en: 'Invalid robot ID', zh: '机器人ID无效' },
  { code: 1030022, group: 'params', http: 400, en: 'Invalid robot type', zh: '机器人类型无效' },
  { code: 1030023, group: 'params', http: 400, en: 'Invalid robot configuration: {detail}', zh: '机器人配置无效：{detail}' },
  { code: 1030024, group: 'params', http: 400, en: 'Invalid time interval', zh: '时间间隔无效' },
  { code: 1030025, group: 'params', http: 400, en: 'Invalid date range, the start date must be before the end date', zh: '日期范围无效，开始日期须早于结束日期' },
  { code: 1030026, group: 'params', http: 400, en: 'Invalid trading pair symbol', zh: '交易对代码无效' },
  { code: 1030027, group: 'params', http: 400, en: 'Invalid candlestick interval', zh: 'K线周期无效' },
  { code: 1030028, group: 'params', http: 400, en: 'Invalid client order ID', zh: '客户端订单ID无效' },
];
