import type { CatalogueEntry } from './types.ts';

/**
 * Where the server may call for users (alert channels, platform API base URLs): MakerDesk's own
 * codes in the params group (1030060–1030063). The credentials text is also the zod message of the
 * platform schema (schemas/coin.ts), so that field is answered with its own code.
 */
export const outboundEntries: CatalogueEntry[] = [
  {
    code: 1030060,
    group: 'params',
    http: 400,
    en: 'This address is on the server itself or a private network: the server does not send there unless its operator allows it',
    zh: '该地址指向服务器本机或内网：除非服务器管理员允许，服务器不会向其发送请求',
  },
  {
    code: 1030061,
    group: 'params',
    http: 403,
    en: "Only the main account may set a Telegram API base URL; leave it blank to use Telegram's own",
    zh: '只有主账户可以设置 Telegram API 基础地址；请留空以使用 Telegram 官方地址',
  },
  {
    code: 1030062,
    group: 'params',
    http: 400,
    en: 'An API base URL must not hold a user name or password',
    zh: 'API 基础地址中不能包含用户名或密码',
  },
  {
    code: 1030063,
    group: 'params',
    http: 502,
    en: '{platform} answered, but not as its exchange API does: check its API base URL; nothing was saved',
    zh: '{platform} 有应答，但不是其交易所 API 的应答：请检查其 API 基础地址，未保存任何内容',
  },
];
