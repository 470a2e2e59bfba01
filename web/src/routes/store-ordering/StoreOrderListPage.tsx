import { STORE_ORDER_MACHINE, STORE_ORDER_TYPES } from '@scm/contracts';
import type { StoreOrderListRow, StoreOrderParLevelRow } from '@scm/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  storeOrderParLevelsSource,
  storeOrdersApi,
  updateStoreOrderSettings,
  useStoreOrderSettings,
} from '../../api/store-orders';
import { DataTable } from '../../components/data-table';
import type { Column, FilterDef } from '../../components/data-table';
import { DocumentListPage, statusTabsOf, useDocumentLocations } from '../../components/document';
import { formatQuantity } from '../../lib/format';
import { Select } from '../../components/ui/Select';
import { useCan } from '../../lib/permissions';
import { STORE_ORDER_PATH, orderTypeKey } from './paths';

const idOf = (row: StoreOrderListRow) => row.id;
const STATUSES = statusTabsOf(STORE_ORDER_MACHINE);

/** /store-ordering (SPEC.md §2, key OR): the store orders of the user's locations, by status. */
export default function StoreOrderListPage() {
  const { t } = useTranslation();

  const columns = useMemo<Column<StoreOrderListRow>[]>(() => {
    const orderType = (row: StoreOrderListRow) => t(`store-order:orderTypes.${orderTypeKey(row.order_type)}`);
    return [
      { id: 'doc_no', header: t('store-order:fields.doc_no'), sortable: true, hideable: false },
      { id: 'location_name', header: t('store-order:fields.location'), sortable: true },
      { id: 'delivery_time', header: t('store-order:fields.delivery_time'), kind: 'datetime', sortable: true },
      {
        id: 'order_type',
        header: t('store-order:fields.order_type'),
        sortable: true,
        cell: orderType,
        exportValue: orderType,
      },
      { id: 'line_count', header: t('store-order:fields.line_count'), kind: 'number', decimals: 0 },
      {
        id: 'purchase_order_count',
        header: t('store-order:fields.purchase_order_count'),
        kind: 'number',
        decimals: 0,
      },
      { id: 'status', header: t('store-order:fields.status'), kind: 'status', sortable: true },
      { id: 'created_by_name', header: t('store-order:fields.created_by'), sortable: true },
      { id: 'submitted_time', header: t('store-order:fields.submitted_time'), kind: 'datetime', sortable: true },
      {
        id: 'last_updated_time',
        header: t('store-order:fields.last_updated_time'),
        kind: 'datetime',
        sortable: true,
      },
    ];
  }, [t]);

  const filters = useMemo<FilterDef[]>(
    () => [
      {
        kind: 'select',
        id: 'order_type',
        label: t('store-order:fields.order_type'),
        options: STORE_ORDER_TYPES.map((value) => ({
          value,
          label: t(`store-order:orderTypes.${orderTypeKey(value)}`),
        })),
      },
    ],
    [t],
  );

  return (
    <DocumentListPage
      testId="store-order-list"
      title={t('routes:storeOrdering')}
      description={t('store-order:description')}
      api={storeOrdersApi}
      statuses={STATUSES}
      permissionKey="OR"
      columns={columns}
      rowKey={idOf}
      path={STORE_ORDER_PATH}
      rowLink={(row) => `${STORE_ORDER_PATH}/view?id=${encodeURIComponent(row.id)}`}
      dateFilter={{ id: 'delivery_time', label: t('store-order:fields.delivery_time') }}
      filters={filters}
      extraFields={['id', 'location_id']}
      searchPlaceholder={t('store-order:searchPlaceholder')}
      exportFileName={t('store-order:exportFileName')}
      newLabel={t('store-order:create')}
      emptyMessage={t('store-order:empty')}
    >
      <CentralKitchenSetting />
      <ParLevels />
    </DocumentListPage>
  );
}

/**
 * Where internal items are ordered from: shown to everyone who orders, changed by those with SETTING edit (a
 * company setting, like the other procurement settings).
 */
function CentralKitchenSetting() {
  const { t } = useTranslation();
  const can = useCan();
  const { data: settings } = useStoreOrderSettings();
  const locations = useDocumentLocations();
  const [saving, setSaving] = useState(false);
  if (!settings) return null;
  const editable = can('SETTING', 'edit');
  const current = settings.central_kitchen_location_id ?? '';
  const options = [{ value: '', label: t('store-order:settings.none') }, ...locations.options];
  if (current && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: `${current} · ${settings.central_kitchen_location_name ?? current}` });
  }
  return (
    <div
      className="mb-3 flex flex-wrap items-center gap-3 rounded-md bg-slate-50 px-4 py-2 text-sm ring-1 ring-slate-200"
      data-testid="store-order-central-kitchen"
    >
      <span className="text-slate-600">{t('store-order:settings.centralKitchen')}</span>
      {editable ? (
        <Select
          ariaLabel={t('store-order:settings.centralKitchen')}
          value={current}
          disabled={saving}
          onChange={(value) => {
            setSaving(true);
            void updateStoreOrderSettings(value || null).finally(() => setSaving(false));
          }}
          options={options}
          buttonClassName="min-w-56"
          data-testid="store-order-central-kitchen-select"
        />
      ) : (
        <span className="font-medium text-slate-800">
          {current ? `${current} · ${settings.central_kitchen_location_name ?? current}` : '—'}
        </span>
      )}
    </div>
  );
}

const parKey = (row: StoreOrderParLevelRow) => `${row.location_id}/${row.sku_id}`;

/**
 * The par levels of the user's locations (set on the store order form, beside each item's suggestion): a small list
 * to review and export them, folded away under the orders.
 */
function ParLevels() {
  const { t } = useTranslation();
  const locations = useDocumentLocations();
  const columns = useMemo<Column<StoreOrderParLevelRow>[]>(
    () => [
      { id: 'location_name', header: t('store-order:fields.location'), sortable: true },
      { id: 'sku_id', header: t('store-order:parLevels.sku_id'), sortable: true },
      { id: 'sku_name', header: t('store-order:parLevels.sku_name'), sortable: true },
      {
        id: 'par_level',
        header: t('store-order:fields.par_level'),
        sortable: true,
        align: 'right',
        cell: (row) => `${formatQuantity(row.par_level)} ${row.primary_uom_name}`,
        exportValue: (row) => row.par_level,
      },
      { id: 'primary_uom_name', header: t('store-order:parLevels.unit'), defaultHidden: true },
      { id: 'last_updated_by_name', header: t('store-order:parLevels.updated_by'), sortable: true },
      {
        id: 'last_updated_time',
        header: t('store-order:fields.last_updated_time'),
        kind: 'datetime',
        sortable: true,
      },
    ],
    [t],
  );
  const filters = useMemo<FilterDef[]>(
    () => [{ kind: 'select', id: 'location_ids', label: t('store-order:fields.location'), options: locations.options }],
    [locations.options, t],
  );
  return (
    <details
      className="mb-3 rounded-md bg-white px-4 py-2 text-sm ring-1 ring-slate-200"
      data-testid="store-order-par-levels"
    >
      <summary className="cursor-pointer font-medium text-slate-700">{t('store-order:parLevels.title')}</summary>
      <p className="mt-1 mb-2 text-xs text-slate-500">{t('store-order:parLevels.hint')}</p>
      <DataTable<StoreOrderParLevelRow>
        source={storeOrderParLevelsSource}
        columns={columns}
        rowKey={parKey}
        permissionKey="OR"
        filters={filters}
        defaultSort={{ column: 'last_updated_time', direction: 'DESC' }}
        extraFields={['location_id', 'primary_uom_name']}
        stateKey="/store-ordering#par-levels"
        searchPlaceholder={t('store-order:parLevels.search')}
        exportFileName={t('store-order:parLevels.exportFileName')}
        emptyMessage={t('store-order:parLevels.empty')}
      />
    </details>
  );
}
