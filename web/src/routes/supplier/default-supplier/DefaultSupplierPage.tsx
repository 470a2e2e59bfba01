import type { DefaultSupplierListRow } from '@scm/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultSuppliersApi } from '../../../api/default-suppliers';
import { suppliersApi } from '../../../api/suppliers';
import { DataTable } from '../../../components/data-table';
import type { Column, FilterDef, RowAction, SortState } from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/PageHeader';
import { DefaultSupplierDialog } from './DefaultSupplierDialog';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };
const idOf = (row: DefaultSupplierListRow) => row.sku_id;

/**
 * /supplier/defaultSupplier (SPEC.md §2, key DEFAULT_SUPPLIER): every SKU with the supplier it is ordered from
 * and how many locations order it elsewhere; edit opens the SKU's default and per-location suppliers.
 */
export default function DefaultSupplierPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const { data: suppliers } = suppliersApi.useOptions('company_name');

  const columns = useMemo<Column<DefaultSupplierListRow>[]>(
    () => [
      { id: 'sku_id', header: t('default-suppliers:fields.sku_id'), sortable: true, hideable: false },
      { id: 'name', header: t('default-suppliers:fields.name'), sortable: true },
      { id: 'category_name', header: t('default-suppliers:fields.category_name'), sortable: true },
      {
        id: 'default_supplier_name',
        header: t('default-suppliers:fields.default_supplier_name'),
        sortable: true,
        cell: (row) =>
          row.default_supplier_id ? (
            `${row.default_supplier_id} · ${row.default_supplier_name ?? ''}`
          ) : (
            <span className="text-slate-400">{t('default-suppliers:none')}</span>
          ),
        exportValue: (row) => row.default_supplier_name ?? '',
      },
      { id: 'supplier_count', header: t('default-suppliers:fields.supplier_count'), kind: 'number', decimals: 0 },
      {
        id: 'location_supplier_count',
        header: t('default-suppliers:fields.location_supplier_count'),
        kind: 'number',
        decimals: 0,
      },
      { id: 'sku_status', header: t('default-suppliers:fields.sku_status'), kind: 'status', sortable: true },
      {
        id: 'last_updated_time',
        header: t('default-suppliers:fields.last_updated_time'),
        kind: 'datetime',
        sortable: true,
      },
    ],
    [t],
  );

  const filters = useMemo<FilterDef[]>(
    () => [
      {
        kind: 'select',
        id: 'default_supplier_id',
        label: t('default-suppliers:fields.default_supplier_id'),
        options: (suppliers ?? []).map((row) => ({ value: row.supplier_id, label: row.company_name })),
      },
      {
        kind: 'select',
        id: 'has_default_supplier',
        label: t('default-suppliers:fields.has_default_supplier'),
        options: [
          { value: 'true', label: t('kit:common.yes') },
          { value: 'false', label: t('kit:common.no') },
        ],
      },
      { kind: 'status', id: 'sku_status', label: t('default-suppliers:fields.sku_status') },
    ],
    [t, suppliers],
  );

  const actions = useMemo<RowAction<DefaultSupplierListRow>[]>(
    () => [
      {
        id: 'edit',
        label: t('kit:actions.edit'),
        icon: 'pencil',
        inline: true,
        permission: 'edit',
        visible: (row) => row.sku_status !== 'archived',
        onClick: (row) => setEditing(row.sku_id),
      },
    ],
    [t],
  );

  return (
    <div data-testid="default-supplier-list">
      <PageHeader title={t('routes:defaultSupplier')} description={t('default-suppliers:description')} />
      <DataTable
        source={defaultSuppliersApi.list}
        columns={columns}
        rowKey={idOf}
        permissionKey="DEFAULT_SUPPLIER"
        filters={filters}
        defaultFilters={{ sku_status: 'new_or_active' }}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        extraFields={['default_supplier_id']}
        searchPlaceholder={t('default-suppliers:searchPlaceholder')}
        exportFileName={t('default-suppliers:exportFileName')}
        emptyMessage={t('default-suppliers:empty')}
      />
      <DefaultSupplierDialog skuId={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
