export default {
  'table.title': 'Login logs',
  'column.account': 'Account',
  'column.loginTime': 'Login time',
  'column.loginIp': 'Login IP',
  'column.logoutTime': 'Logout time',
  'column.userAgent': 'User agent',
} as const;
