import { SALES_UPLOAD_MACHINE, SALES_UPLOAD_SOURCES } from '@scm/contracts';
import type { SalesUploadListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { salesUploadsApi } from '../../../api/sales-uploads';
import type { Column, FilterDef } from '../../../components/data-table';
import { DocumentListPage, statusTabsOf } from '../../../components/document';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/icons';
import { useCan } from '../../../lib/permissions';
import { SALES_UPLOAD_PATH } from './paths';

const idOf = (row: SalesUploadListRow) => row.id;
const STATUSES = statusTabsOf(SALES_UPLOAD_MACHINE);

/** /inventory/sales-upload (SPEC.md §2, key SU): the sales uploads of the user's locations, by status. */
export default function SalesUploadListPage() {
  const { t } = useTranslation();
  const can = useCan();

  const columns = useMemo<Column<SalesUploadListRow>[]>(() => {
    const source = (row: SalesUploadListRow) => t(`sales-upload:sources.${row.source}`);
    return [
      { id: 'doc_no', header: t('sales-upload:fields.su_no'), sortable: true, hideable: false },
      { id: 'location_name', header: t('sales-upload:fields.location'), sortable: true },
      { id: 'value_date', header: t('sales-upload:fields.value_date'), kind: 'date', sortable: true },
      { id: 'source', header: t('sales-upload:fields.source'), sortable: true, cell: source, exportValue: source },
      { id: 'file_name', header: t('sales-upload:fields.file_name'), sortable: true },
      { id: 'line_count', header: t('sales-upload:fields.line_count'), kind: 'number', decimals: 0, sortable: true },
      { id: 'unmatched', header: t('sales-upload:fields.unmatched'), kind: 'number', decimals: 0 },
      { id: 'total_amount', header: t('sales-upload:fields.total_amount'), kind: 'currency', sortable: true },
      { id: 'status', header: t('sales-upload:fields.status'), kind: 'status', sortable: true },
      { id: 'created_by_name', header: t('sales-upload:fields.created_by'), sortable: true },
      {
        id: 'last_updated_time',
        header: t('sales-upload:fields.last_updated_time'),
        kind: 'datetime',
        sortable: true,
      },
    ];
  }, [t]);

  const filters = useMemo<FilterDef[]>(
    () => [
      {
        kind: 'select',
        id: 'source',
        label: t('sales-upload:fields.source'),
        options: SALES_UPLOAD_SOURCES.map((value) => ({ value, label: t(`sales-upload:sources.${value}`) })),
      },
    ],
    [t],
  );

  return (
    <DocumentListPage
      testId="sales-upload-list"
      title={t('routes:salesUpload')}
      description={t('sales-upload:description')}
      api={salesUploadsApi}
      statuses={STATUSES}
      permissionKey="SU"
      columns={columns}
      rowKey={idOf}
      path={SALES_UPLOAD_PATH}
      rowLink={(row) => `${SALES_UPLOAD_PATH}/view?id=${encodeURIComponent(row.id)}`}
      dateFilter={{ id: 'value_date', label: t('sales-upload:fields.value_date') }}
      filters={filters}
      extraFields={['id', 'location_id']}
      searchPlaceholder={t('sales-upload:searchPlaceholder')}
      exportFileName={t('sales-upload:exportFileName')}
      newLabel={t('sales-upload:create')}
      emptyMessage={t('sales-upload:empty')}
      toolbar={
        <>
          <Button
            variant="secondary"
            onClick={() => void salesUploadsApi.downloadTemplate(`${t('sales-upload:import.fileName')}.xlsx`)}
            data-testid="sales-upload-template"
          >
            <Icon name="download" />
            {t('sales-upload:downloadTemplate')}
          </Button>
          {can('SU', 'view') && (
            <Link
              to={`${SALES_UPLOAD_PATH}/e-point`}
              className="inline-flex items-center gap-1.5 rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
              data-testid="sales-upload-e-point"
            >
              {t('sales-upload:ePointRecords')}
            </Link>
          )}
        </>
      }
    />
  );
}
