import { Navigate, useSearchParams } from 'react-router-dom';

/** /auth-redirect?redirect=...: returns to the wanted path after an external sign-in step. */
export default function AuthRedirectPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return <Navigate to={redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/'} replace />;
}
