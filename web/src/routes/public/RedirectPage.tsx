import { Navigate, useLocation } from 'react-router-dom';

/** /redirect/{path}: re-enters {path}, which remounts its page (the tags view's refresh uses it). */
export default function RedirectPage() {
  const { pathname, search } = useLocation();
  const target = pathname.replace(/^\/redirect/, '') || '/';
  return <Navigate to={target + search} replace />;
}
