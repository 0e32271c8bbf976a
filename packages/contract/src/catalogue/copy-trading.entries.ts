import type { CatalogueEntry } from './types.ts';

/**
 * 2051000–2051006: trader applications; 2052000–2052009: following a trader (§8).
 */
export const copyTradingEntries: CatalogueEntry[] = [
  { code: 2051000, group: 'copyTrading', http: 400, en: 'This user is not a trader', zh: '该用户不是交易员' },
  { code: 2051001, group: 'copyTrading', http: 409, en: 'You have already submitted a trader application, please wait for the review', zh: '您已提交交易员申请，请等待审核' },
  { code: 2051002, group: 'copyTrading', http: 403, en: 'Please complete identity verification (KYC) first', zh: '请先完成身份认证（KYC）' },
  { code: 2051003, group: 'copyTrading', http: 409, en: 'Please close all open positions first', zh: '请先平掉所有持仓' },
  { code: 2051004, group: 'copyTrading', http: 409, en: 'You cannot apply to become a trader while copying other traders', zh: '跟单期间不能申请成为交易员' },
  { code: 2051005, group: 'copyTrading', http: 404, en: 'Trader application not found', zh: '交易员申请不存在' },
  { code: 2051006, group: 'copyTrading', http: 400, en: 'Your account balance is below the trader minimum of {min}', zh: '您的账户余额低于交易员最低要求{min}' },

  { code: 2052000, group: 'copyTrading', http: 400, en: 'You cannot copy your own trades', zh: '不能跟单自己' },
  { code: 2052001, group: 'copyTrading', http: 400, en: 'This trader has reached the maximum number of followers', zh: '该交易员的跟单人数已达上限' },
  { code: 2052002, group: 'copyTrading', http: 400, en: 'The copy amount cannot be less than {min}', zh: '跟单金额不能低于{min}' },
  { code: 2052003, group: 'copyTrading', http: 409, en: 'You are already copying this trader', zh: '您已在跟单该交易员' },
  { code: 2052004, group: 'copyTrading', http: 404, en: 'You are not copying this trader', zh: '您未跟单该交易员' },
  { code: 2052005, group: 'copyTrading', http: 400, en: 'The copy amount cannot exceed {max}', zh: '跟单金额不能超过{max}' },
  { code: 2052006, group: 'copyTrading', http: 400, en: 'You can copy at most {max} traders at the same time', zh: '您最多可同时跟单{max}位交易员' },
  { code: 2052007, group: 'copyTrading', http: 400, en: 'The copy ratio must be between {min} and {max}', zh: '跟单比例须在{min}到{max}之间' },
  { code: 2052008, group: 'copyTrading', http: 400, en: 'Copy trading is not available for this trading pair', zh: '该交易对暂不支持跟单' },
  { code: 2052009, group: 'copyTrading', http: 409, en: 'Please close your copy-trading positions before you stop copying', zh: '请先平掉跟单仓位再停止跟单' },
];
