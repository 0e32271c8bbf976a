import { routesFor, type Viewer } from './access';
import type { AppRoute } from './route-table';

export interface MenuEntry {
  path: string;
  name: string;
  icon?: AppRoute['icon'];
  routes?: MenuEntry[];
}

/** The side menu of a viewer: shell routes they have, without hidden entries, labels translated. */
export function menuFor(routes: readonly AppRoute[], viewer: Viewer, translate: (key: AppRoute['name']) => string): MenuEntry[] {
  return routesFor(routes, viewer)
    .filter((route) => route.shell && !route.hideInMenu)
    .map((route) => {
      const children = route.children ? menuFor(route.children, viewer, translate) : [];
      return {
        path: route.path,
        name: translate(route.name),
        icon: route.icon,
        ...(children.length > 0 ? { routes: children } : {}),
      };
    });
}
