import type en from '../en_US/loginLogs';
import type { Messages } from '../types';

export default {
  'table.title': '登录日志',
  'column.account': '账户',
  'column.loginTime': '登录时间',
  'column.loginIp': '登录IP',
  'column.logoutTime': '退出时间',
  'column.userAgent': '客户端',
} satisfies Messages<typeof en>;
