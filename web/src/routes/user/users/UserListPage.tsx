import { USER_STATUSES } from '@scm/contracts';
import type { UserView } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../../../api/session';
import {
  activateUser,
  deactivateUser,
  deleteUser,
  resendInvitation,
  sendPasswordReset,
  useRoleOptions,
  userList,
} from '../../../api/users';
import { DataTable } from '../../../components/data-table';
import type { Column, FilterDef, RowAction, SortState } from '../../../components/data-table';
import { Badge } from '../../../components/ui/Badge';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EMPTY } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { uuid } from '../../../lib/uuid';
import { USER_PATH } from './paths';
import { hasAllLocations, userActionRules } from './user-actions';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };

/** A refused action (e.g. "User is in use") already showed the server's translated message in the warning dialog. */
const ignore = () => undefined;

/** /user/list (SPEC.md §2, key USER): users with their role, status and locations, and the account actions. */
export default function UserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { user: me } = useSession();
  const selfId = me?.user_id;
  const { data: roleOptions } = useRoleOptions();
  const [confirm, confirmDialog] = useConfirm();

  const columns = useMemo<Column<UserView>[]>(() => {
    const locations = (user: UserView) =>
      hasAllLocations(user.location_list)
        ? t('users:allLocations')
        : user.location_list.length === 0
          ? EMPTY
          : user.location_list.join(', ');
    return [
      { id: 'employee_code', header: t('users:fields.employee_code'), sortable: true, hideable: false },
      {
        id: 'employee_name',
        header: t('users:fields.employee_name'),
        sortable: true,
        cell: (user) => (
          <span className="inline-flex items-center gap-1.5">
            {user.employee_name}
            {user.user_id === selfId && <Badge tone="violet">{t('users:you')}</Badge>}
          </span>
        ),
        exportValue: (user) => user.employee_name,
      },
      { id: 'email', header: t('users:fields.email'), sortable: true },
      { id: 'username', header: t('users:fields.username'), sortable: true },
      { id: 'role_name', header: t('users:fields.role'), sortable: true },
      { id: 'status', header: t('users:fields.status'), kind: 'status', sortable: true },
      {
        id: 'location_list',
        header: t('users:fields.location_list'),
        cell: (user) =>
          hasAllLocations(user.location_list) ? (
            <Badge tone="blue">{t('users:allLocations')}</Badge>
          ) : (
            <span className="block max-w-56 truncate" title={user.location_list.join(', ')}>
              {locations(user)}
            </span>
          ),
        exportValue: (user) => (user.location_list.length === 0 ? null : locations(user)),
      },
      { id: 'last_sign_in_at', header: t('users:fields.last_sign_in_at'), kind: 'datetime', sortable: true },
      { id: 'last_updated_time', header: t('users:fields.last_updated_time'), kind: 'datetime', sortable: true },
      {
        id: 'created_time',
        header: t('users:fields.created_time'),
        kind: 'datetime',
        sortable: true,
        defaultHidden: true,
      },
    ];
  }, [t, selfId]);

  const filters = useMemo<FilterDef[]>(
    () => [
      { kind: 'status', id: 'status', statuses: USER_STATUSES, newOrActive: false },
      {
        kind: 'select',
        id: 'role_id',
        label: t('users:fields.role'),
        options: (roleOptions ?? []).map((role) => ({ value: role.role_id, label: role.role_name })),
      },
      { kind: 'text', id: 'employee_name', label: t('users:fields.employee_name') },
      { kind: 'dateRange', id: 'last_sign_in_at', label: t('users:fields.last_sign_in_at') },
    ],
    [t, roleOptions],
  );

  const actions = useMemo<RowAction<UserView>[]>(
    () => [
      {
        id: 'view',
        label: t('kit:actions.view'),
        icon: 'eye',
        inline: true,
        onClick: (user) => void navigate(`${USER_PATH}/view?id=${user.user_id}`),
      },
      {
        id: 'edit',
        label: t('kit:actions.edit'),
        icon: 'pencil',
        inline: true,
        permission: 'edit',
        onClick: (user) => void navigate(`${USER_PATH}/edit?id=${user.user_id}`),
      },
      {
        id: 'clone',
        label: t('kit:actions.clone'),
        icon: 'copy',
        permission: 'edit',
        onClick: (user) => void navigate(`${USER_PATH}/clone?id=${user.user_id}`),
      },
      {
        id: 'activate',
        label: t('users:actions.activate'),
        icon: 'userCheck',
        permission: 'edit',
        visible: userActionRules.activate,
        onClick: async (user) => {
          await activateUser(user.user_id, uuid()).catch(ignore);
        },
      },
      {
        id: 'deactivate',
        label: t('users:actions.deactivate'),
        icon: 'ban',
        permission: 'edit',
        visible: (user) => userActionRules.deactivate(user, selfId),
        onClick: async (user) => {
          const ok = await confirm({
            title: t('users:confirm.deactivateTitle'),
            message: t('users:confirm.deactivateMessage', { name: user.employee_name }),
            confirmLabel: t('users:actions.deactivate'),
            tone: 'danger',
          });
          if (ok) await deactivateUser(user.user_id, uuid()).catch(ignore);
        },
      },
      {
        id: 'resendInvitation',
        label: t('users:actions.resendInvitation'),
        icon: 'mail',
        permission: 'edit',
        visible: userActionRules.resendInvitation,
        onClick: async (user) => {
          await resendInvitation(user.user_id, uuid()).catch(ignore);
        },
      },
      {
        id: 'sendPasswordReset',
        label: t('users:actions.sendPasswordReset'),
        icon: 'key',
        permission: 'edit',
        visible: userActionRules.sendPasswordReset,
        onClick: async (user) => {
          const ok = await confirm({
            title: t('users:confirm.resetTitle'),
            message: t('users:confirm.resetMessage', { name: user.employee_name, email: user.email }),
            confirmLabel: t('users:confirm.resetConfirm'),
          });
          if (ok) await sendPasswordReset(user.user_id, uuid()).catch(ignore);
        },
      },
      {
        id: 'delete',
        label: t('kit:actions.delete'),
        icon: 'trash',
        tone: 'danger',
        permission: 'edit',
        visible: (user) => userActionRules.delete(user, selfId),
        onClick: async (user) => {
          const ok = await confirm({
            title: t('users:confirm.deleteTitle'),
            message: t('users:confirm.deleteMessage', { name: user.employee_name }),
            confirmLabel: t('kit:actions.delete'),
            tone: 'danger',
          });
          if (ok) await deleteUser(user.user_id, uuid()).catch(ignore);
        },
      },
    ],
    [t, navigate, confirm, selfId],
  );

  return (
    <div data-testid="user-list">
      <PageHeader
        title={t('routes:user')}
        description={t('users:description')}
        actions={
          can('USER', 'edit') && (
            <Link
              to={`${USER_PATH}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="user-invite"
            >
              <Icon name="plus" />
              {t('users:invite')}
            </Link>
          )
        }
      />
      <DataTable
        source={userList}
        columns={columns}
        rowKey={(user) => user.user_id}
        permissionKey="USER"
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        rowLink={(user) => `${USER_PATH}/view?id=${user.user_id}`}
        extraFields={['user_id', 'role_id']}
        searchPlaceholder={t('users:searchPlaceholder')}
        exportFileName={t('users:exportFileName')}
        emptyMessage={t('users:empty')}
      />
      {confirmDialog}
    </div>
  );
}
