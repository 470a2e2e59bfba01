import { STOCK_VIEWS } from '@scm/contracts';
import type { StockView } from '@scm/contracts';
import { useTranslation } from 'react-i18next';

/** SPEC.md §9 "Inventory view": QUANTITY or VALUE, as two joined buttons (a radio group). */
export function ViewSwitch({ value, onChange }: { value: StockView; onChange: (view: StockView) => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="radiogroup"
      aria-label={t('inventory:views.label')}
      className="inline-flex h-9 rounded-md p-0.5 ring-1 ring-slate-300"
      data-testid="stock-view-switch"
    >
      {STOCK_VIEWS.map((view) => {
        const checked = view === value;
        return (
          <button
            key={view}
            type="button"
            role="radio"
            aria-checked={checked}
            data-testid={`stock-view-${view}`}
            onClick={() => onChange(view)}
            className={`rounded px-3 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${checked ? 'bg-blue-700 text-white' : 'text-slate-600 hover:bg-slate-50'}`}
          >
            {t(`inventory:views.${view}`)}
          </button>
        );
      })}
    </div>
  );
}
