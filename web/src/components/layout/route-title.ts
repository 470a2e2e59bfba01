import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { matchPath } from '../../routes/resolve';
import type { MatchedRoute } from '../../routes/resolve';
import { ROUTE_TREE } from '../../routes/route-tree';

/**
 * What one record of a route is called, for form titles: the route's name unless that names the list rather than
 * a record ("Location List", "Customers"), in which case `routes:records.<id>` names the record ("Location").
 */
export function recordTitle(t: TFunction, routeId: string): string {
  return t(`routes:records.${routeId}`, { defaultValue: t(`routes:${routeId}`) });
}

/** A page's translated title; a form route's type comes first ("New Location"), list pages use the route name. */
export function routeTitle(t: TFunction, routeId: string, type?: string): string {
  return type
    ? t('layout:pageTitle.withType', { type: t(`routes:types.${type}`), title: recordTitle(t, routeId) })
    : t(`routes:${routeId}`);
}

/** The route the current location is, for the breadcrumb, the tags view and the page title. */
export function useMatchedRoute(): MatchedRoute | undefined {
  const { pathname } = useLocation();
  return useMemo(() => matchPath(ROUTE_TREE, pathname), [pathname]);
}

/** SPEC.md §2: document title = page title + " - " + product title, renewed on navigation and language change. */
export function usePageTitle(match: MatchedRoute | undefined): void {
  const { t, i18n } = useTranslation();
  const routeId = match?.node.id;
  const type = match?.type;
  useEffect(() => {
    const product = t('web:app.title');
    document.title = routeId
      ? t('layout:pageTitle.document', { page: routeTitle(t, routeId, type), product })
      : product;
  }, [t, i18n.language, routeId, type]);
}
