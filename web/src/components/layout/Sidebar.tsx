import {
  CloseButton,
  Dialog,
  DialogBackdrop,
  DialogPanel,
  Popover,
  PopoverButton,
  PopoverPanel,
} from '@headlessui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MENU_BADGES } from '../../routes/menu-badges';
import type { RouteNode } from '../../routes/route-tree';
import { Icon } from './icons';

interface MenuProps {
  /** The user's visible route tree. */
  tree: RouteNode[];
  /** Ids of the current page and its parents: what the menu highlights. */
  activeIds: ReadonlySet<string>;
}

const LEAF = 'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors';
const LEAF_IDLE = 'text-slate-300 hover:bg-white/5 hover:text-white';
const LEAF_ACTIVE = 'bg-blue-600 text-white shadow-sm shadow-blue-950/40';

/** The product mark and name at the top of the sidebar. */
function Brand({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      className={`flex h-14 shrink-0 items-center gap-3 border-b border-white/10 ${collapsed ? 'justify-center px-2' : 'px-5'}`}
      aria-label={t('web:app.title')}
    >
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-gradient-to-br from-blue-500 to-indigo-600 text-white shadow-sm">
        <Icon name="boxes" className="h-[1.15rem] w-[1.15rem]" />
      </span>
      {!collapsed && (
        <span className="min-w-0 leading-tight">
          <span className="block text-[0.95rem] font-semibold tracking-wide text-white">{t('web:app.title')}</span>
          <span className="block truncate text-[0.7rem] text-slate-400">{t('layout:brand.tagline')}</span>
        </span>
      )}
    </Link>
  );
}

/** One page entry, with its icon at the top level. */
function LeafLink({ node, active, nested }: { node: RouteNode; active: boolean; nested?: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLAnchorElement>(null);
  // Keep the current page's entry in sight when the menu is long.
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const Badge = node.badge ? MENU_BADGES[node.badge] : undefined;
  if (nested) {
    return (
      <Link
        ref={ref}
        to={node.path!}
        aria-current={active ? 'page' : undefined}
        className={`block truncate rounded-md px-3 py-1.5 text-[0.8125rem] transition-colors ${
          active ? 'bg-blue-600 font-medium text-white' : 'text-slate-400 hover:bg-white/5 hover:text-white'
        }`}
      >
        {t(`routes:${node.id}`)}
      </Link>
    );
  }
  return (
    <Link
      ref={ref}
      to={node.path!}
      aria-current={active ? 'page' : undefined}
      className={`${LEAF} ${active ? LEAF_ACTIVE : LEAF_IDLE}`}
    >
      <Icon name={node.icon} className="h-[1.15rem] w-[1.15rem]" />
      <span className="truncate">{t(`routes:${node.id}`)}</span>
      {Badge && <Badge />}
    </Link>
  );
}

/** A menu group that expands and collapses in place (the open sidebar and the mobile drawer). */
function Group({
  node,
  activeIds,
  open,
  onToggle,
}: Pick<MenuProps, 'activeIds'> & { node: RouteNode; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const panelId = useId();
  const containsActive = activeIds.has(node.id);
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className={`${LEAF} ${containsActive ? 'text-white' : LEAF_IDLE} hover:bg-white/5`}
      >
        <Icon name={node.icon} className={`h-[1.15rem] w-[1.15rem] ${containsActive ? 'text-blue-400' : ''}`} />
        <span className="flex-1 truncate text-left" title={t(`routes:${node.id}`)}>
          {t(`routes:${node.id}`)}
        </span>
        <Icon
          name="chevronDown"
          className={`h-4 w-4 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {open && (
        <ul id={panelId} className="mt-1 mb-1 ml-[1.35rem] space-y-0.5 border-l border-white/10 pl-3">
          {node.children!.map((child) => (
            <li key={child.id}>
              <LeafLink node={child} active={activeIds.has(child.id)} nested />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The open menu: every entry with its title; groups expand in place, the current page's group opened. */
function ExpandedMenu({ tree, activeIds }: MenuProps) {
  const activeGroup = tree.find((node) => node.children && activeIds.has(node.id))?.id;
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(() => new Set(activeGroup ? [activeGroup] : []));
  // Entering a group's page opens that group (adjusting state while rendering, not in an effect).
  const [openedFor, setOpenedFor] = useState(activeGroup);
  if (openedFor !== activeGroup) {
    setOpenedFor(activeGroup);
    if (activeGroup && !openGroups.has(activeGroup)) setOpenGroups(new Set([...openGroups, activeGroup]));
  }
  const toggle = (id: string) =>
    setOpenGroups((groups) => {
      const next = new Set(groups);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ul className="space-y-0.5">
      {tree.map((node) =>
        node.children ? (
          <Group
            key={node.id}
            node={node}
            activeIds={activeIds}
            open={openGroups.has(node.id)}
            onToggle={() => toggle(node.id)}
          />
        ) : (
          <li key={node.id}>
            <LeafLink node={node} active={activeIds.has(node.id)} />
          </li>
        ),
      )}
    </ul>
  );
}

const RAIL_ITEM = 'mx-auto flex h-10 w-10 items-center justify-center rounded-lg transition-colors focus:outline-none';

/** The closed sidebar: a rail of icons; a group opens its pages in a flyout. */
function CollapsedMenu({ tree, activeIds }: MenuProps) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-1">
      {tree.map((node) => {
        const active = activeIds.has(node.id);
        const title = t(`routes:${node.id}`);
        if (!node.children) {
          return (
            <li key={node.id}>
              <Link
                to={node.path!}
                title={title}
                aria-label={title}
                aria-current={active ? 'page' : undefined}
                className={`${RAIL_ITEM} focus-visible:ring-2 focus-visible:ring-blue-400 ${active ? LEAF_ACTIVE : LEAF_IDLE}`}
              >
                <Icon name={node.icon} className="h-5 w-5" />
              </Link>
            </li>
          );
        }
        return (
          <li key={node.id}>
            <Popover>
              <PopoverButton
                title={title}
                aria-label={title}
                className={`${RAIL_ITEM} data-focus:ring-2 data-focus:ring-blue-400 ${active ? 'bg-white/10 text-blue-400' : LEAF_IDLE} data-open:bg-white/10 data-open:text-white`}
              >
                <Icon name={node.icon} className="h-5 w-5" />
              </PopoverButton>
              <PopoverPanel
                anchor="right start"
                transition
                className="z-50 w-56 rounded-xl bg-slate-900 p-2 shadow-xl ring-1 ring-white/10 transition duration-100 ease-out [--anchor-gap:1.25rem] data-closed:-translate-x-1 data-closed:opacity-0"
              >
                <p className="px-3 pt-1 pb-2 text-xs font-semibold tracking-wide text-slate-400 uppercase">{title}</p>
                <ul className="space-y-0.5">
                  {node.children.map((child) => (
                    <li key={child.id}>
                      <CloseButton
                        as={Link}
                        to={child.path!}
                        aria-current={activeIds.has(child.id) ? 'page' : undefined}
                        className={`block truncate rounded-md px-3 py-1.5 text-sm transition-colors ${
                          activeIds.has(child.id)
                            ? 'bg-blue-600 font-medium text-white'
                            : 'text-slate-300 hover:bg-white/5 hover:text-white'
                        }`}
                      >
                        {t(`routes:${child.id}`)}
                      </CloseButton>
                    </li>
                  ))}
                </ul>
              </PopoverPanel>
            </Popover>
          </li>
        );
      })}
    </ul>
  );
}

function Navigation({ tree, activeIds, collapsed }: MenuProps & { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('layout:sidebar.label')}
      className="flex-1 [scrollbar-color:rgb(255_255_255/0.15)_transparent] [scrollbar-width:thin] overflow-x-hidden overflow-y-auto px-3 py-4"
    >
      {collapsed ? (
        <CollapsedMenu tree={tree} activeIds={activeIds} />
      ) : (
        <ExpandedMenu tree={tree} activeIds={activeIds} />
      )}
    </nav>
  );
}

/** The desktop sidebar: fixed on the left, full width when open, an icon rail when closed. */
export function DesktopSidebar({ tree, activeIds, open }: MenuProps & { open: boolean }) {
  return (
    <aside
      data-testid="sidebar"
      data-state={open ? 'open' : 'closed'}
      className={`fixed inset-y-0 left-0 z-40 flex flex-col bg-slate-900 transition-[width] duration-200 ${open ? 'w-64' : 'w-16'}`}
    >
      <Brand collapsed={!open} />
      <Navigation tree={tree} activeIds={activeIds} collapsed={!open} />
    </aside>
  );
}

/** The mobile sidebar: an overlay drawer (a modal dialog) that the layout closes on every route change. */
export function MobileSidebar({ tree, activeIds, open, onClose }: MenuProps & { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-950/50 transition-opacity duration-200 data-closed:opacity-0"
      />
      <DialogPanel
        data-testid="sidebar"
        data-state="open"
        transition
        className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-slate-900 shadow-2xl transition duration-200 ease-out data-closed:-translate-x-full"
      >
        <div className="relative">
          <Brand collapsed={false} />
          <button
            type="button"
            onClick={onClose}
            aria-label={t('layout:sidebar.close')}
            className="absolute top-1/2 right-3 -translate-y-1/2 rounded-md p-1.5 text-slate-400 hover:bg-white/10 hover:text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400"
          >
            <Icon name="close" className="h-5 w-5" />
          </button>
        </div>
        <Navigation tree={tree} activeIds={activeIds} collapsed={false} />
      </DialogPanel>
    </Dialog>
  );
}
