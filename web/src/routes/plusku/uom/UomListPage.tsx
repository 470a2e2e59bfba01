import { plainFactor } from '@scm/contracts';
import type { UomView } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { archiveUom, deleteUom, reactivateUom, uomKeys, uomList } from '../../../api/uoms';
import { DataTable } from '../../../components/data-table';
import { ImportButton } from '../../../components/import';
import type { Column, FilterDef, RowAction, SortState } from '../../../components/data-table';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useCan } from '../../../lib/permissions';
import { uuid } from '../../../lib/uuid';

import { UOM_PATH } from './paths';
const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };

/** A refused action already showed the server's message (e.g. "UOM is in use") in the warning dialog. */
const ignore = () => undefined;

/** /PLUSKU/uom (SPEC.md §2, key UOM): units of measure with view, edit, clone, archive/reactivate, delete. */
export default function UomListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const [confirm, confirmDialog] = useConfirm();

  const columns = useMemo<Column<UomView>[]>(
    () => [
      { id: 'uom_name', header: t('uom:fields.uom_name'), sortable: true, hideable: false },
      { id: 'secondary_uom', header: t('uom:fields.secondary_uom'), sortable: true },
      { id: 'uom_per_primary', header: t('uom:fields.uom_per_primary'), kind: 'quantity', sortable: true },
      // What the record says, as a buyer reads it: 1 BAG = 25 KG (docs/units-of-measure.md).
      {
        id: 'conversion',
        header: t('uom:fields.conversion'),
        field: null,
        cell: (uom) =>
          t('uom:conversion', {
            secondary: uom.secondary_uom,
            factor: plainFactor(uom.uom_per_primary),
            primary: uom.uom_name,
          }),
        exportValue: (uom) =>
          t('uom:conversion', {
            secondary: uom.secondary_uom,
            factor: plainFactor(uom.uom_per_primary),
            primary: uom.uom_name,
          }),
      },
      { id: 'status', header: t('uom:fields.status'), kind: 'status', sortable: true },
      { id: 'in_use', header: t('uom:fields.in_use'), kind: 'boolean' },
      { id: 'last_updated_time', header: t('uom:fields.last_updated_time'), kind: 'datetime', sortable: true },
      {
        id: 'created_time',
        header: t('uom:fields.created_time'),
        kind: 'datetime',
        sortable: true,
        defaultHidden: true,
      },
    ],
    [t],
  );

  const filters = useMemo<FilterDef[]>(
    () => [
      { kind: 'status', id: 'status' },
      { kind: 'text', id: 'uom_name', label: t('uom:fields.uom_name') },
      { kind: 'text', id: 'secondary_uom', label: t('uom:fields.secondary_uom') },
      { kind: 'dateRange', id: 'last_updated_time', label: t('uom:fields.last_updated_time') },
    ],
    [t],
  );

  const actions = useMemo<RowAction<UomView>[]>(() => {
    const name = (uom: UomView) => `${uom.uom_name} / ${uom.secondary_uom}`;
    return [
      {
        id: 'view',
        label: t('kit:actions.view'),
        icon: 'eye',
        inline: true,
        onClick: (uom) => void navigate(`${UOM_PATH}/view?id=${uom.uom_id}`),
      },
      {
        id: 'edit',
        label: t('kit:actions.edit'),
        icon: 'pencil',
        inline: true,
        permission: 'edit',
        visible: (uom) => uom.status !== 'archived',
        onClick: (uom) => void navigate(`${UOM_PATH}/edit?id=${uom.uom_id}`),
      },
      {
        id: 'clone',
        label: t('kit:actions.clone'),
        icon: 'copy',
        permission: 'edit',
        onClick: (uom) => void navigate(`${UOM_PATH}/clone?id=${uom.uom_id}`),
      },
      {
        id: 'archive',
        label: t('kit:actions.archive'),
        icon: 'archive',
        permission: 'edit',
        visible: (uom) => uom.status !== 'archived',
        onClick: async (uom) => {
          const ok = await confirm({
            title: t('uom:confirm.archiveTitle'),
            message: t('uom:confirm.archiveMessage', { name: name(uom) }),
            confirmLabel: t('kit:actions.archive'),
          });
          if (ok) await archiveUom(uom.uom_id, uuid()).catch(ignore);
        },
      },
      {
        id: 'reactivate',
        label: t('kit:actions.reactivate'),
        icon: 'restore',
        permission: 'edit',
        visible: (uom) => uom.status === 'archived',
        onClick: async (uom) => {
          const ok = await confirm({
            title: t('uom:confirm.reactivateTitle'),
            message: t('uom:confirm.reactivateMessage', { name: name(uom) }),
            confirmLabel: t('kit:actions.reactivate'),
          });
          if (ok) await reactivateUom(uom.uom_id, uuid()).catch(ignore);
        },
      },
      {
        id: 'delete',
        label: t('kit:actions.delete'),
        icon: 'trash',
        tone: 'danger',
        permission: 'edit',
        onClick: async (uom) => {
          const ok = await confirm({
            title: t('uom:confirm.deleteTitle'),
            message: t('uom:confirm.deleteMessage', { name: name(uom) }),
            confirmLabel: t('kit:actions.delete'),
            tone: 'danger',
          });
          if (ok) await deleteUom(uom.uom_id, uuid()).catch(ignore);
        },
      },
    ];
  }, [t, navigate, confirm]);

  return (
    <div data-testid="uom-list">
      <PageHeader
        title={t('routes:uom')}
        description={t('uom:description')}
        actions={
          can('UOM', 'edit') && (
            <Link
              to={`${UOM_PATH}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="uom-create"
            >
              <Icon name="plus" />
              {t('uom:create')}
            </Link>
          )
        }
      />
      <DataTable
        source={uomList}
        columns={columns}
        rowKey={(uom) => uom.uom_id}
        permissionKey="UOM"
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        rowLink={(uom) => `${UOM_PATH}/view?id=${uom.uom_id}`}
        extraFields={['uom_id', 'created_by', 'last_updated_by']}
        searchPlaceholder={t('uom:searchPlaceholder')}
        exportFileName={t('uom:exportFileName')}
        toolbar={
          <ImportButton entity="uoms" permissionKey="UOM" name={t('uom:exportFileName')} refresh={uomKeys.all} />
        }
        emptyMessage={t('uom:empty')}
      />
      {confirmDialog}
    </div>
  );
}
