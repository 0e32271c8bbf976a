import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { basenameFor } from '@/lib/locale';
import { useLocale } from '../locale';
import { flattenRoutes } from './access';
import { RouteGuard } from './route-guard';
import { notFoundPage as NotFoundPage, routeTable } from './route-table';

// The shell (ProLayout and its menus) loads only once someone is signed in.
const ConsoleLayout = lazy(() => import('../layout/console-layout').then((m) => ({ default: m.ConsoleLayout })));

const pageRoutes = flattenRoutes(routeTable).filter((route) => route.page !== undefined);

function routeElements(shell: boolean) {
  return pageRoutes
    .filter((route) => route.shell === shell)
    .map(({ path, page: Page }) => <Route key={path} path={path} element={Page && <Page />} />);
}

/**
 * The Chinese pages live under the /zh-cn basename; a language switch changes the address first,
 * then remounts the router (keyed by language) so it reads the new address under the new basename.
 */
export function AppRouter() {
  const { lang } = useLocale();
  return (
    <BrowserRouter key={lang} basename={basenameFor(lang)}>
      <Routes>
        <Route element={<RouteGuard />}>
          {routeElements(false)}
          <Route element={<ConsoleLayout />}>{routeElements(true)}</Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
