import { PairHaltedBanner } from './pair-halted-banner';
import { ProLayout } from '@ant-design/pro-components';
import { breakpoints, layout } from '@makerdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Grid } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Logo } from '@/components/brand/logo';
import { PageLoading } from '@/components/page-loading';
import { useAdmin } from '@/features/auth/api/get-admin';
import { coinsQueryKey } from '@/features/pairs/api/get-coins';
import { ExpiryBanner } from '@/features/pairs/components/expiry-banner';
import { useScrollTopOnNavigate } from '@/hooks/use-scroll-top-on-navigate';
import { useViewportWidth } from '@/hooks/use-viewport-width';
import { replaceStoredAdmin, useAuth } from '@/lib/auth';
import { findRoute } from '../router/access';
import { menuFor } from '../router/menu';
import { routeTable } from '../router/route-table';
import { ConsoleFooter } from './console-footer';
import { headerActions } from './header-actions';
import { defaultLayoutSettings, showsPart } from './layout-settings';
import { SettingsDrawer } from './settings-drawer';
import { TopBar } from './top-bar';

/** Routes marked so in the table refetch the pair list on entry (spec §2). */
function useCoinListReload(pathname: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!findRoute(routeTable, pathname)?.reloadsCoinList) return;
    // Joins a fetch already under way (the selector's first load) instead of starting a second one.
    void queryClient.invalidateQueries({ queryKey: coinsQueryKey }, { cancelRefetch: false });
  }, [pathname, queryClient]);
}

/** The stored account may be stale (role, status or main-account flag changed): refresh it from /admin/{id}. */
function useStoredAdminRefresh(adminId: number | undefined) {
  const { data } = useAdmin(adminId);
  useEffect(() => {
    if (data) replaceStoredAdmin(data);
  }, [data]);
}

/** The signed-in console: ProLayout with the route table's menu, the top bar, the expiry banner and the settings drawer. */
export function ConsoleLayout() {
  const { t } = useTranslation('menu');
  const { pathname } = useLocation();
  const { admin } = useAuth();
  const [settings, setSettings] = useState(defaultLayoutSettings);
  const width = useViewportWidth(layout.resizeDebounceMs);
  const narrow = width <= layout.mobileMaxWidth;
  const isMobile = width < breakpoints.md;
  const [collapsed, setCollapsed] = useState(narrow);
  // Two sources say whether the screen is a phone: ours, the window's width once resizing pauses
  // (spec §9, 300 ms), and ProLayout's, a media query read at once, which folds the menu
  // (onCollapse(true)) when it turns mobile and never unfolds it. A width that dips below md for less
  // than the debounce (a viewport resized and restored, a full-page capture) left `narrow` unchanged,
  // so nothing unfolded the menu: it stayed on its icons on a wide screen. So the menu follows our
  // width rule again each time the media query leaves mobile, as well as when `narrow` changes.
  const mediaMobile = Grid.useBreakpoint().md === false;
  useEffect(() => {
    if (!mediaMobile) setCollapsed(narrow);
  }, [narrow, mediaMobile]);
  useCoinListReload(pathname);
  useStoredAdminRefresh(admin?.id);
  useScrollTopOnNavigate();

  const mainAccountId = admin?.mainAccountId ?? null;
  const menu = useMemo(() => menuFor(routeTable, { signedIn: true, mainAccountId }, (key) => t(key)), [mainAccountId, t]);
  // ProLayout has no header in the side layout on wide screens; the console's own top bar stands in.
  const ownTopBar = settings.layout === 'side' && !isMobile;

  return (
    <ProLayout
      title="MakerDesk"
      logo={<Logo />}
      layout={settings.layout}
      navTheme="realDark"
      fixedHeader={settings.fixedHeader}
      fixSiderbar={settings.fixSiderbar}
      splitMenus={settings.splitMenus}
      headerRender={settings.headerRender}
      menuHeaderRender={settings.menuHeaderRender}
      footerRender={showsPart(settings, 'footerRender') ? () => <ConsoleFooter /> : false}
      siderWidth={layout.siderWidth}
      collapsed={collapsed}
      onCollapse={setCollapsed}
      breakpoint={false}
      location={{ pathname }}
      route={{ path: '/', routes: menu }}
      menu={{ locale: false }}
      menuProps={{ inlineIndent: layout.menuInlineIndent, subMenuOpenDelay: layout.subMenuDelaySeconds }}
      menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
      actionsRender={ownTopBar ? false : () => headerActions({ phone: isMobile })}
      token={{
        header: { heightLayoutHeader: layout.headerHeight },
        pageContainer: { paddingInlinePageContainerContent: 24, paddingBlockPageContainerContent: 16 },
      }}
      contentStyle={{ padding: 0 }}
      // Fills the window, so the footer rests at the bottom of short pages.
      style={{ minHeight: '100vh' }}
      className={collapsed ? 'md-layout md-layout-collapsed' : 'md-layout'}
    >
      {ownTopBar && showsPart(settings, 'headerRender') && (
        <TopBar fixed={settings.fixedHeader} showBrand={!showsPart(settings, 'menuHeaderRender')} />
      )}
      <ExpiryBanner />
      <div className="md-page-frame">
        <div key={pathname} className="md-page">
          <PairHaltedBanner />
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
      <SettingsDrawer settings={settings} onChange={setSettings} />
    </ProLayout>
  );
}
