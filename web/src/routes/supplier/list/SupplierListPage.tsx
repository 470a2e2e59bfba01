import { COUNTRIES, SUPPLIER_TAX_TYPES } from '@scm/contracts';
import type { PermissionKey, SupplierView } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { supplierCategoriesApi, suppliersApi } from '../../../api/suppliers';
import { DataTable } from '../../../components/data-table';
import { ImportButton } from '../../../components/import';
import type { Column, FilterDef, SortState } from '../../../components/data-table';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useCan } from '../../../lib/permissions';
import { useMasterRowActions } from '../../location/use-master-row-actions';
import { SUPPLIER_PATH } from '../paths';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };
const idOf = (supplier: SupplierView) => supplier.supplier_id;
const nameOf = (supplier: SupplierView) => `${supplier.supplier_id} ${supplier.company_name}`;

/** Where a supplier list lives: /supplier/list (SUPPLIER) or the RJ /contact-management/supplier/list (RJ_SUPPLIER). */
export interface SupplierPageProps {
  path: string;
  permissionKey: PermissionKey;
  /** Key of the route title in the `routes` namespace. */
  titleKey: string;
}

/** /supplier/list (SPEC.md §2, key SUPPLIER): suppliers with filters by status, category, country, tax type. */
export default function SupplierListPage() {
  return <SupplierList path={SUPPLIER_PATH} permissionKey="SUPPLIER" titleKey="supplier" />;
}

/** The supplier list under one route and key. */
export function SupplierList({ path, permissionKey, titleKey }: SupplierPageProps) {
  const { t } = useTranslation();
  const can = useCan();
  const { data: categories } = supplierCategoriesApi.useOptions('category_name');

  const columns = useMemo<Column<SupplierView>[]>(
    () => [
      { id: 'supplier_id', header: t('suppliers:supplier.fields.supplier_id'), sortable: true, hideable: false },
      { id: 'company_name', header: t('suppliers:supplier.fields.company_name'), sortable: true },
      { id: 'category_name', header: t('suppliers:supplier.fields.category'), sortable: true },
      { id: 'contact_name', header: t('suppliers:supplier.fields.contact_name'), sortable: true },
      { id: 'contact_no', header: t('suppliers:supplier.fields.contact_no') },
      { id: 'contact_email', header: t('suppliers:supplier.fields.contact_email'), defaultHidden: true },
      { id: 'company_uen', header: t('suppliers:supplier.fields.company_uen'), sortable: true, defaultHidden: true },
      {
        id: 'country',
        header: t('suppliers:supplier.fields.country'),
        sortable: true,
        cell: (supplier) => t(`suppliers:countries.${supplier.country}`),
        exportValue: (supplier) => t(`suppliers:countries.${supplier.country}`),
      },
      {
        id: 'tax_type',
        header: t('suppliers:supplier.fields.tax_type'),
        sortable: true,
        cell: (supplier) => t(`suppliers:taxTypes.${supplier.tax_type}`),
        exportValue: (supplier) => t(`suppliers:taxTypes.${supplier.tax_type}`),
      },
      {
        id: 'credit_term_in_days',
        header: t('suppliers:supplier.fields.credit_term_in_days'),
        sortable: true,
        defaultHidden: true,
      },
      {
        id: 'minimum_order_value',
        header: t('suppliers:supplier.fields.minimum_order_value'),
        sortable: true,
        defaultHidden: true,
      },
      {
        id: 'hashtag_list',
        header: t('suppliers:supplier.fields.hashtag_list'),
        cell: (supplier) => supplier.hashtag_list.join(', '),
        exportValue: (supplier) => supplier.hashtag_list.join(', '),
        defaultHidden: true,
      },
      { id: 'status', header: t('suppliers:fields.status'), kind: 'status', sortable: true },
      { id: 'in_use', header: t('suppliers:fields.in_use'), kind: 'boolean', defaultHidden: true },
      { id: 'last_updated_time', header: t('suppliers:fields.last_updated_time'), kind: 'datetime', sortable: true },
    ],
    [t],
  );

  const filters = useMemo<FilterDef[]>(
    () => [
      { kind: 'status', id: 'status' },
      {
        kind: 'select',
        id: 'category_id',
        label: t('suppliers:supplier.fields.category'),
        options: (categories ?? []).map((row) => ({ value: row.category_id, label: row.category_name })),
      },
      {
        kind: 'select',
        id: 'country',
        label: t('suppliers:supplier.fields.country'),
        options: COUNTRIES.map((country) => ({ value: country, label: t(`suppliers:countries.${country}`) })),
      },
      {
        kind: 'select',
        id: 'tax_type',
        label: t('suppliers:supplier.fields.tax_type'),
        options: SUPPLIER_TAX_TYPES.map((type) => ({ value: type, label: t(`suppliers:taxTypes.${type}`) })),
      },
    ],
    [t, categories],
  );

  const texts = useMemo(
    () => ({
      archiveTitle: t('suppliers:supplier.confirm.archiveTitle'),
      archiveMessage: (name: string) => t('suppliers:supplier.confirm.archiveMessage', { name }),
      reactivateTitle: t('suppliers:supplier.confirm.reactivateTitle'),
      reactivateMessage: (name: string) => t('suppliers:supplier.confirm.reactivateMessage', { name }),
      deleteTitle: t('suppliers:supplier.confirm.deleteTitle'),
      deleteMessage: (name: string) => t('suppliers:supplier.confirm.deleteMessage', { name }),
    }),
    [t],
  );
  const [actions, confirmDialog] = useMasterRowActions({
    path,
    idOf,
    nameOf,
    calls: suppliersApi,
    texts,
  });

  return (
    <div data-testid="supplier-list">
      <PageHeader
        title={t(`routes:${titleKey}`)}
        description={t('suppliers:supplier.description')}
        actions={
          can(permissionKey, 'edit') && (
            <Link
              to={`${path}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="supplier-create"
            >
              <Icon name="plus" />
              {t('suppliers:supplier.create')}
            </Link>
          )
        }
      />
      <DataTable
        source={suppliersApi.list}
        columns={columns}
        rowKey={idOf}
        permissionKey={permissionKey}
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        rowLink={(supplier) => `${path}/view?id=${encodeURIComponent(supplier.supplier_id)}`}
        extraFields={['category_id', 'created_by', 'last_updated_by']}
        searchPlaceholder={t('suppliers:supplier.searchPlaceholder')}
        exportFileName={t('suppliers:supplier.exportFileName')}
        toolbar={
          <ImportButton
            entity="suppliers"
            permissionKey="SUPPLIER"
            name={t('suppliers:supplier.exportFileName')}
            refresh={suppliersApi.keys.all}
          />
        }
        emptyMessage={t('suppliers:supplier.empty')}
      />
      {confirmDialog}
    </div>
  );
}
