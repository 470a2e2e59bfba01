import { STORE_ORDER_MACHINE, STORE_ORDER_TYPES } from '@scm/contracts';
import type { StoreOrderListRow } from '@scm/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storeOrdersApi, updateStoreOrderSettings, useStoreOrderSettings } from '../../api/store-orders';
import type { Column, FilterDef } from '../../components/data-table';
import { DocumentListPage, statusTabsOf, useDocumentLocations } from '../../components/document';
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
