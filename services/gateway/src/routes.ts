/**
 * Which service owns a path under /api (docs/architecture.md, "HTTP conventions"): `/api/<service>/...` goes to
 * that service; the spec's own top-level paths go to their owners.
 */
const SPEC_PATHS: Record<string, string> = {
  login: 'identity',
  token: 'identity',
  logout: 'identity',
  forgot_password: 'identity',
  reset_password: 'identity',
  accept_invitation: 'identity',
  resend_invitation: 'identity',
  encryption_public_key: 'identity',
  notification: 'notifications',
};

export function serviceOfPath(pathname: string, services: ReadonlySet<string>): string | undefined {
  const segment = pathname.replace(/^\/api\/?/, '').split(/[/?]/)[0] ?? '';
  if (services.has(segment)) return segment;
  const owner = SPEC_PATHS[segment];
  return owner !== undefined && services.has(owner) ? owner : undefined;
}
