import { Button } from '@headlessui/react';
import { DIRECTOR_ROLE_NAME, canSeeMenuEntry, isRestrictedRjUser } from '@scm/contracts';
import type { SessionUser } from '@scm/contracts';
import { useTranslation } from 'react-i18next';
import type { MatchedRoute } from '../../routes/resolve';
import type { RouteNode } from '../../routes/route-tree';
import { AvatarMenu } from './AvatarMenu';
import { Breadcrumb } from './Breadcrumb';
import { ErrorLogButton } from './ErrorLogButton';
import { FullscreenToggle } from './FullscreenToggle';
import { HeaderSearch } from './HeaderSearch';
import { HEADER_BUTTON } from './header-styles';
import { Icon } from './icons';
import { LanguageMenu } from './LanguageMenu';
import { NotificationBell } from './NotificationBell';
import { SizeMenu } from './SizeMenu';

interface HeaderProps {
  user: SessionUser;
  /** The user's visible route tree (for the route search). */
  tree: RouteNode[];
  match: MatchedRoute | undefined;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

/**
 * SPEC.md §2 header: sidebar toggle and breadcrumb on the left; route search, fullscreen, notifications,
 * language, size, the director's error log and the avatar menu on the right.
 */
export function Header({ user, tree, match, sidebarOpen, onToggleSidebar }: HeaderProps) {
  const { t } = useTranslation();
  const permissions = user.role.permission_list;
  return (
    <header className="flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-2 sm:gap-3 sm:px-4">
      <Button
        type="button"
        onClick={onToggleSidebar}
        aria-label={t(sidebarOpen ? 'layout:sidebar.collapse' : 'layout:sidebar.expand')}
        aria-expanded={sidebarOpen}
        data-testid="sidebar-toggle"
        className={HEADER_BUTTON}
      >
        <Icon name={sidebarOpen ? 'menuFold' : 'menu'} className="h-5 w-5" />
      </Button>
      <div className="min-w-0 flex-1">
        <Breadcrumb match={match} />
      </div>
      <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
        <HeaderSearch tree={tree} />
        <span className="hidden sm:contents">
          <FullscreenToggle />
        </span>
        {canSeeMenuEntry(permissions, 'NOTIFICATION') && <NotificationBell />}
        {!isRestrictedRjUser(permissions) && <LanguageMenu />}
        <span className="hidden sm:contents">
          <SizeMenu />
        </span>
        {user.role.role_name === DIRECTOR_ROLE_NAME && <ErrorLogButton />}
        <span className="mx-1 hidden h-6 w-px bg-slate-200 sm:block" aria-hidden="true" />
        <AvatarMenu user={user} />
      </div>
    </header>
  );
}
