import { STOCK_ITEM_TYPES, STOCK_TAKE_MACHINE, V } from '@scm/contracts';
import type { StockTakeView } from '@scm/contracts';
import { useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { ApiError } from '../../../api/client';
import { downloadStockTakeSheet, importStockTakeCounts, stockTakesApi } from '../../../api/stock-takes';
import { clientRefusal, DocumentPage, LineGrid } from '../../../components/document';
import type { LineColumn } from '../../../components/document';
import { FormSection } from '../../../components/form';
import type { FormMode } from '../../../components/form';
import { zodResolver } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/icons';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { EMPTY, formatDateTime, formatQuantity, toNumber } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { uuid } from '../../../lib/uuid';
import { showError } from '../../../state/feedback';
import { STOCK_ADJUSTMENT_PATH } from '../paths';
import { toMilli, trimZeros } from '../stock-adjustment/batch-math';

const countSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d+(\.\d{1,3})?$/.test(value), { error: V.threeDecimal });

const formSchema = z.object({
  lines: z.array(
    z.object({
      line_no: z.number(),
      item_type: z.enum(STOCK_ITEM_TYPES),
      item_id: z.string(),
      item_name: z.string().optional(),
      uom_name: z.string(),
      counted_quantity: countSchema,
      remark: z.string().max(500),
    }),
  ),
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
type Line = FormValues['lines'][number];

function toFormValues(view: StockTakeView): FormValues {
  return {
    lines: view.lines.map((line) => ({
      line_no: line.line_no,
      item_type: line.item_type,
      item_id: line.item_id,
      item_name: line.item_name,
      uom_name: line.uom_name,
      counted_quantity: line.counted_quantity === null ? '' : trimZeros(line.counted_quantity),
      remark: line.remark ?? '',
    })),
  };
}

/** counted − system in thousandths, as text; null until both are known. */
function discrepancy(counted: string, system: string | null | undefined): number | null {
  const a = toMilli(counted);
  const b = toMilli(system ?? null);
  return a === null || b === null ? null : (a - b) / 1000;
}

/**
 * The counting sheet of a stock take (view, and edit while DRAFT or RECOUNT): the lines in the counting unit, the
 * system quantity as of the effective time (not on a blind count), the counted quantity and the discrepancy; Save
 * counts, import them from the sheet's .xlsx, download it, print it, Submit ("Count the discrepancy before
 * submitting" while a line is blank), and the linked adjustment.
 */
export function StockTakeSheet({ mode, id, readOnly }: FormMode) {
  const { t } = useTranslation();
  const can = useCan();
  const { data: document, error, isLoading } = stockTakesApi.useRecord(id);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { lines: [] },
  });
  const values = useMemo(() => (document ? toFormValues(document) : undefined), [document]);
  const lines = form.watch('lines');
  const file = useRef<HTMLInputElement>(null);
  const counting =
    !readOnly &&
    document !== undefined &&
    (STOCK_TAKE_MACHINE.editableIn as readonly string[]).includes(document.status);
  const savedOf = (line: Line) => document?.lines.find((saved) => saved.line_no === line.line_no);
  const showSystem = document?.lines.some((line) => line.system_quantity !== null) ?? false;
  const rowErrors = (form.formState.errors.lines ?? []) as unknown as (
    { counted_quantity?: { message?: string } } | undefined
  )[];

  const columns: LineColumn<Line>[] = [
    {
      id: 'category',
      header: t('stock-take:fields.category'),
      beforeQuantity: true,
      cell: (line) => <p className="pt-2 text-slate-600">{savedOf(line)?.category_name || EMPTY}</p>,
    },
    ...(showSystem
      ? [
          {
            id: 'system_quantity',
            header: t('stock-take:fields.system_quantity'),
            beforeQuantity: true,
            align: 'right' as const,
            cell: (line: Line) => (
              <p className="pt-2 tabular-nums text-slate-700" data-testid="st-system">
                {formatQuantity(savedOf(line)?.system_quantity)}
              </p>
            ),
          },
        ]
      : []),
    {
      id: 'discrepancy',
      header: t('stock-take:fields.discrepancy'),
      align: 'right',
      cell: (line) => {
        const value = counting
          ? discrepancy(line.counted_quantity, savedOf(line)?.system_quantity)
          : toNumber(savedOf(line)?.discrepancy);
        const tone =
          value === null || value === undefined
            ? 'text-slate-400'
            : value < 0
              ? 'text-red-600'
              : value > 0
                ? 'text-emerald-700'
                : 'text-slate-700';
        return (
          <p className={`pt-2 font-medium tabular-nums ${tone}`} data-testid="st-discrepancy">
            {value === null || value === undefined ? EMPTY : `${value > 0 ? '+' : ''}${formatQuantity(value)}`}
          </p>
        );
      },
    },
  ];

  const checkSubmit = (output: FormOutput) => {
    const blank = output.lines.flatMap((line, index) => (line.counted_quantity === '' ? [index] : []));
    if (blank.length === 0) return null;
    const message = t('stock-take:messages.uncounted', { count: blank.length });
    return clientRefusal(message, [
      { field: 'sheet', message },
      ...blank.map((index) => ({ field: `lines.${index}.counted_quantity`, message: t('validation:required') })),
    ]);
  };

  const save = (output: FormOutput, idempotencyKey: string) =>
    stockTakesApi.send(
      'PUT',
      document!.id,
      '/counts',
      {
        revision: document!.revision,
        lines: output.lines.map((line) => ({
          line_no: line.line_no,
          counted_quantity: line.counted_quantity === '' ? null : line.counted_quantity,
          remark: line.remark,
        })),
      },
      idempotencyKey,
    );

  const importFile = async (chosen: File) => {
    if (!document) return;
    try {
      form.reset();
      await importStockTakeCounts(document.id, document.revision, chosen, uuid());
    } catch (failure) {
      showError(failure instanceof ApiError ? failure.message : t('web:errors.generic'));
    }
  };

  const link = document?.adjustment_id ? (
    <Link
      to={`${STOCK_ADJUSTMENT_PATH}/view?id=${encodeURIComponent(document.adjustment_id)}`}
      className="font-medium text-blue-700 hover:underline"
      data-testid="st-adjustment-link"
    >
      {document.adjustment_no ?? document.adjustment_id}
    </Link>
  ) : null;

  return (
    <DocumentPage
      form={form}
      mode={mode}
      machine={STOCK_TAKE_MACHINE}
      api={stockTakesApi}
      title={t('routes:stockTake')}
      listPath="/inventory/stock-take"
      document={document}
      values={values}
      loading={Boolean(id) && isLoading}
      loadError={!id ? true : error}
      save={counting ? save : undefined}
      saveLabel={t('stock-take:saveCounts')}
      checkSubmit={checkSubmit}
      attachments={{ service: 'inventory', ownerType: 'stock-take' }}
      extraButtons={
        document && (
          <>
            <Button
              variant="secondary"
              onClick={() => void downloadStockTakeSheet(document.id, `${document.doc_no}.xlsx`)}
              data-testid="st-sheet-download"
            >
              <Icon name="download" />
              {t('stock-take:sheet.download')}
            </Button>
            {counting && can('ST', 'edit') && (
              <>
                <input
                  ref={file}
                  type="file"
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  className="hidden"
                  data-testid="st-import-file"
                  onChange={(event) => {
                    const chosen = event.target.files?.[0];
                    event.target.value = '';
                    if (chosen) void importFile(chosen);
                  }}
                />
                <Button variant="secondary" onClick={() => file.current?.click()} data-testid="st-import">
                  <Icon name="upload" />
                  {t('stock-take:sheet.import')}
                </Button>
              </>
            )}
          </>
        )
      }
      print={() =>
        document
          ? {
              title: t('stock-take:print.title'),
              docNo: document.doc_no,
              status: document.status,
              fields: [
                [t('stock-take:fields.location'), `${document.location_id} · ${document.location_name}`],
                [t('stock-take:fields.effective_time'), formatDateTime(document.effective_time)],
                [t('stock-take:fields.blind_count'), document.blind_count ? t('kit:common.yes') : t('kit:common.no')],
                [t('stock-take:fields.remark'), document.remark || EMPTY],
              ],
              table: {
                headers: [
                  { label: '#' },
                  { label: t('documents:lines.item') },
                  { label: t('stock-take:fields.category') },
                  { label: t('documents:lines.unit') },
                  ...(showSystem ? [{ label: t('stock-take:fields.system_quantity'), align: 'right' as const }] : []),
                  { label: t('stock-take:fields.counted_quantity'), align: 'right' },
                  { label: t('stock-take:fields.remark') },
                ],
                rows: document.lines.map((line) => [
                  line.line_no,
                  `${line.item_name} (${line.item_id})`,
                  line.category_name,
                  line.uom_name,
                  ...(showSystem ? [formatQuantity(line.system_quantity)] : []),
                  line.counted_quantity === null ? '' : formatQuantity(line.counted_quantity),
                  line.remark,
                ]),
              },
            }
          : null
      }
    >
      {document && (
        <FormSection title={t('stock-take:sections.header')} columns={3}>
          <Info label={t('stock-take:fields.location')} value={`${document.location_id} · ${document.location_name}`} />
          <Info label={t('stock-take:fields.effective_time')} value={formatDateTime(document.effective_time)} />
          <Info
            label={t('stock-take:fields.blind_count')}
            value={document.blind_count ? t('kit:common.yes') : t('kit:common.no')}
          />
          <Info
            label={t('stock-take:fields.counted')}
            value={t('stock-take:list.progress', {
              counted: counting
                ? lines.filter((line) => line.counted_quantity.trim() !== '').length
                : document.counted_lines,
              total: document.lines.length,
            })}
          />
          <Info label={t('stock-take:fields.adjustment')} value={link ?? EMPTY} testId="st-adjustment" />
          <Info label={t('stock-take:fields.remark')} value={document.remark || EMPTY} />
        </FormSection>
      )}
      {document?.status === 'RECOUNT' && (
        <div
          className="flex items-start gap-2 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="st-recount"
        >
          <Icon name="alert" className="mt-0.5 h-4 w-4" />
          <span>{t('stock-take:recountNote')}</span>
        </div>
      )}
      {document?.status === 'PENDING SA' && link && (
        <div
          className="flex flex-wrap items-center gap-2 rounded-md bg-blue-50 px-4 py-3 text-sm text-blue-900 ring-1 ring-blue-200"
          data-testid="st-pending"
        >
          <span>{t('stock-take:pendingNote')}</span>
          {link}
          <StatusBadge status="PENDING APPROVAL" />
        </div>
      )}
      <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="mb-3 text-sm font-semibold text-slate-800">{t('stock-take:sections.sheet')}</h2>
        {document?.blind_count && !showSystem && (
          <p className="mb-3 text-sm text-slate-500">{t('stock-take:hints.blindSheet')}</p>
        )}
        <Controller
          control={form.control}
          name="lines"
          render={({ field }) => (
            <LineGrid<Line>
              testId="st-lines"
              lines={field.value}
              readOnly={!counting}
              onChange={field.onChange}
              fixedUnit
              removable={false}
              quantity={{
                header: t('stock-take:fields.counted_quantity'),
                value: (line) => (counting ? line.counted_quantity : formatQuantity(line.counted_quantity || null)),
                set: (line, value) => ({ ...line, counted_quantity: value }),
                placeholder: t('stock-take:placeholders.count'),
              }}
              columns={columns}
              errors={lines.map((_, index) => ({ quantity: rowErrors[index]?.counted_quantity?.message }))}
            />
          )}
        />
      </section>
    </DocumentPage>
  );
}

function Info({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <p className="mb-1 text-sm font-medium text-slate-700">{label}</p>
      <p className="text-sm text-slate-900" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}
