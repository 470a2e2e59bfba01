import { checkTypeOf, hasPermission } from '@scm/contracts';
import type { SessionUser } from '@scm/contracts';
import { Suspense, lazy, useEffect, useMemo } from 'react';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Navigate,
  Route,
  RouterProvider,
  Routes,
  createBrowserRouter,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router-dom';
import { navigation, refreshSession, useSession } from './api/session';
import { GlobalFeedback } from './components/layout/GlobalFeedback';
import { PageLoading } from './components/ui/PageLoading';
import { ROUTE_TREE } from './routes/route-tree';
import type { PageLoader, RouteNode } from './routes/route-tree';
import { firstAllowedPath, pages, visibleTree } from './routes/resolve';
import { showError } from './state/feedback';

const Layout = lazy(() => import('./components/layout/Layout'));
const LoginPage = lazy(() => import('./routes/public/LoginPage'));
const NotFoundPage = lazy(() => import('./routes/public/NotFoundPage'));
const RedirectPage = lazy(() => import('./routes/public/RedirectPage'));
const PrintPage = lazy(() => import('./routes/public/PrintPage'));
const ConfirmPage = lazy(() => import('./routes/public/ConfirmPage'));
const AuthRedirectPage = lazy(() => import('./routes/public/AuthRedirectPage'));
const SupplierConfirmPage = lazy(() => import('./routes/supplier-confirmation/SupplierConfirmPage'));

const lazyPages = new Map<PageLoader, LazyExoticComponent<ComponentType>>();
function pageComponent(loader: PageLoader): LazyExoticComponent<ComponentType> {
  let component = lazyPages.get(loader);
  if (!component) {
    component = lazy(loader);
    lazyPages.set(loader, component);
  }
  return component;
}

/** Lets code outside React navigate, and re-reads /api/token on every navigation (SPEC.md §7). */
function NavigationBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    navigation.navigate = (to) => void navigate(to);
  }, [navigate]);
  useEffect(() => {
    void refreshSession();
  }, [location.pathname]);
  return null;
}

/** Sends the user to the first route they may see, with SPEC.md §6's message. */
function NoPermission({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const target = firstAllowedPath(ROUTE_TREE, user) ?? '/404';
  useEffect(() => showError(t('web:errors.noPermission')), [t]);
  return <Navigate to={target} replace />;
}

/** The route guard of SPEC.md §5: check type from the route's {type}, view by default. */
function Guarded({ node, user, form }: { node: RouteNode; user: SessionUser; form: boolean }) {
  const { type } = useParams();
  if (form && !['view', 'new', 'edit', 'create', 'clone'].includes(type ?? '')) return <Navigate to="/404" replace />;
  const allowed = node.keys === undefined || hasPermission(user.role.permission_list, node.keys, checkTypeOf(type));
  if (!allowed) return <NoPermission user={user} />;
  const Page = pageComponent((form ? node.form : node.page)!);
  return <Page />;
}

/** A path outside the user's routes: a known page they may not open, or an unknown path (404). */
function Unmatched({ user }: { user: SessionUser }) {
  const { pathname } = useLocation();
  const known = pages(ROUTE_TREE).some(
    ({ node }) => node.path && (pathname === node.path || pathname.startsWith(`${node.path}/`)),
  );
  return known ? <NoPermission user={user} /> : <Navigate to="/404" replace />;
}

function SignedInRoutes({ user }: { user: SessionUser }) {
  const routes = useMemo(() => pages(visibleTree(ROUTE_TREE, user)), [user]);
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Navigate to="/dashboard" replace />} />
        {/* Inside the layout, so the tags view's refresh remounts the page, not the whole shell. */}
        <Route path="/redirect/*" element={<RedirectPage />} />
        {routes.flatMap(({ node }) => [
          ...(node.page
            ? [<Route key={node.path} path={node.path} element={<Guarded node={node} user={user} form={false} />} />]
            : []),
          ...(node.form
            ? [
                <Route
                  key={`${node.path}/:type`}
                  path={`${node.path}/:type`}
                  element={<Guarded node={node} user={user} form />}
                />,
              ]
            : []),
        ])}
        <Route path="*" element={<Unmatched user={user} />} />
      </Route>
    </Routes>
  );
}

function RequireSignIn() {
  const location = useLocation();
  const redirect = encodeURIComponent(location.pathname + location.search);
  return <Navigate to={`/login?redirect=${redirect}`} replace />;
}

function AppRoutes() {
  const { user, loading } = useSession();
  if (loading) return <PageLoading />;
  const publicOnly = (element: ReactNode) =>
    user ? <Navigate to={firstAllowedPath(ROUTE_TREE, user) ?? '/404'} replace /> : element;
  return (
    <Routes>
      <Route path="/login" element={publicOnly(<LoginPage mode="login" />)} />
      <Route path="/reset" element={<LoginPage mode="reset" />} />
      <Route path="/invite" element={<LoginPage mode="invite" />} />
      <Route path="/404" element={<NotFoundPage />} />
      <Route path="/confirm" element={<ConfirmPage />} />
      <Route path="/auth-redirect" element={<AuthRedirectPage />} />
      <Route path="/print" element={<PrintPage />} />
      {/* The supplier's page behind the mailed one-time link: no sign-in, signed in or not. */}
      <Route path="/supplier/confirm" element={<SupplierConfirmPage />} />
      <Route path="*" element={user ? <SignedInRoutes user={user} /> : <RequireSignIn />} />
    </Routes>
  );
}

function Root() {
  return (
    <>
      <NavigationBridge />
      <GlobalFeedback />
      <Suspense fallback={<PageLoading />}>
        <AppRoutes />
      </Suspense>
    </>
  );
}

/**
 * A data router with one catch-all route around the app's own <Routes>: the route tree stays as it is, and
 * hooks that need a data router (useBlocker for the forms' unsaved-changes guard) work.
 */
const router = createBrowserRouter([{ path: '*', element: <Root /> }]);

export function App() {
  return <RouterProvider router={router} />;
}
