import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { Select } from './Select';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Pages to show: first, last, and the current one with its neighbours; `null` is a gap (…). */
export function pageItems(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  if (page <= 3) [2, 3, 4].forEach((n) => n <= pageCount && wanted.add(n));
  if (page >= pageCount - 2) [pageCount - 3, pageCount - 2, pageCount - 1].forEach((n) => n >= 1 && wanted.add(n));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((n, index) => {
    if (index > 0 && n - sorted[index - 1] > 1) items.push(null);
    items.push(n);
  });
  return items;
}

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  pageSizes?: readonly number[];
}

/** "1–10 of 57", rows per page, and page buttons. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizes = PAGE_SIZES,
}: PaginationProps) {
  const { t } = useTranslation();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const button =
    'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:cursor-not-allowed disabled:text-slate-300';
  return (
    <nav
      aria-label={t('kit:pagination.label')}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <div className="flex items-center gap-3">
        <span data-testid="pagination-summary">
          {total === 0 ? t('kit:pagination.none') : t('kit:pagination.summary', { from, to, total })}
        </span>
        <Select
          value={pageSize}
          onChange={onPageSizeChange}
          ariaLabel={t('kit:pagination.rowsPerPage')}
          options={pageSizes.map((size) => ({ value: size, label: t('kit:pagination.pageSize', { size }) }))}
          buttonClassName="h-8 w-28"
          anchor="top start"
          data-testid="page-size"
        />
      </div>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={`${button} text-slate-600 hover:bg-slate-100`}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
          aria-label={t('kit:pagination.previous')}
        >
          <Icon name="chevronLeft" />
        </button>
        {pageItems(page, pageCount).map((item, index) =>
          item === null ? (
            <span key={`gap-${index}`} className="px-1 text-slate-400">
              …
            </span>
          ) : (
            <button
              key={item}
              type="button"
              aria-current={item === page ? 'page' : undefined}
              aria-label={t('kit:pagination.page', { page: item })}
              onClick={() => onPageChange(item)}
              className={`${button} ${item === page ? 'bg-blue-700 font-medium text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {item}
            </button>
          ),
        )}
        <button
          type="button"
          className={`${button} text-slate-600 hover:bg-slate-100`}
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
          aria-label={t('kit:pagination.next')}
        >
          <Icon name="chevronRight" />
        </button>
      </div>
    </nav>
  );
}
