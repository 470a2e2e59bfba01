import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MatchedRoute } from '../../routes/resolve';
import { Icon } from './icons';
import { routeTitle } from './route-title';

interface Crumb {
  key: string;
  label: string;
  to?: string;
}

/** SPEC.md §2: group › page › route type. A parent page links back to itself; the last crumb is the current page. */
export function Breadcrumb({ match }: { match: MatchedRoute | undefined }) {
  const { t } = useTranslation();
  if (!match) return null;
  const crumbs: Crumb[] = [
    ...match.parents.map((parent) => ({
      key: parent.id,
      label: t(`routes:${parent.id}`),
      to: parent.page ? parent.path : undefined,
    })),
    {
      key: match.node.id,
      label: t(`routes:${match.node.id}`),
      to: match.type && match.node.page ? match.node.path : undefined,
    },
    ...(match.type ? [{ key: `type-${match.type}`, label: t(`routes:types.${match.type}`) }] : []),
  ];
  return (
    <nav aria-label={t('layout:breadcrumb.label')} className="min-w-0" data-testid="breadcrumb">
      {/* A phone has room for the page title only. */}
      <p className="truncate text-sm font-medium text-slate-900 sm:hidden">
        {routeTitle(t, match.node.id, match.type)}
      </p>
      <ol className="hidden min-w-0 items-center gap-1.5 text-sm sm:flex">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.key} className="flex min-w-0 items-center gap-1.5">
              {index > 0 && <Icon name="chevronRight" className="h-3.5 w-3.5 text-slate-400" />}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-slate-900">
                  {crumb.label}
                </span>
              ) : crumb.to ? (
                <Link to={crumb.to} className="truncate text-slate-500 transition-colors hover:text-blue-700">
                  {crumb.label}
                </Link>
              ) : (
                <span className="truncate text-slate-500">{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
