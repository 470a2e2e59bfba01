import { MASTER_STATUSES, NEW_OR_ACTIVE } from '@scm/contracts';
import { useTranslation } from 'react-i18next';
import { Select } from '../ui/Select';
import { statusLabel } from '../ui/StatusBadge';
import { DateRangeFilter } from './DateRangeFilter';
import { DebouncedInput } from './DebouncedInput';
import type { DateRangeValue, FilterDef, FilterValue, NumberRangeValue } from './types';

const INPUT =
  'h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 shadow-xs placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-blue-500';
const LABEL = 'mb-1 block text-xs font-medium text-slate-600';

/** The page's filter fields; every change applies at once (text after a pause in typing). */
export function FilterPanel({
  defs,
  values,
  onChange,
  onClear,
  canClear,
}: {
  defs: readonly FilterDef[];
  values: Record<string, FilterValue>;
  onChange: (id: string, value: FilterValue | undefined) => void;
  onClear: () => void;
  canClear: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="border-b border-slate-200 bg-slate-50/70 px-4 py-3" data-testid="filter-panel">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {defs.map((def) => {
          const value = values[def.id];
          switch (def.kind) {
            case 'text':
              return (
                <label key={def.id} className="block">
                  <span className={LABEL}>{def.label}</span>
                  <DebouncedInput
                    className={INPUT}
                    value={typeof value === 'string' ? value : ''}
                    placeholder={def.placeholder}
                    onCommit={(text) => onChange(def.id, text)}
                    data-testid={`filter-${def.id}`}
                  />
                </label>
              );
            case 'select':
              return (
                <Select
                  key={def.id}
                  label={def.label}
                  value={typeof value === 'string' ? value : ''}
                  onChange={(next) => onChange(def.id, next)}
                  options={[{ value: '', label: t('kit:filter.all') }, ...def.options]}
                  data-testid={`filter-${def.id}`}
                />
              );
            case 'status': {
              const statuses = def.statuses ?? MASTER_STATUSES;
              const options = [
                { value: '', label: t('kit:filter.all') },
                ...(def.newOrActive === false ? [] : [{ value: NEW_OR_ACTIVE, label: statusLabel(t, NEW_OR_ACTIVE) }]),
                ...statuses.map((status) => ({ value: status, label: statusLabel(t, status) })),
              ];
              return (
                <Select
                  key={def.id}
                  label={def.label ?? t('kit:filter.status')}
                  value={typeof value === 'string' ? value : ''}
                  onChange={(next) => onChange(def.id, next)}
                  options={options}
                  data-testid={`filter-${def.id}`}
                />
              );
            }
            case 'dateRange':
              return (
                <DateRangeFilter
                  key={def.id}
                  label={def.label}
                  value={value as DateRangeValue | undefined}
                  onChange={(next) => onChange(def.id, next)}
                />
              );
            case 'numberRange': {
              const range = (value as NumberRangeValue | undefined) ?? {};
              return (
                <div key={def.id}>
                  <span className={LABEL}>{def.label}</span>
                  <div className="flex items-center gap-2">
                    <DebouncedInput
                      className={INPUT}
                      inputMode="decimal"
                      aria-label={`${def.label} ${t('kit:filter.min')}`}
                      placeholder={t('kit:filter.min')}
                      value={range.from ?? ''}
                      onCommit={(from) => onChange(def.id, { ...range, from })}
                    />
                    <span className="text-slate-400">–</span>
                    <DebouncedInput
                      className={INPUT}
                      inputMode="decimal"
                      aria-label={`${def.label} ${t('kit:filter.max')}`}
                      placeholder={t('kit:filter.max')}
                      value={range.to ?? ''}
                      onCommit={(to) => onChange(def.id, { ...range, to })}
                    />
                  </div>
                </div>
              );
            }
          }
        })}
      </div>
      {canClear && (
        <div className="mt-3 flex justify-end">
          <button type="button" onClick={onClear} className="text-sm font-medium text-blue-700 hover:underline">
            {t('kit:table.clearFilters')}
          </button>
        </div>
      )}
    </div>
  );
}
