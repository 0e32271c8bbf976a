import { MAIN_ACCOUNT } from '@makerdesk/contract';

/**
 * Who may open a route (spec §2, §6): everyone; only visitors who are signed out (Login);
 * signed-in users; or the main account alone.
 */
export type Access = 'public' | 'guest' | 'signedIn' | 'mainAccount';

export interface RouteDefinition {
  path: string;
  access: Access;
  /** Opening this path goes straight to another one. */
  redirect?: string;
  children?: RouteDefinition[];
}

export interface Viewer {
  signedIn: boolean;
  mainAccountId: number | null;
}

export const HOME_PATH = '/dashborad';
export const LOGIN_PATH = '/login';

export type Resolution<R> = { kind: 'render'; route: R } | { kind: 'redirect'; to: string } | { kind: 'notFound' };

export function flattenRoutes<R extends RouteDefinition>(routes: readonly R[]): R[] {
  return routes.flatMap((route) => [route, ...flattenRoutes((route.children ?? []) as R[])]);
}

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function findRoute<R extends RouteDefinition>(routes: readonly R[], pathname: string): R | undefined {
  const target = normalize(pathname);
  return flattenRoutes(routes).find((route) => route.path === target);
}

/**
 * The routes a viewer has: main-account routes are added for mainAccountId 1 and absent for anyone
 * else, which hides the User menu entry from restricted accounts.
 */
export function routesFor<R extends RouteDefinition>(routes: readonly R[], viewer: Viewer): R[] {
  return routes
    .filter((route) => route.access !== 'mainAccount' || viewer.mainAccountId === MAIN_ACCOUNT)
    .map((route) => (route.children ? { ...route, children: routesFor(route.children as R[], viewer) } : route));
}

/** Only same-site paths may be a post-login target; '//host' and '/\host' would leave the site. */
export function safeRedirect(target: string | null): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}

export function loginPathFor(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

/** The navigation guard of spec §4 as a pure decision: render the route, redirect (always with replace), or not found. */
export function resolveRoute<R extends RouteDefinition>(
  routes: readonly R[],
  location: { pathname: string; search: string },
  viewer: Viewer,
): Resolution<R> {
  const route = findRoute(routes, location.pathname);
  if (!route) return { kind: 'notFound' };
  if (route.access === 'guest' && viewer.signedIn) {
    const target = safeRedirect(new URLSearchParams(location.search).get('redirect'));
    return { kind: 'redirect', to: target ?? HOME_PATH };
  }
  if (route.access === 'signedIn' || route.access === 'mainAccount') {
    if (!viewer.signedIn) return { kind: 'redirect', to: loginPathFor(`${location.pathname}${location.search}`) };
    const available = findRoute(routesFor(routes, viewer), location.pathname);
    if (!available) return { kind: 'redirect', to: HOME_PATH };
  }
  if (route.redirect) return { kind: 'redirect', to: route.redirect };
  return { kind: 'render', route };
}
