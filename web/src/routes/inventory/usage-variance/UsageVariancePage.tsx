import type { ListQueryInput, UsageVarianceRow } from '@scm/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../../api/session';
import { skuCategoriesApi } from '../../../api/skus';
import { usageVarianceSource, useUsageVarianceTop, useUsageVarianceTotal } from '../../../api/usage-variance';
import type { UsagePeriod } from '../../../api/usage-variance';
import { BarChart } from '../../../components/chart/BarChart';
import type { BarChartItem } from '../../../components/chart/BarChart';
import { DataTable } from '../../../components/data-table';
import type { Column, FilterDef } from '../../../components/data-table';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { parseDay } from '../../../components/ui/calendar-days';
import { DateField } from '../../../components/ui/DateField';
import { Spinner } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { formatMoney, formatQuantity, isoDate } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useStockFilterOptions } from '../overview/stock-parts';

/** Bars in the chart: the largest variances of the table's filters. */
const TOP = 10;
const EXTRA_FIELDS = ['location_id', 'count_no', 'count_date', 'counted_quantity', 'period_from', 'period_to'];
const rowKey = (row: UsageVarianceRow) => `${row.item_id}:${row.location_id}`;

/** The first day of this month and today; last month's first and last days. */
function monthPeriods(): { thisMonth: UsagePeriod; lastMonth: UsagePeriod } {
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth(), 1);
  const lastMonthEnd = new Date(now.getFullYear(), now.getMonth(), 0);
  const lastMonthStart = new Date(lastMonthEnd.getFullYear(), lastMonthEnd.getMonth(), 1);
  return {
    thisMonth: { from: isoDate(first), to: isoDate(now) },
    lastMonth: { from: isoDate(lastMonthStart), to: isoDate(lastMonthEnd) },
  };
}

/**
 * /inventory/usage-variance (issue 14, INVENTORY_OVERVIEW): per SKU and location, the period's actual usage (opening
 * + receipts + transfers in − transfers out − closing) against its theoretical usage (sales uploads through their
 * BOMs), in quantity and — for roles with can_see_cost — value; the largest variances first, charted, exportable.
 * The period lives in the address (`?from=&to=`), so a link shares it.
 */
export default function UsageVariancePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const can = useCan();
  const showCost = user?.role.can_see_cost ?? false;
  const [params, setParams] = useSearchParams();
  const { thisMonth, lastMonth } = useMemo(monthPeriods, []);
  const requestedFrom = params.get('from') ?? '';
  const requestedTo = params.get('to') ?? '';
  const from = parseDay(requestedFrom) ? requestedFrom : thisMonth.from;
  const to = parseDay(requestedTo) ? requestedTo : thisMonth.to;
  const period = useMemo<UsagePeriod>(() => ({ from, to }), [from, to]);
  const [fromText, setFromText] = useState(period.from);
  const [toText, setToText] = useState(period.to);
  const [shown, setShown] = useState(period);
  if (shown.from !== period.from || shown.to !== period.to) {
    setShown(period);
    setFromText(period.from);
    setToText(period.to);
  }
  const invalid = period.from > period.to;
  const setPeriod = (next: Partial<UsagePeriod>) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) copy.set(key, value);
        return copy;
      },
      { replace: true },
    );

  const { locationOptions } = useStockFilterOptions();
  const { data: skuCategories } = skuCategoriesApi.useOptions('category_name', can('SKU'));
  const source = useMemo(() => usageVarianceSource(period), [period]);
  const [query, setQuery] = useState<ListQueryInput | null>(null);
  const liveQuery = invalid ? null : query;

  const columns = useMemo<Column<UsageVarianceRow>[]>(() => {
    const quantity = (id: keyof UsageVarianceRow, hidden = false): Column<UsageVarianceRow> => ({
      id,
      header: t(`usage-variance:fields.${id}`),
      kind: 'quantity',
      sortable: true,
      defaultHidden: hidden,
    });
    const value = (id: keyof UsageVarianceRow, hidden = false): Column<UsageVarianceRow> => ({
      id,
      header: t(`usage-variance:fields.${id}`),
      kind: 'currency',
      sortable: true,
      defaultHidden: hidden,
    });
    const list: Column<UsageVarianceRow>[] = [
      { id: 'item_id', header: t('usage-variance:fields.item_id'), sortable: true, hideable: false },
      { id: 'item_name', header: t('usage-variance:fields.item_name'), sortable: true },
      {
        id: 'location_name',
        header: t('usage-variance:fields.location'),
        sortable: true,
        cell: (row) => (
          <span>
            <span className="font-medium">{row.location_id}</span>{' '}
            <span className="text-slate-500">{row.location_name}</span>
          </span>
        ),
        exportValue: (row) => `${row.location_id} ${row.location_name}`,
      },
      { id: 'uom_name', header: t('usage-variance:fields.uom') },
      quantity('actual_quantity'),
      quantity('theoretical_quantity'),
      {
        ...quantity('variance_quantity'),
        cell: (row) => <VarianceText value={row.variance_quantity} text={formatQuantity(row.variance_quantity)} />,
      },
      { id: 'variance_pct', header: t('usage-variance:fields.variance_pct'), kind: 'percent', sortable: true },
    ];
    if (showCost) {
      list.push(value('actual_value'), value('theoretical_value'), {
        ...value('variance_value'),
        cell: (row) => <VarianceText value={row.variance_value} text={formatMoney(row.variance_value)} />,
      });
    }
    // Then what the actual usage is made of (values hidden until shown from the column chooser).
    list.push(
      quantity('opening_quantity'),
      quantity('receipts_quantity'),
      quantity('transfers_in_quantity'),
      quantity('transfers_out_quantity'),
      quantity('closing_quantity'),
      {
        id: 'closing_source',
        header: t('usage-variance:fields.closing_source'),
        cell: (row) =>
          row.closing_source === 'count' ? (
            <span title={`${row.count_no ?? ''} ${row.count_date ?? ''}`}>
              <Badge tone="green">{t('usage-variance:closingSources.count')}</Badge>
            </span>
          ) : (
            <Badge tone="slate">{t('usage-variance:closingSources.ledger')}</Badge>
          ),
        exportValue: (row) => t(`usage-variance:closingSources.${row.closing_source}`),
      },
      { id: 'count_no', header: t('usage-variance:fields.count_no'), defaultHidden: true },
      { id: 'count_date', header: t('usage-variance:fields.count_date'), kind: 'date', defaultHidden: true },
    );
    if (showCost) {
      list.push(
        value('opening_value', true),
        value('receipts_value', true),
        value('transfers_in_value', true),
        value('transfers_out_value', true),
        value('closing_value', true),
      );
    }
    list.push({
      id: 'category_name',
      header: t('usage-variance:fields.category'),
      sortable: true,
      defaultHidden: true,
    });
    return list;
  }, [t, showCost]);

  const filters = useMemo<FilterDef[]>(() => {
    const list: FilterDef[] = [];
    if (locationOptions.length > 0)
      list.push({
        kind: 'select',
        id: 'location_ids',
        label: t('usage-variance:fields.location'),
        options: locationOptions,
      });
    if ((skuCategories ?? []).length > 0)
      list.push({
        kind: 'select',
        id: 'category_id',
        label: t('usage-variance:fields.category'),
        options: (skuCategories ?? []).map((row) => ({ value: row.category_id, label: row.category_name })),
      });
    return list;
  }, [t, locationOptions, skuCategories]);

  return (
    <div data-testid="usage-variance-page">
      <PageHeader title={t('routes:usageVariance')} description={t('usage-variance:description')} />
      <div className="mb-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-end gap-3">
          <DateField
            label={t('usage-variance:period.from')}
            className="w-44"
            value={fromText}
            data-testid="usage-variance-from"
            invalid={invalid}
            onChange={(event) => {
              setFromText(event.target.value);
              if (parseDay(event.target.value)) setPeriod({ from: event.target.value });
            }}
          />
          <DateField
            label={t('usage-variance:period.to')}
            className="w-44"
            value={toText}
            data-testid="usage-variance-to"
            invalid={invalid}
            onChange={(event) => {
              setToText(event.target.value);
              if (parseDay(event.target.value)) setPeriod({ to: event.target.value });
            }}
          />
          <Button variant="secondary" onClick={() => setPeriod(thisMonth)}>
            {t('usage-variance:period.thisMonth')}
          </Button>
          <Button variant="secondary" onClick={() => setPeriod(lastMonth)}>
            {t('usage-variance:period.lastMonth')}
          </Button>
          <p
            className={`pb-2 text-sm ${invalid ? 'text-red-600' : 'text-slate-500'}`}
            role={invalid ? 'alert' : undefined}
          >
            {invalid
              ? t('usage-variance:period.invalid')
              : t('usage-variance:period.help', { from: period.from, to: period.to })}
          </p>
        </div>
        <details className="mt-3 text-sm text-slate-600" data-testid="usage-variance-formula">
          <summary className="cursor-pointer font-medium text-blue-700">{t('usage-variance:formula.title')}</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {(['actual', 'opening', 'receipts', 'transfers', 'closing', 'theoretical', 'variance'] as const).map(
              (key) => (
                <li key={key}>{t(`usage-variance:formula.${key}`)}</li>
              ),
            )}
          </ul>
        </details>
      </div>
      {!invalid && <TopChart period={period} query={liveQuery} showCost={showCost} />}
      {!invalid && (
        <DataTable
          source={source}
          columns={columns}
          rowKey={rowKey}
          permissionKey="INVENTORY_OVERVIEW"
          filters={filters}
          extraFields={EXTRA_FIELDS}
          searchPlaceholder={t('usage-variance:searchPlaceholder')}
          exportFileName={t('usage-variance:exportFileName', { from: period.from, to: period.to })}
          emptyMessage={t('usage-variance:empty')}
          onQueryChange={setQuery}
        />
      )}
      {!invalid && showCost && <Totals period={period} query={liveQuery} />}
    </div>
  );
}

/** A variance: over-usage (positive) in red, under-usage in blue, none plain. */
function VarianceText({ value, text }: { value: string | undefined; text: string }) {
  const n = Number(value ?? 0);
  const tone = n > 0 ? 'text-red-700' : n < 0 ? 'text-blue-700' : 'text-slate-700';
  return <span className={`tabular-nums ${tone}`}>{text}</span>;
}

/** The largest variances of the table's filters and search, as bars (value with can_see_cost, else quantity). */
function TopChart({
  period,
  query,
  showCost,
}: {
  period: UsagePeriod;
  query: ListQueryInput | null;
  showCost: boolean;
}) {
  const { t } = useTranslation();
  const { data, isLoading } = useUsageVarianceTop(period, query, TOP);
  const items: BarChartItem[] = (data ?? [])
    .filter((row) => Number(showCost ? row.variance_value : row.variance_quantity) !== 0)
    .map((row) => {
      const value = Number(showCost ? row.variance_value : row.variance_quantity);
      return {
        key: rowKey(row),
        label: `${row.item_id} ${row.item_name}`,
        sublabel: `${row.location_id} ${row.location_name}`,
        value,
        display: showCost
          ? formatMoney(row.variance_value)
          : `${formatQuantity(row.variance_quantity)} ${row.uom_name}`,
      };
    });
  const title = t(showCost ? 'usage-variance:chart.titleValue' : 'usage-variance:chart.titleQuantity', {
    count: TOP,
  });
  return (
    <section
      className="mb-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-labelledby="usage-variance-chart-title"
      data-testid="usage-variance-chart-panel"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h2 id="usage-variance-chart-title" className="text-sm font-semibold text-slate-900">
          {title}
        </h2>
        <div className="flex items-center gap-4 text-xs text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm bg-red-500" aria-hidden="true" />
            {t('usage-variance:chart.over')}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm bg-blue-500" aria-hidden="true" />
            {t('usage-variance:chart.under')}
          </span>
        </div>
      </div>
      {isLoading && !data ? (
        <div className="flex justify-center p-8">
          <Spinner className="h-6 w-6 text-blue-600" />
        </div>
      ) : (
        <BarChart
          title={title}
          items={items}
          emptyText={t('usage-variance:chart.empty')}
          data-testid="usage-variance-chart"
        />
      )}
    </section>
  );
}

/** Actual, theoretical and variance values of every row the table's filters select (roles with can_see_cost). */
function Totals({ period, query }: { period: UsagePeriod; query: ListQueryInput | null }) {
  const { t } = useTranslation();
  const { data, isLoading } = useUsageVarianceTotal(period, query);
  return (
    <div
      className="mt-3 flex flex-wrap items-center justify-end gap-x-6 gap-y-2 rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200"
      data-testid="usage-variance-total"
    >
      {isLoading && !data ? (
        <Spinner className="h-4 w-4 text-blue-600" />
      ) : (
        <>
          <span className="text-sm text-slate-500">{t('usage-variance:totals.rows', { count: data?.rows ?? 0 })}</span>
          {(['actual', 'theoretical', 'variance'] as const).map((key) => (
            <span key={key} className="text-sm text-slate-600">
              {t(`usage-variance:totals.${key}`)}{' '}
              <span
                className="text-base font-semibold text-slate-900 tabular-nums"
                data-testid={`usage-variance-total-${key}`}
              >
                {formatMoney(data?.[`${key}_value`])}
              </span>
            </span>
          ))}
        </>
      )}
    </div>
  );
}
