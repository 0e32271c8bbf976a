import { describe, expect, it } from 'vitest';
import { menuFor } from './menu';
import { routeTable } from './route-table';

const label = (key: string) => key;

describe('menuFor', () => {
  it('shows the main account the six screens (Liquidity after Data analysis) and the User section with its three pages (the two of spec §2, then pairs and platforms)', () => {
    const menu = menuFor(routeTable, { signedIn: true, mainAccountId: 1 }, label);
    expect(menu.map((entry) => entry.path)).toEqual(['/dashborad', '/robot', '/work', '/analysis', '/liquidity', '/risk', '/user']);
    expect(menu.at(-1)?.routes?.map((entry) => entry.path)).toEqual(['/user/backendSettings', '/user/logManage', '/user/pairManage']);
  });

  it('hides the User entry from mainAccountId 2 and any other account', () => {
    for (const mainAccountId of [2, 3]) {
      const menu = menuFor(routeTable, { signedIn: true, mainAccountId }, label);
      expect(menu.map((entry) => entry.path)).toEqual(['/dashborad', '/robot', '/work', '/analysis', '/liquidity', '/risk']);
    }
  });

  it('leaves login, the agreement and the index redirect out of the menu', () => {
    const paths = menuFor(routeTable, { signedIn: true, mainAccountId: 1 }, label).map((entry) => entry.path);
    expect(paths).not.toContain('/login');
    expect(paths).not.toContain('/agreement');
    expect(paths).not.toContain('/');
  });

  it('labels entries through the translate function', () => {
    const menu = menuFor(routeTable, { signedIn: true, mainAccountId: 2 }, (key) => `t(${key})`);
    expect(menu[0]?.name).toBe('t(menu.dashboard)');
  });
});
