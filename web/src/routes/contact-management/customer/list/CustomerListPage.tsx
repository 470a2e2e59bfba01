import { CONTACT_MODES, GENDERS } from '@scm/contracts';
import type { CustomerView } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { customersApi } from '../../../../api/customers';
import { DataTable } from '../../../../components/data-table';
import { ImportButton } from '../../../../components/import';
import type { Column, FilterDef, SortState } from '../../../../components/data-table';
import { Icon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { useCan } from '../../../../lib/permissions';
import { useMasterRowActions } from '../../../location/use-master-row-actions';
import { CUSTOMER_PATH } from '../../paths';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };
const idOf = (customer: CustomerView) => customer.customer_code;
const nameOf = (customer: CustomerView) => `${customer.customer_code} ${customer.customer_name}`;

/**
 * /contact-management/customer/list (SPEC.md §2, key RJ_CUSTOMER): customers with filters by status, gender,
 * contact mode and mailing list; the search covers tags too.
 */
export default function CustomerListPage() {
  const { t } = useTranslation();
  const can = useCan();

  const columns = useMemo<Column<CustomerView>[]>(
    () => [
      { id: 'customer_code', header: t('customers:customer.fields.customer_code'), sortable: true, hideable: false },
      { id: 'customer_name', header: t('customers:customer.fields.customer_name'), sortable: true },
      { id: 'chinese_name', header: t('customers:customer.fields.chinese_name'), defaultHidden: true },
      {
        id: 'gender',
        header: t('customers:customer.fields.gender'),
        sortable: true,
        cell: (customer) => t(`customers:genders.${customer.gender}`),
        exportValue: (customer) => t(`customers:genders.${customer.gender}`),
      },
      { id: 'email', header: t('customers:customer.fields.email'), sortable: true },
      { id: 'primary_contact_no', header: t('customers:customer.fields.primary_contact_no') },
      {
        id: 'contact_mode',
        header: t('customers:customer.fields.contact_mode'),
        sortable: true,
        cell: (customer) => t(`customers:contactModes.${customer.contact_mode}`),
        exportValue: (customer) => t(`customers:contactModes.${customer.contact_mode}`),
      },
      { id: 'mailing_list', header: t('customers:customer.fields.mailing_list'), kind: 'boolean', sortable: true },
      { id: 'company', header: t('customers:customer.fields.company'), sortable: true, defaultHidden: true },
      {
        id: 'tags',
        header: t('customers:customer.fields.tags'),
        cell: (customer) => customer.tags.join(', '),
        exportValue: (customer) => customer.tags.join(', '),
        defaultHidden: true,
      },
      { id: 'transaction_count', header: t('customers:customer.fields.transaction_count'), sortable: true },
      { id: 'total_spending', header: t('customers:customer.fields.total_spending'), sortable: true },
      { id: 'status', header: t('customers:fields.status'), kind: 'status', sortable: true },
      { id: 'in_use', header: t('customers:fields.in_use'), kind: 'boolean', defaultHidden: true },
      { id: 'last_updated_time', header: t('customers:fields.last_updated_time'), kind: 'datetime', sortable: true },
    ],
    [t],
  );

  const filters = useMemo<FilterDef[]>(
    () => [
      { kind: 'status', id: 'status' },
      {
        kind: 'select',
        id: 'gender',
        label: t('customers:customer.fields.gender'),
        options: GENDERS.map((gender) => ({ value: gender, label: t(`customers:genders.${gender}`) })),
      },
      {
        kind: 'select',
        id: 'contact_mode',
        label: t('customers:customer.fields.contact_mode'),
        options: CONTACT_MODES.map((mode) => ({ value: mode, label: t(`customers:contactModes.${mode}`) })),
      },
      {
        kind: 'select',
        id: 'mailing_list',
        label: t('customers:customer.fields.mailing_list'),
        options: ['true', 'false'].map((value) => ({ value, label: t(`customers:yesNo.${value}`) })),
      },
    ],
    [t],
  );

  const texts = useMemo(
    () => ({
      archiveTitle: t('customers:customer.confirm.archiveTitle'),
      archiveMessage: (name: string) => t('customers:customer.confirm.archiveMessage', { name }),
      reactivateTitle: t('customers:customer.confirm.reactivateTitle'),
      reactivateMessage: (name: string) => t('customers:customer.confirm.reactivateMessage', { name }),
      deleteTitle: t('customers:customer.confirm.deleteTitle'),
      deleteMessage: (name: string) => t('customers:customer.confirm.deleteMessage', { name }),
    }),
    [t],
  );
  const [actions, confirmDialog] = useMasterRowActions({
    path: CUSTOMER_PATH,
    idOf,
    nameOf,
    calls: customersApi,
    texts,
  });

  return (
    <div data-testid="customer-list">
      <PageHeader
        title={t('routes:customer')}
        description={t('customers:customer.description')}
        actions={
          can('RJ_CUSTOMER', 'edit') && (
            <Link
              to={`${CUSTOMER_PATH}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="customer-create"
            >
              <Icon name="plus" />
              {t('customers:customer.create')}
            </Link>
          )
        }
      />
      <DataTable
        source={customersApi.list}
        columns={columns}
        rowKey={idOf}
        permissionKey="RJ_CUSTOMER"
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        rowLink={(customer) => `${CUSTOMER_PATH}/view?id=${encodeURIComponent(customer.customer_code)}`}
        extraFields={['created_by', 'last_updated_by']}
        searchPlaceholder={t('customers:customer.searchPlaceholder')}
        exportFileName={t('customers:customer.exportFileName')}
        toolbar={
          <ImportButton
            entity="customers"
            permissionKey="RJ_CUSTOMER"
            name={t('customers:customer.exportFileName')}
            refresh={customersApi.keys.all}
          />
        }
        emptyMessage={t('customers:customer.empty')}
      />
      {confirmDialog}
    </div>
  );
}
