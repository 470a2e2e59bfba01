import { isRestrictedRjUser } from '@scm/contracts';
import type { SessionUser } from '@scm/contracts';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../api/session';
import { changeLanguage, currentLanguage } from '../../i18n';
import { useStore } from '../../lib/store';
import { firstAllowedPath, visibleTree } from '../../routes/resolve';
import { ROUTE_TREE } from '../../routes/route-tree';
import { setSidebarOpen, sidebarOpen as sidebarOpenStore } from '../../state/preferences';
import { addTag } from '../../state/tags';
import { PageLoading } from '../ui/PageLoading';
import { BackToTop } from './BackToTop';
import { Header } from './Header';
import { DesktopSidebar, MobileSidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { UpdatePrompt } from './UpdatePrompt';
import { Watermark } from './Watermark';
import { useMatchedRoute, usePageTitle } from './route-title';
import { useMobileLayout } from './use-mobile-layout';

/** SPEC.md §1, §6: restricted RJ users see English only. */
function useRestrictedLanguage(user: SessionUser): void {
  const restricted = isRestrictedRjUser(user.role.permission_list);
  useEffect(() => {
    if (restricted && currentLanguage() !== 'en') void changeLanguage('en');
  }, [restricted]);
}

function Shell({ user }: { user: SessionUser }) {
  const location = useLocation();
  const match = useMatchedRoute();
  const mobile = useMobileLayout();
  const desktopOpen = useStore(sidebarOpenStore);
  // The drawer remembers the path it was opened on: any route change closes it (SPEC.md §2).
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const drawerOpen = mobile && drawerPath === location.pathname;
  const tree = useMemo(() => visibleTree(ROUTE_TREE, user), [user]);
  const homePath = useMemo(() => firstAllowedPath(ROUTE_TREE, user) ?? '/404', [user]);
  const activeIds = useMemo(
    () => new Set(match ? [match.node.id, ...match.parents.map((parent) => parent.id)] : []),
    [match],
  );

  usePageTitle(match);
  useRestrictedLanguage(user);

  // Every page the user opens joins the tags view.
  const routeId = match?.node.id;
  const type = match?.type;
  const fullPath = location.pathname + location.search;
  useEffect(() => {
    if (routeId) addTag({ path: location.pathname, fullPath, routeId, type });
  }, [routeId, type, location.pathname, fullPath]);

  const sidebarOpen = mobile ? drawerOpen : desktopOpen;
  const toggleSidebar = () =>
    mobile ? setDrawerPath(drawerOpen ? null : location.pathname) : setSidebarOpen(!desktopOpen);

  return (
    <div className="min-h-screen bg-slate-100" data-layout={mobile ? 'mobile' : 'desktop'}>
      {mobile ? (
        <MobileSidebar tree={tree} activeIds={activeIds} open={drawerOpen} onClose={() => setDrawerPath(null)} />
      ) : (
        <DesktopSidebar tree={tree} activeIds={activeIds} open={desktopOpen} />
      )}
      <div
        className={`flex min-h-screen flex-col transition-[padding] duration-200 ${mobile ? '' : desktopOpen ? 'pl-64' : 'pl-16'}`}
      >
        <div className="sticky top-0 z-30 shadow-[0_1px_2px_rgb(15_23_42/0.04)]">
          <Header user={user} tree={tree} match={match} sidebarOpen={sidebarOpen} onToggleSidebar={toggleSidebar} />
          <TagsView homePath={homePath} />
        </div>
        <main id="main-content" className="relative flex-1 p-3 sm:p-5 lg:p-6">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Watermark />
      <BackToTop />
      <UpdatePrompt />
    </div>
  );
}

/**
 * The signed-in shell of SPEC.md §2 "Layout": sidebar, header (breadcrumb, search, fullscreen, notifications,
 * language, size, error log, avatar), tags view, watermark, back-to-top and the update prompt around the page.
 */
export default function Layout() {
  const { user } = useSession();
  if (!user) return null;
  return <Shell user={user} />;
}
