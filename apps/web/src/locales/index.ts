import agreementEn from './en_US/agreement';
import type analysisEn from './en_US/analysis';
import type liquidityEn from './en_US/liquidity';
import authEn from './en_US/auth';
import commonEn from './en_US/common';
import credentialsEn from './en_US/credentials';
import emergencyStopEn from './en_US/emergencyStop';
import incidentsEn from './en_US/incidents';
import layoutEn from './en_US/layout';
import loginLogsEn from './en_US/loginLogs';
import menuEn from './en_US/menu';
import pagesEn from './en_US/pages';
import pairsEn from './en_US/pairs';
import type riskEn from './en_US/risk';
import type robotsEn from './en_US/robots';
import tradingEn from './en_US/trading';
import usersEn from './en_US/users';
import agreementZh from './zh_CN/agreement';
import authZh from './zh_CN/auth';
import commonZh from './zh_CN/common';
import credentialsZh from './zh_CN/credentials';
import emergencyStopZh from './zh_CN/emergencyStop';
import incidentsZh from './zh_CN/incidents';
import layoutZh from './zh_CN/layout';
import loginLogsZh from './zh_CN/loginLogs';
import menuZh from './zh_CN/menu';
import pagesZh from './zh_CN/pages';
import pairsZh from './zh_CN/pairs';
import tradingZh from './zh_CN/trading';
import usersZh from './zh_CN/users';

export const resources = {
  en_US: {
    common: commonEn,
    menu: menuEn,
    auth: authEn,
    layout: layoutEn,
    pairs: pairsEn,
    credentials: credentialsEn,
    emergencyStop: emergencyStopEn,
    incidents: incidentsEn,
    trading: tradingEn,
    users: usersEn,
    loginLogs: loginLogsEn,
    pages: pagesEn,
    agreement: agreementEn,
  },
  zh_CN: {
    common: commonZh,
    menu: menuZh,
    auth: authZh,
    layout: layoutZh,
    pairs: pairsZh,
    credentials: credentialsZh,
    emergencyStop: emergencyStopZh,
    incidents: incidentsZh,
    trading: tradingZh,
    users: usersZh,
    loginLogs: loginLogsZh,
    pages: pagesZh,
    agreement: agreementZh,
  },
} as const;

/**
 * Every namespace's keys, for the typed `t`. A page's own namespace (robots) is not in `resources`:
 * it ships with the page's lazy chunk and registers itself (features/robots/robots-i18n.ts, and
 * features/risk-control/risk-i18n.ts for `risk`, features/analysis/analysis-i18n.ts for `analysis`, features/liquidity/liquidity-i18n.ts for `liquidity`), so the
 * sign-in page does not download it.
 */
export type Resources = (typeof resources)['en_US'] & { robots: typeof robotsEn; risk: typeof riskEn; analysis: typeof analysisEn; liquidity: typeof liquidityEn };

export type Namespace = keyof (typeof resources)['en_US'];
export const namespaces = Object.keys(resources.en_US) as Namespace[];
