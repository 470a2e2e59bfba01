import { plainFactor } from '@scm/contracts';
import type { SupplierPriceView } from '@scm/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../api/session';
import { supplierPricesApi } from '../../../api/supplier-prices';
import { suppliersApi } from '../../../api/suppliers';
import { DataTable } from '../../../components/data-table';
import type { Column, FilterDef, RowAction, SortState } from '../../../components/data-table';
import { Button } from '../../../components/ui/Button';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { useCan } from '../../../lib/permissions';
import { PriceDialog } from './PriceDialog';
import { PriceUploadDialog } from './PriceUploadDialog';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };
const keyOf = (row: SupplierPriceView) => `${row.sku_id}/${row.supplier_id}/${row.uom_name}`;

/**
 * /supplier/price (SPEC.md §2, key SUPPLIER_PRICING): every supplier × SKU × UOM price with its future prices;
 * add, edit, delete, and upload a price file. Roles without can_see_cost see the rows without prices.
 */
export default function SupplierPricePage() {
  const { t } = useTranslation();
  const can = useCan();
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;
  const canEdit = can('SUPPLIER_PRICING', 'edit');
  const [editing, setEditing] = useState<SupplierPriceView | null | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [confirm, confirmDialog] = useConfirm();
  const idempotency = useIdempotencyKeys();
  const { data: suppliers } = suppliersApi.useOptions('company_name');

  const columns = useMemo<Column<SupplierPriceView>[]>(() => {
    const price = (id: keyof SupplierPriceView): Column<SupplierPriceView> => ({
      id,
      header: t(`pricing:fields.${id}`),
      // A supplier price is a unit cost in the base currency (suppliers carry no currency of their own).
      kind: 'unitCost',
      sortable: true,
      align: 'right',
    });
    const date = (id: keyof SupplierPriceView): Column<SupplierPriceView> => ({
      id,
      header: t(`pricing:fields.${id}`),
      kind: 'date',
      sortable: true,
    });
    return [
      { id: 'sku_id', header: t('pricing:fields.sku_id'), sortable: true, hideable: false },
      { id: 'sku_name', header: t('pricing:fields.sku_name'), sortable: true },
      { id: 'supplier_id', header: t('pricing:fields.supplier_id'), sortable: true, defaultHidden: true },
      { id: 'supplier_name', header: t('pricing:fields.supplier_name'), sortable: true },
      {
        id: 'uom_name',
        header: t('pricing:fields.uom_name'),
        sortable: true,
        // The unit by its name, and what it is in the SKU's primary unit (1 BAG = 25 KG).
        cell: (row) =>
          row.factor && plainFactor(row.factor) !== '1' ? (
            <span>
              {row.uom_name}
              <span className="block text-xs text-slate-500">
                {t('sku:sku.conversion', {
                  uom: row.uom_name,
                  factor: plainFactor(row.factor),
                  primary: row.primary_uom_name,
                })}
              </span>
            </span>
          ) : (
            row.uom_name
          ),
        exportValue: (row) => row.uom_name,
      },
      ...(seesCost
        ? [
            price('current_price'),
            price('future_price_1'),
            date('future_price_1_date'),
            price('future_price_2'),
            date('future_price_2_date'),
          ]
        : []),
      { id: 'is_default_supplier', header: t('pricing:fields.is_default_supplier'), kind: 'boolean' },
      { id: 'sku_status', header: t('pricing:fields.sku_status'), kind: 'status', sortable: true, defaultHidden: true },
      { id: 'last_updated_time', header: t('pricing:fields.last_updated_time'), kind: 'datetime', sortable: true },
    ];
  }, [t, seesCost]);

  const filters = useMemo<FilterDef[]>(
    () => [
      {
        kind: 'select',
        id: 'supplier_id',
        label: t('pricing:fields.supplier_name'),
        options: (suppliers ?? []).map((row) => ({ value: row.supplier_id, label: row.company_name })),
      },
      { kind: 'status', id: 'sku_status', label: t('pricing:fields.sku_status') },
      {
        kind: 'select',
        id: 'has_future_price',
        label: t('pricing:fields.has_future_price'),
        options: [
          { value: 'true', label: t('kit:common.yes') },
          { value: 'false', label: t('kit:common.no') },
        ],
      },
      { kind: 'dateRange', id: 'last_updated_time', label: t('pricing:fields.last_updated_time') },
    ],
    [t, suppliers],
  );

  const actions = useMemo<RowAction<SupplierPriceView>[]>(
    () => [
      {
        id: 'edit',
        label: t('kit:actions.edit'),
        icon: 'pencil',
        inline: true,
        permission: 'edit',
        onClick: setEditing,
      },
      {
        id: 'delete',
        label: t('kit:actions.delete'),
        icon: 'trash',
        tone: 'danger',
        permission: 'edit',
        onClick: async (row) => {
          const name = `${row.sku_id} · ${row.supplier_name} · ${row.uom_name}`;
          const sure = await confirm({
            title: t('pricing:confirm.deleteTitle'),
            message: t('pricing:confirm.deleteMessage', { name }),
            tone: 'danger',
          });
          if (!sure) return;
          await supplierPricesApi.remove(row, idempotency.keyFor(`delete:${keyOf(row)}`, null));
          idempotency.done(`delete:${keyOf(row)}`);
        },
      },
    ],
    [t, confirm, idempotency],
  );

  return (
    <div data-testid="supplier-price-list">
      <PageHeader
        title={t('routes:supplierPrice')}
        description={seesCost ? t('pricing:description') : t('pricing:costHidden')}
        actions={
          canEdit && (
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => setUploading(true)} data-testid="price-upload">
                <Icon name="upload" />
                {t('pricing:upload')}
              </Button>
              <Button onClick={() => setEditing(null)} data-testid="price-create">
                <Icon name="plus" />
                {t('pricing:add')}
              </Button>
            </div>
          )
        }
      />
      <DataTable
        source={supplierPricesApi.list}
        columns={columns}
        rowKey={keyOf}
        permissionKey="SUPPLIER_PRICING"
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        extraFields={['factor', 'primary_uom_name', 'last_updated_by']}
        searchPlaceholder={t('pricing:searchPlaceholder')}
        exportFileName={t('pricing:exportFileName')}
        emptyMessage={t('pricing:empty')}
      />
      <PriceDialog row={editing ?? null} open={editing !== undefined} onClose={() => setEditing(undefined)} />
      <PriceUploadDialog open={uploading} onClose={() => setUploading(false)} />
      {confirmDialog}
    </div>
  );
}
