import type en from '../en_US/agreement';
import type { Messages } from '../types';

export default {
  'title': '用户协议',
  'intro': '使用 MakerDesk 前请阅读本须知。登录即表示您接受本须知。',
  'tool.title': '第三方工具',
  'tool.body': 'MakerDesk 仅为第三方软件工具，不持有任何资产：您的资金始终保存在您开户的交易所，MakerDesk 仅通过您导入的 API 密钥进行操作。',
  'residency.title': '服务对象',
  'residency.body': 'MakerDesk 不为中国、美国、朝鲜或古巴的居民提供服务。如果您属于上述地区的居民，请勿使用。',
  'integrity.title': '市场诚信',
  'integrity.body': '严禁将本产品用于操纵市场、对敲交易、欺诈及类似用途。MakerDesk 在真实交易所强制执行防自成交：机器人的订单不得与同一账户的挂单成交。',
  'apiKey.title': 'API 密钥',
  'apiKey.body': '您导入的每个 API 密钥都必须绑定 IP 地址，确保密钥只能在您允许的机器上使用。',
  'risk.title': '您的责任',
  'risk.body': '自动化交易存在风险。您需对自己配置的机器人及其下达的订单负责。',
} satisfies Messages<typeof en>;
