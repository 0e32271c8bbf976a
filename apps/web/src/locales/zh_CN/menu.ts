import type en from '../en_US/menu';
import type { Messages } from '../types';

export default {
  'menu.login': '登录',
  'menu.agreement': '用户协议',
  'menu.home': '首页',
  'menu.dashboard': '控制面板',
  'menu.robot': '机器人部署',
  'menu.work': '工作台',
  'menu.analysis': '数据分析',
  'menu.liquidity': '流动性',
  'menu.liquidity.report': '流动性报告',
  'menu.risk': '风控',
  'menu.user': '用户',
  'menu.user.backendSettings': '后台设置',
  'menu.user.logManage': '日志管理',
  'menu.user.pairManage': '交易对与平台',
  'menu.notFound': '页面不存在',
} satisfies Messages<typeof en>;
