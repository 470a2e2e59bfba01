import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { KeyboardEvent as ReactKeyboardEvent, MouseEvent as ReactMouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useStore } from '../../lib/store';
import { closeAllTags, closeOtherTags, closeTag, visitedTags } from '../../state/tags';
import type { VisitedTag } from '../../state/tags';
import { Icon } from './icons';
import { routeTitle } from './route-title';

/** SPEC.md §9: the tag-view context menu is 105 px wide. */
export const TAG_MENU_WIDTH = 105;

interface MenuAction {
  id: string;
  label: string;
  run: () => void;
}

/** The right-click menu of a tag: a small ARIA menu at the pointer, closed by Escape, a click elsewhere or a scroll. */
function TagContextMenu({
  x,
  y,
  label,
  actions,
  onClose,
}: {
  x: number;
  y: number;
  label: string;
  actions: MenuAction[];
  onClose: () => void;
}) {
  const menuRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: x, top: y });

  useLayoutEffect(() => {
    const height = menuRef.current?.offsetHeight ?? 0;
    setPosition({
      left: Math.max(4, Math.min(x, window.innerWidth - TAG_MENU_WIDTH - 4)),
      top: Math.max(4, Math.min(y, window.innerHeight - height - 4)),
    });
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [x, y]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) onClose();
    };
    const onDismiss = () => onClose();
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('scroll', onDismiss, true);
    window.addEventListener('resize', onDismiss);
    window.addEventListener('blur', onDismiss);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('scroll', onDismiss, true);
      window.removeEventListener('resize', onDismiss);
      window.removeEventListener('blur', onDismiss);
    };
  }, [onClose]);

  const onKeyDown = (event: ReactKeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focus = (next: number) => items[(next + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focus(index + 1);
        break;
      case 'ArrowUp':
        focus(index - 1);
        break;
      case 'Home':
        focus(0);
        break;
      case 'End':
        focus(items.length - 1);
        break;
      case 'Escape':
      case 'Tab':
        onClose();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return createPortal(
    <div
      ref={menuRef}
      role="menu"
      aria-label={label}
      data-testid="tags-context-menu"
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
      style={{ left: position.left, top: position.top, width: TAG_MENU_WIDTH }}
      className="fixed z-[60] rounded-lg bg-white py-1 text-[0.8125rem] shadow-lg ring-1 ring-slate-900/10"
    >
      {actions.map((action) => (
        <button
          key={action.id}
          type="button"
          role="menuitem"
          tabIndex={-1}
          onClick={() => {
            onClose();
            action.run();
          }}
          className="block w-full truncate px-3 py-1.5 text-left text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus:bg-slate-100 focus:outline-none"
        >
          {action.label}
        </button>
      ))}
    </div>,
    document.body,
  );
}

/**
 * SPEC.md §2 tags view: a strip of the pages visited this session, the current one highlighted; each closes
 * with ×, and a right-click offers refresh, close, close others and close all.
 */
export function TagsView({ homePath }: { homePath: string }) {
  const { t } = useTranslation();
  const tags = useStore(visitedTags);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [menu, setMenu] = useState<{ tag: VisitedTag; x: number; y: number } | null>(null);
  const activeRef = useRef<HTMLAnchorElement>(null);
  const closeMenu = useCallback(() => setMenu(null), []);

  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, tags.length]);

  const close = (tag: VisitedTag) => {
    const left = closeTag(tag.path);
    if (tag.path === pathname) void navigate(left.at(-1)?.fullPath ?? homePath);
  };
  const closeOthers = (tag: VisitedTag) => {
    closeOtherTags(tag.path);
    if (tag.path !== pathname) void navigate(tag.fullPath);
  };
  const closeAll = () => {
    closeAllTags();
    void navigate(homePath);
  };
  const refresh = (tag: VisitedTag) => void navigate(`/redirect${tag.fullPath}`);

  const openMenu = (tag: VisitedTag) => (event: ReactMouseEvent<HTMLElement>) => {
    event.preventDefault();
    // A keyboard-opened context menu has no pointer position: anchor it under the tag instead.
    const rect = event.currentTarget.getBoundingClientRect();
    const fromKeyboard = event.clientX === 0 && event.clientY === 0;
    setMenu({ tag, x: fromKeyboard ? rect.left : event.clientX, y: fromKeyboard ? rect.bottom + 4 : event.clientY });
  };

  if (tags.length === 0) return null;

  return (
    <div className="border-b border-slate-200 bg-white/95 backdrop-blur" data-testid="tags-view">
      <nav
        aria-label={t('layout:tags.label')}
        className="flex h-10 items-center overflow-x-auto px-3 [scrollbar-width:none] sm:px-4"
      >
        <ul className="flex items-center gap-1.5">
          {tags.map((tag) => {
            const active = tag.path === pathname;
            const title = routeTitle(t, tag.routeId, tag.type);
            return (
              <li
                key={tag.path}
                onContextMenu={openMenu(tag)}
                data-active={active || undefined}
                className={`group flex h-7 shrink-0 items-center rounded-md border text-xs transition-colors ${
                  active
                    ? 'border-blue-600 bg-blue-600 text-white shadow-sm'
                    : 'border-slate-200 bg-white text-slate-600 hover:border-slate-300 hover:text-slate-900'
                }`}
              >
                <Link
                  ref={active ? activeRef : undefined}
                  to={tag.fullPath}
                  aria-current={active ? 'page' : undefined}
                  className="flex h-full items-center gap-1.5 rounded-md pr-1 pl-2.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400"
                >
                  {active && <span className="h-1.5 w-1.5 rounded-full bg-white" aria-hidden="true" />}
                  <span className="max-w-[12rem] truncate">{title}</span>
                </Link>
                <button
                  type="button"
                  onClick={() => close(tag)}
                  aria-label={t('layout:tags.closeOne', { title })}
                  className={`mr-1 rounded p-0.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400 ${
                    active
                      ? 'text-blue-100 hover:bg-white/20 hover:text-white'
                      : 'text-slate-400 hover:bg-slate-200 hover:text-slate-700'
                  }`}
                >
                  <Icon name="close" className="h-3 w-3" />
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      {menu && (
        <TagContextMenu
          x={menu.x}
          y={menu.y}
          label={t('layout:tags.menu', { title: routeTitle(t, menu.tag.routeId, menu.tag.type) })}
          onClose={closeMenu}
          actions={[
            { id: 'refresh', label: t('layout:tags.refresh'), run: () => refresh(menu.tag) },
            { id: 'close', label: t('layout:tags.close'), run: () => close(menu.tag) },
            { id: 'close-others', label: t('layout:tags.closeOthers'), run: () => closeOthers(menu.tag) },
            { id: 'close-all', label: t('layout:tags.closeAll'), run: closeAll },
          ]}
        />
      )}
    </div>
  );
}
