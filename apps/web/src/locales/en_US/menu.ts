export default {
  'menu.login': 'Login',
  'menu.agreement': 'User agreement',
  'menu.home': 'Home',
  'menu.dashboard': 'Control panel',
  'menu.robot': 'Bot deployment',
  'menu.work': 'Work panel',
  'menu.analysis': 'Data analysis',
  'menu.user': 'User',
  'menu.user.backendSettings': 'Backend settings',
  'menu.user.logManage': 'Log management',
  'menu.user.pairManage': 'Pairs and platforms',
  'menu.notFound': 'Page not found',
} as const;
