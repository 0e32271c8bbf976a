import {
  AreaChartOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FundOutlined,
  NodeIndexOutlined,
  RobotOutlined,
  SafetyOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type menu from '@/locales/en_US/menu';
import { HOME_PATH, LOGIN_PATH, type RouteDefinition } from './access';

export type MenuKey = keyof typeof menu;

/**
 * One table drives the router, the guard, the menu, breadcrumbs and document titles
 * (ant-design-pro's config/routes.ts). Paths are relative to the language basename.
 */
export interface AppRoute extends RouteDefinition {
  /** Key in the `menu` namespace: menu label, breadcrumb and title. */
  name: MenuKey;
  /** Rendered inside the console shell (menu, top bar, expiry banner). */
  shell: boolean;
  icon?: ReactNode;
  hideInMenu?: boolean;
  /** Entering the route refetches /coin/list (spec §2). */
  reloadsCoinList?: boolean;
  page?: LazyExoticComponent<ComponentType>;
  children?: AppRoute[];
}

export const routeTable: AppRoute[] = [
  { path: LOGIN_PATH, name: 'menu.login', access: 'guest', shell: false, page: lazy(() => import('@/app/routes/login')) },
  { path: '/agreement', name: 'menu.agreement', access: 'public', shell: false, page: lazy(() => import('@/app/routes/agreement')) },
  { path: '/', name: 'menu.home', access: 'signedIn', shell: true, hideInMenu: true, redirect: HOME_PATH },
  {
    path: HOME_PATH,
    name: 'menu.dashboard',
    access: 'signedIn',
    shell: true,
    icon: <DashboardOutlined />,
    reloadsCoinList: true,
    page: lazy(() => import('@/app/routes/dashboard')),
  },
  {
    path: '/robot',
    name: 'menu.robot',
    access: 'signedIn',
    shell: true,
    icon: <RobotOutlined />,
    reloadsCoinList: true,
    page: lazy(() => import('@/app/routes/robot')),
  },
  {
    path: '/work',
    name: 'menu.work',
    access: 'signedIn',
    shell: true,
    icon: <SwapOutlined />,
    reloadsCoinList: true,
    page: lazy(() => import('@/app/routes/work')),
  },
  {
    path: '/analysis',
    name: 'menu.analysis',
    access: 'signedIn',
    shell: true,
    icon: <AreaChartOutlined />,
    reloadsCoinList: true,
    page: lazy(() => import('@/app/routes/analysis')),
  },
  {
    path: '/liquidity',
    name: 'menu.liquidity',
    access: 'signedIn',
    shell: true,
    icon: <FundOutlined />,
    reloadsCoinList: true,
    page: lazy(() => import('@/app/routes/liquidity')),
  },
  {
    path: '/liquidity/report',
    name: 'menu.liquidity.report',
    access: 'signedIn',
    shell: true,
    hideInMenu: true,
    page: lazy(() => import('@/app/routes/liquidity-report')),
  },
  {
    path: '/risk',
    name: 'menu.risk',
    access: 'signedIn',
    shell: true,
    icon: <SafetyOutlined />,
    reloadsCoinList: true,
    page: lazy(() => import('@/app/routes/risk')),
  },
  {
    path: '/user',
    name: 'menu.user',
    access: 'mainAccount',
    shell: true,
    icon: <TeamOutlined />,
    redirect: '/user/backendSettings',
    children: [
      {
        path: '/user/backendSettings',
        name: 'menu.user.backendSettings',
        access: 'mainAccount',
        shell: true,
        icon: <SettingOutlined />,
        reloadsCoinList: true,
        page: lazy(() => import('@/app/routes/user/backend-settings')),
      },
      {
        path: '/user/logManage',
        name: 'menu.user.logManage',
        access: 'mainAccount',
        shell: true,
        icon: <FileSearchOutlined />,
        reloadsCoinList: true,
        page: lazy(() => import('@/app/routes/user/log-manage')),
      },
      {
        path: '/user/pairManage',
        name: 'menu.user.pairManage',
        access: 'mainAccount',
        shell: true,
        icon: <NodeIndexOutlined />,
        reloadsCoinList: true,
        page: lazy(() => import('@/app/routes/user/pair-manage')),
      },
    ],
  },
];

/** Any path outside the table (spec §2): public, outside the shell. */
export const notFoundPage = lazy(() => import('@/app/routes/not-found'));
export const NOT_FOUND_NAME: MenuKey = 'menu.notFound';
