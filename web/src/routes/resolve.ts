import { DIRECTOR_ROLE_NAME, ROUTE_TYPES, canSeeMenuEntry } from '@scm/contracts';
import type { SessionUser } from '@scm/contracts';
import type { RouteNode } from './route-tree';

/** Whether the user's role shows this node (SPEC.md §6), and for groups whether any child shows. */
export function isVisible(node: RouteNode, user: SessionUser): boolean {
  if (node.directorOnly && user.role.role_name !== DIRECTOR_ROLE_NAME) return false;
  if (node.children) return node.children.some((child) => isVisible(child, user));
  return node.keys === undefined || canSeeMenuEntry(user.role.permission_list, node.keys);
}

/** The menu as this user sees it. */
export function visibleTree(tree: RouteNode[], user: SessionUser): RouteNode[] {
  return tree
    .filter((node) => isVisible(node, user))
    .map((node) => (node.children ? { ...node, children: visibleTree(node.children, user) } : node));
}

/** Every page node of a tree, with its parents (for the breadcrumb), hidden routes included. */
export interface PageEntry {
  node: RouteNode;
  parents: RouteNode[];
}

export function pages(tree: RouteNode[], parents: RouteNode[] = []): PageEntry[] {
  return tree.flatMap((node) => [
    ...(node.path ? [{ node, parents }] : []),
    ...(node.hiddenRoutes ?? []).map((hidden) => ({ node: hidden, parents: [...parents, node] })),
    ...(node.children ? pages(node.children, [...parents, node]) : []),
  ]);
}

/** The first page the user may open: where `/` and a refused route lead. */
export function firstAllowedPath(tree: RouteNode[], user: SessionUser): string | undefined {
  return pages(visibleTree(tree, user)).find((entry) => entry.node.page)?.node.path;
}

export interface MatchedRoute extends PageEntry {
  /** The `{type}` of a form route, when the path has one. */
  type?: string;
}

/** Which page a path is (for titles, breadcrumb and the tags view). */
export function matchPath(tree: RouteNode[], pathname: string): MatchedRoute | undefined {
  const clean = pathname.replace(/\/+$/, '') || '/';
  for (const entry of pages(tree)) {
    const path = entry.node.path!;
    if (entry.node.page && clean === path) return entry;
    if (entry.node.form && clean.startsWith(`${path}/`)) {
      const type = clean.slice(path.length + 1);
      if ((ROUTE_TYPES as readonly string[]).includes(type)) return { ...entry, type };
    }
  }
  return undefined;
}
