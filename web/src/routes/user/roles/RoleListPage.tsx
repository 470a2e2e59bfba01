import { DIRECTOR_ROLE_NAME } from '@scm/contracts';
import type { RoleView } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { deleteRole, roleList } from '../../../api/roles';
import { DataTable } from '../../../components/data-table';
import type { Column, FilterDef, RowAction, SortState } from '../../../components/data-table';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { formatNumber } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { uuid } from '../../../lib/uuid';
import { ROLE_PATH } from './paths';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };

/** A refused delete ("Role is in use") already showed the server's message in the warning dialog. */
const ignore = () => undefined;

/** /user/role (SPEC.md §2, key USER_ROLE): roles with view, edit, clone and delete. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const [confirm, confirmDialog] = useConfirm();

  const columns = useMemo<Column<RoleView>[]>(() => {
    const limit = (role: RoleView) =>
      role.approval_limit === null ? t('roles:noLimit') : formatNumber(role.approval_limit, 2);
    return [
      { id: 'role_name', header: t('roles:fields.role_name'), sortable: true, hideable: false },
      { id: 'can_see_cost', header: t('roles:fields.can_see_cost'), kind: 'boolean', sortable: true },
      {
        id: 'approval_limit',
        header: t('roles:fields.approval_limit'),
        kind: 'number',
        sortable: true,
        cell: limit,
        exportValue: (role) => (role.approval_limit === null ? t('roles:noLimit') : Number(role.approval_limit)),
      },
      { id: 'user_count', header: t('roles:fields.user_count'), kind: 'number', decimals: 0, sortable: true },
      { id: 'last_updated_time', header: t('roles:fields.last_updated_time'), kind: 'datetime', sortable: true },
      {
        id: 'created_time',
        header: t('roles:fields.created_time'),
        kind: 'datetime',
        sortable: true,
        defaultHidden: true,
      },
    ];
  }, [t]);

  const filters = useMemo<FilterDef[]>(
    () => [
      { kind: 'text', id: 'role_name', label: t('roles:fields.role_name') },
      {
        kind: 'select',
        id: 'can_see_cost',
        label: t('roles:fields.can_see_cost'),
        options: [
          { value: 'true', label: t('kit:common.yes') },
          { value: 'false', label: t('kit:common.no') },
        ],
      },
      { kind: 'dateRange', id: 'last_updated_time', label: t('roles:fields.last_updated_time') },
    ],
    [t],
  );

  const actions = useMemo<RowAction<RoleView>[]>(
    () => [
      {
        id: 'view',
        label: t('kit:actions.view'),
        icon: 'eye',
        inline: true,
        onClick: (role) => void navigate(`${ROLE_PATH}/view?id=${role.role_id}`),
      },
      {
        id: 'edit',
        label: t('kit:actions.edit'),
        icon: 'pencil',
        inline: true,
        permission: 'edit',
        onClick: (role) => void navigate(`${ROLE_PATH}/edit?id=${role.role_id}`),
      },
      {
        id: 'clone',
        label: t('kit:actions.clone'),
        icon: 'copy',
        permission: 'edit',
        onClick: (role) => void navigate(`${ROLE_PATH}/clone?id=${role.role_id}`),
      },
      {
        id: 'delete',
        label: t('kit:actions.delete'),
        icon: 'trash',
        tone: 'danger',
        permission: 'edit',
        // The director role is never deleted; a role in use is refused by the server with its message.
        visible: (role) => role.role_name !== DIRECTOR_ROLE_NAME,
        onClick: async (role) => {
          const ok = await confirm({
            title: t('roles:confirm.deleteTitle'),
            message: t('roles:confirm.deleteMessage', { name: role.role_name }),
            confirmLabel: t('kit:actions.delete'),
            tone: 'danger',
          });
          if (ok) await deleteRole(role.role_id, uuid()).catch(ignore);
        },
      },
    ],
    [t, navigate, confirm],
  );

  return (
    <div data-testid="role-list">
      <PageHeader
        title={t('routes:role')}
        description={t('roles:description')}
        actions={
          can('USER_ROLE', 'edit') && (
            <Link
              to={`${ROLE_PATH}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="role-create"
            >
              <Icon name="plus" />
              {t('roles:create')}
            </Link>
          )
        }
      />
      <DataTable
        source={roleList}
        columns={columns}
        rowKey={(role) => role.role_id}
        permissionKey="USER_ROLE"
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        rowLink={(role) => `${ROLE_PATH}/view?id=${role.role_id}`}
        extraFields={['role_id']}
        searchPlaceholder={t('roles:searchPlaceholder')}
        exportFileName={t('roles:exportFileName')}
        emptyMessage={t('roles:empty')}
      />
      {confirmDialog}
    </div>
  );
}
