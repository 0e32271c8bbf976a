/** The /backend paths both sides use (spec §7), so a typo can't split client and server. */
export const API_PREFIX = '/backend';

export const paths = {
  health: '/health',
  login: '/admin/login',
  logout: '/admin/logout',
  adminById: '/admin/:id',
  adminList: '/admin/list',
  loginLogList: '/admin/loginLog/list',
  addUser: '/admin/addUser',
  updateUser: '/admin/update',
  updatePassword: '/admin/updatePassword',
  coinList: '/coin/list',
  platformList: '/platform/list',
  accountPermissionsAdd: '/account-permissions/add',
  accountPermissionsList: '/account-permissions/list',
  tradingLogList: '/tradingLog/list',
  credentialsAdd: '/credentials/add',
  credentialsUpdate: '/credentials/update',
  credentialsList: '/credentials/list',
} as const;
