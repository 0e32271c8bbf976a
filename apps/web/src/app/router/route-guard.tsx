import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '@/components/page-loading';
import { useAuth } from '@/lib/auth';
import { beginProgress, endProgress } from '@/lib/progress';
import { resolveRoute } from './access';
import { NOT_FOUND_NAME, routeTable, type MenuKey } from './route-table';

/** Every route change runs the top progress bar for at least a frame (spec §2). */
function useRouteProgress(pathname: string) {
  useEffect(() => {
    beginProgress();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      endProgress();
    };
    const frame = requestAnimationFrame(end);
    return () => {
      cancelAnimationFrame(frame);
      end();
    };
  }, [pathname]);
}

/** '<page> - MakerDesk' in the current language. */
function useDocumentTitle(name: MenuKey | null) {
  const { t } = useTranslation('menu');
  useEffect(() => {
    if (name) document.title = `${t(name)} - MakerDesk`;
  }, [name, t]);
}

/** The navigation guard (spec §4): applies `resolveRoute` to every location; redirects replace history. */
export function RouteGuard() {
  const location = useLocation();
  const { signedIn, admin } = useAuth();
  const resolution = resolveRoute(routeTable, location, { signedIn, mainAccountId: admin?.mainAccountId ?? null });
  useDocumentTitle(resolution.kind === 'render' ? resolution.route.name : resolution.kind === 'notFound' ? NOT_FOUND_NAME : null);
  useRouteProgress(location.pathname);

  if (resolution.kind === 'redirect') return <Navigate to={resolution.to} replace />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
