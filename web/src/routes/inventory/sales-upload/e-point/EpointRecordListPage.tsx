import { EPOINT_RECORD_STATUSES, SALES_UPLOAD_SOURCES } from '@scm/contracts';
import type { EpointRecordListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { epointRecordsApi } from '../../../../api/epoint';
import type { Column, FilterDef } from '../../../../components/data-table';
import { DocumentListPage } from '../../../../components/document';

const SALES_UPLOAD_PATH = '/inventory/sales-upload';

/**
 * /inventory/sales-upload/e-point (SPEC.md §2, §3; key SU): the outlets' POS lines — pushed by AutoSync, read from
 * an export folder or uploaded in an Epoint Excel file — with their state (PENDING until their day is posted, then
 * in its sales upload). Filters: date, location, status tabs, shift and source. Read only.
 */
export default function EpointRecordListPage() {
  const { t } = useTranslation();

  const columns = useMemo<Column<EpointRecordListRow>[]>(
    () => [
      { id: 'epoint_date', header: t('epoint:fields.epoint_date'), kind: 'date', sortable: true, hideable: false },
      { id: 'location_name', header: t('epoint:fields.location'), sortable: true },
      { id: 'shift_code', header: t('epoint:fields.shift_code'), sortable: true },
      { id: 'stock_code', header: t('epoint:fields.stock_code'), sortable: true },
      { id: 'quantity', header: t('epoint:fields.quantity'), kind: 'quantity', sortable: true },
      { id: 'uom', header: t('epoint:fields.uom') },
      { id: 'amount', header: t('epoint:fields.amount'), kind: 'currency', sortable: true },
      { id: 'status', header: t('epoint:fields.status'), kind: 'status', sortable: true },
      {
        id: 'source',
        header: t('epoint:fields.source'),
        sortable: true,
        cell: (row) => t(`epoint:sources.${row.source}`, { defaultValue: row.source }),
      },
      {
        id: 'su_no',
        header: t('epoint:fields.su_no'),
        sortable: true,
        cell: (row) =>
          row.su_id && row.su_no ? (
            <Link
              to={`${SALES_UPLOAD_PATH}/view?id=${encodeURIComponent(row.su_id)}`}
              className="text-blue-700 hover:underline"
            >
              {row.su_no}
            </Link>
          ) : (
            ''
          ),
      },
      {
        id: 'received_time',
        header: t('epoint:fields.received_time'),
        kind: 'datetime',
        sortable: true,
        defaultHidden: true,
      },
    ],
    [t],
  );

  const filters = useMemo<FilterDef[]>(
    () => [
      { kind: 'text', id: 'shift_code', label: t('epoint:fields.shift_code') },
      {
        kind: 'select',
        id: 'source',
        label: t('epoint:fields.source'),
        options: SALES_UPLOAD_SOURCES.filter((source) => source !== 'Manual').map((source) => ({
          value: source,
          label: t(`epoint:sources.${source}`),
        })),
      },
    ],
    [t],
  );

  return (
    <DocumentListPage
      testId="epoint-record-list"
      title={t('routes:ePoint')}
      description={t('epoint:description')}
      api={epointRecordsApi}
      statuses={EPOINT_RECORD_STATUSES}
      permissionKey="SU"
      columns={columns}
      rowKey={(row) => row.id}
      path="/inventory/sales-upload/e-point"
      dateFilter={{ id: 'epoint_date', label: t('epoint:fields.epoint_date') }}
      filters={filters}
      extraFields={['id', 'su_id', 'location_id']}
      searchPlaceholder={t('epoint:searchPlaceholder')}
      exportFileName={t('epoint:exportFileName')}
      emptyMessage={t('epoint:empty')}
    />
  );
}
