import type { CatalogueEntry } from './types.ts';

/** Transport, general, auth, lookup and account codes: the ones the foundation raises. */
export const coreEntries: CatalogueEntry[] = [
  { code: 401, group: 'transport', http: 401, en: 'Login has expired, please sign in again', zh: '登录已过期，请重新登录' },
  { code: 2000401, group: 'transport', http: 403, en: 'Your account has been suspended, please contact support', zh: '您的账户已被停用，请联系客服' },
  { code: 3000401, group: 'transport', http: 403, en: 'This trading pair is temporarily unavailable, please choose another pair', zh: '该交易对暂时不可用，请选择其他交易对' },
  { code: 4000401, group: 'transport', http: 403, en: 'The service for this trading pair has expired, please choose another pair', zh: '该交易对服务已到期，请选择其他交易对' },

  { code: 1050400, group: 'general', http: 400, en: 'Invalid parameters: {detail}', zh: '参数错误：{detail}' },
  { code: 1050500, group: 'general', http: 503, en: 'System busy, please try again later', zh: '系统繁忙，请稍后再试' },
  { code: 1050501, group: 'general', http: 500, en: 'Internal error, please try again later', zh: '内部错误，请稍后再试' },

  { code: 1011200, group: 'account', http: 409, en: 'Account creation failed: {reason}', zh: '账户创建失败：{reason}' },

  { code: 1030001, group: 'params', http: 400, en: 'Trading pair cannot be empty', zh: '交易对不能为空' },
  { code: 1030029, group: 'params', http: 400, en: 'The password must be at least 8 digits and at most 16 digits!', zh: '密码长度须为8到16位！' },
  { code: 1030030, group: 'params', http: 400, en: 'Invalid email format', zh: '邮箱格式不正确' },
  { code: 1030031, group: 'params', http: 400, en: 'The two password entries are inconsistent!', zh: '两次输入的密码不一致！' },
  { code: 1030032, group: 'params', http: 400, en: 'The current password is incorrect', zh: '当前密码不正确' },
  { code: 1030033, group: 'params', http: 400, en: 'You cannot delete, suspend or demote your own account', zh: '不能删除、停用或降级自己的账户' },

  { code: 1070001, group: 'auth', http: 400, en: 'Incorrect username or password', zh: '用户名或密码错误' },
  { code: 1070002, group: 'auth', http: 429, en: 'Too many attempts, please try again in {seconds} seconds', zh: '尝试次数过多，请在{seconds}秒后重试' },
  { code: 1070003, group: 'auth', http: 400, en: 'The verification code is invalid or has expired', zh: '验证码无效或已过期' },

  { code: 2030001, group: 'lookup', http: 404, en: 'The requested service was not found', zh: '请求的服务不存在' },
  { code: 2030002, group: 'lookup', http: 404, en: 'Trading pair not found', zh: '交易对不存在' },
  { code: 2030003, group: 'lookup', http: 404, en: 'Coin not found', zh: '币种不存在' },
  { code: 2030004, group: 'lookup', http: 404, en: 'Account not found', zh: '账户不存在' },
  { code: 2030005, group: 'lookup', http: 404, en: 'Exchange platform not found', zh: '交易平台不存在' },
  { code: 2030006, group: 'lookup', http: 404, en: 'API key not found', zh: 'API密钥不存在' },
  { code: 2030007, group: 'lookup', http: 403, en: 'You do not have permission for this operation', zh: '您无权执行此操作' },
  { code: 2030008, group: 'lookup', http: 403, en: 'User restricted by risk control', zh: '用户已被风控限制' },
];
