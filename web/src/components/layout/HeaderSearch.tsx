import {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Dialog,
  DialogBackdrop,
  DialogPanel,
} from '@headlessui/react';
import Fuse from 'fuse.js';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { pages } from '../../routes/resolve';
import type { RouteNode } from '../../routes/route-tree';
import { Icon } from './icons';

/** SPEC.md §9: fuzzy threshold 0.4, title weight 0.7, path weight 0.3. */
export const SEARCH_OPTIONS = {
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
  threshold: 0.4,
};

interface SearchEntry {
  path: string;
  /** The page's translated title with its group's: ["Procurement", "Purchase Order"]. */
  title: string[];
  icon?: string;
}

/** The pages of the user's menu (hidden routes such as detail views are not destinations on their own). */
function searchEntries(tree: RouteNode[], translate: (id: string) => string): SearchEntry[] {
  return pages(tree)
    .filter(({ node, parents }) => node.page && !parents.some((parent) => parent.path))
    .map(({ node, parents }) => ({
      path: node.path!,
      title: [...parents.map((parent) => translate(parent.id)), translate(node.id)],
      icon: node.icon ?? parents[0]?.icon,
    }));
}

function SearchPalette({ tree, onDone }: { tree: RouteNode[]; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const entries = useMemo(() => searchEntries(tree, (id) => t(`routes:${id}`)), [tree, t]);
  const fuse = useMemo(() => new Fuse(entries, SEARCH_OPTIONS), [entries]);
  const results = query.trim() ? fuse.search(query.trim()).map((result) => result.item) : entries;

  const go = (entry: SearchEntry | null) => {
    if (!entry) return;
    onDone();
    void navigate(entry.path);
  };

  return (
    <Combobox<SearchEntry | null> value={null} onChange={go}>
      <div className="flex items-center gap-3 border-b border-slate-200 px-4">
        <Icon name="search" className="h-5 w-5 text-slate-400" />
        <ComboboxInput
          autoFocus
          autoComplete="off"
          aria-label={t('layout:search.label')}
          placeholder={t('layout:search.placeholder')}
          onChange={(event) => setQuery(event.target.value)}
          className="h-12 w-full border-0 bg-transparent text-sm text-slate-900 placeholder:text-slate-400 focus:ring-0 focus:outline-none"
        />
        <kbd className="hidden rounded border border-slate-200 px-1.5 py-0.5 font-sans text-[0.65rem] text-slate-400 sm:block">
          {t('layout:search.escape')}
        </kbd>
      </div>
      {results.length > 0 ? (
        <ComboboxOptions static className="max-h-[min(24rem,60vh)] scroll-py-2 overflow-y-auto p-2">
          {results.map((entry) => (
            <ComboboxOption
              key={entry.path}
              value={entry}
              className="group flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 select-none data-focus:bg-blue-600 data-focus:text-white"
            >
              <span className="flex h-8 w-8 items-center justify-center rounded-md bg-slate-100 text-slate-500 group-data-focus:bg-white/15 group-data-focus:text-white">
                <Icon name={entry.icon} className="h-4 w-4" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-800 group-data-focus:text-white">
                  {entry.title.join(' / ')}
                </span>
                <span className="block truncate font-mono text-xs text-slate-400 group-data-focus:text-blue-100">
                  {entry.path}
                </span>
              </span>
              <Icon name="chevronRight" className="hidden h-4 w-4 group-data-focus:block" />
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      ) : (
        <p className="px-4 py-10 text-center text-sm text-slate-500">{t('layout:search.noResults')}</p>
      )}
    </Combobox>
  );
}

/**
 * SPEC.md §2 header route search: a fuzzy search over the pages the user may open (title and path); Enter or a
 * click opens the page. Ctrl+K (⌘K) opens it from anywhere.
 */
export function HeaderSearch({ tree }: { tree: RouteNode[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('layout:search.open')}
        aria-haspopup="dialog"
        data-testid="header-search"
        className="flex h-9 items-center gap-2 rounded-lg text-sm text-slate-500 transition-colors hover:text-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 max-xl:w-9 max-xl:justify-center max-xl:hover:bg-slate-100 xl:w-60 xl:bg-slate-100 xl:px-3 xl:ring-1 xl:ring-slate-200 xl:ring-inset xl:hover:bg-slate-200/60"
      >
        <Icon name="search" className="h-[1.15rem] w-[1.15rem]" />
        <span className="hidden flex-1 text-left xl:block">{t('layout:search.placeholder')}</span>
        <kbd className="hidden rounded border border-slate-300 bg-white px-1.5 font-sans text-[0.65rem] text-slate-400 xl:block">
          {t('layout:search.shortcut')}
        </kbd>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-slate-900/40 transition-opacity duration-150 data-closed:opacity-0"
        />
        <div className="fixed inset-0 overflow-y-auto px-3 pt-[12vh] sm:px-6">
          <DialogPanel
            transition
            className="mx-auto max-w-xl overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-900/10 transition duration-150 ease-out data-closed:scale-95 data-closed:opacity-0"
          >
            <SearchPalette tree={tree} onDone={() => setOpen(false)} />
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
