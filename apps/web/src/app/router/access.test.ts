import { describe, expect, it } from 'vitest';
import { findRoute, HOME_PATH, resolveRoute, routesFor, safeRedirect, type Viewer } from './access';
import { routeTable } from './route-table';

const signedOut: Viewer = { signedIn: false, mainAccountId: null };
const main: Viewer = { signedIn: true, mainAccountId: 1 };
const restricted: Viewer = { signedIn: true, mainAccountId: 2 };
const otherAccount: Viewer = { signedIn: true, mainAccountId: 7 };

function resolve(path: string, viewer: Viewer) {
  const url = new URL(path, 'http://console.test');
  return resolveRoute(routeTable, { pathname: url.pathname, search: url.search }, viewer);
}

function redirectOf(path: string, viewer: Viewer): string | undefined {
  const result = resolve(path, viewer);
  return result.kind === 'redirect' ? result.to : undefined;
}

describe('resolveRoute: the navigation guard', () => {
  it('sends / to the dashboard at its misspelled path', () => {
    expect(redirectOf('/', main)).toBe('/dashborad');
    expect(HOME_PATH).toBe('/dashborad');
  });

  it('sends a signed-out visitor of a signed-in route to login with the full target path', () => {
    expect(redirectOf('/robot', signedOut)).toBe('/login?redirect=%2Frobot');
    expect(redirectOf('/user/logManage?x=1', signedOut)).toBe('/login?redirect=%2Fuser%2FlogManage%3Fx%3D1');
    expect(redirectOf('/', signedOut)).toBe('/login?redirect=%2F');
  });

  it('sends a signed-in user away from login: to the redirect target, else the dashboard', () => {
    expect(redirectOf('/login', main)).toBe('/dashborad');
    expect(redirectOf('/login?redirect=%2Fuser%2FlogManage%3Fx%3D1', main)).toBe('/user/logManage?x=1');
  });

  it('ignores redirect targets that would leave the site', () => {
    expect(redirectOf('/login?redirect=%2F%2Fevil.test', main)).toBe('/dashborad');
    expect(redirectOf('/login?redirect=https%3A%2F%2Fevil.test', main)).toBe('/dashborad');
    expect(safeRedirect('/\\evil.test')).toBeNull();
  });

  it('renders login and the agreement for signed-out visitors', () => {
    expect(resolve('/login', signedOut)).toMatchObject({ kind: 'render', route: { name: 'menu.login' } });
    expect(resolve('/agreement', signedOut)).toMatchObject({ kind: 'render', route: { name: 'menu.agreement' } });
    expect(resolve('/agreement', main)).toMatchObject({ kind: 'render' });
  });

  it('opens the main-account routes for mainAccountId 1, /user going to backend settings', () => {
    expect(redirectOf('/user', main)).toBe('/user/backendSettings');
    expect(resolve('/user/backendSettings', main)).toMatchObject({ kind: 'render', route: { name: 'menu.user.backendSettings' } });
    expect(resolve('/user/logManage', main)).toMatchObject({ kind: 'render' });
  });

  it('redirects every other account from the main-account routes to the dashboard', () => {
    for (const viewer of [restricted, otherAccount]) {
      expect(redirectOf('/user', viewer)).toBe('/dashborad');
      expect(redirectOf('/user/backendSettings', viewer)).toBe('/dashborad');
      expect(redirectOf('/user/logManage?x=1', viewer)).toBe('/dashborad');
    }
  });

  it('renders the six console screens for any signed-in account', () => {
    for (const path of ['/dashborad', '/robot', '/work', '/analysis', '/liquidity', '/risk']) {
      expect(resolve(path, restricted)).toMatchObject({ kind: 'render', route: { path, reloadsCoinList: true } });
    }
  });

  it('answers not found for any other path, signed in or not', () => {
    expect(resolve('/dashboard', main)).toEqual({ kind: 'notFound' });
    expect(resolve('/nope/deeper', signedOut)).toEqual({ kind: 'notFound' });
  });

  it('treats a trailing slash as the same route', () => {
    expect(resolve('/robot/', main)).toMatchObject({ kind: 'render', route: { path: '/robot' } });
  });
});

describe('routesFor: routes per account', () => {
  it('has the User route only for mainAccountId 1', () => {
    expect(findRoute(routesFor(routeTable, main), '/user/logManage')).toBeDefined();
    expect(findRoute(routesFor(routeTable, restricted), '/user')).toBeUndefined();
    expect(findRoute(routesFor(routeTable, otherAccount), '/user/backendSettings')).toBeUndefined();
  });

  it('marks the routes of spec §2 that reload the coin list', () => {
    const reloading = routesFor(routeTable, main)
      .flatMap((route) => [route, ...(route.children ?? [])])
      .filter((route) => route.reloadsCoinList)
      .map((route) => route.path);
    expect(reloading).toEqual(['/dashborad', '/robot', '/work', '/analysis', '/liquidity', '/risk', '/user/backendSettings', '/user/logManage', '/user/pairManage']);
  });
});
