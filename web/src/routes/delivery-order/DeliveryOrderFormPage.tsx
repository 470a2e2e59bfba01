import {
  DELIVERY_COURIERS,
  DELIVERY_ORDER_MACHINE,
  DELIVERY_ORDER_SIGNED_ACTIONS,
  DELIVERY_TYPES,
  TRANSFER_URGENCIES,
  V,
  deliveryOrderLineInputSchema,
  isoDateSchema,
} from '@scm/contracts';
import type { DeliveryOrderAction, DeliveryOrderInput, DeliveryOrderView } from '@scm/contracts';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { deliveryOrdersApi } from '../../api/delivery-orders';
import { useSession } from '../../api/session';
import { useStockAtLines } from '../../api/stock-items';
import { DocumentPage, LineGrid, clientRefusal, itemKey, useDocumentLocations } from '../../components/document';
import type { DocumentActionsApi } from '../../components/document';
import {
  ControlledSelect,
  FormSection,
  SignaturePad,
  useFieldProps,
  useFormMode,
  zodResolver,
} from '../../components/form';
import type { FormMode } from '../../components/form';
import { Button } from '../../components/ui/Button';
import { DateField } from '../../components/ui/DateField';
import { Select } from '../../components/ui/Select';
import { TagInput } from '../../components/ui/TagInput';
import { TextField } from '../../components/ui/TextField';
import { formatDate, formatDateTime, formatQuantity, isoDate } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { DELIVERY_ORDER_PATH } from './paths';
import { useSignerDialog } from './SignerDialog';

/**
 * The form: the contract's input (deliveryOrderInputSchema) with each line also carrying the item's name for the
 * grid (never sent). The destination rules (a location for an internal delivery, a customer and a courier for an
 * external one) are the contract's, repeated here so the message lands under the field before anything is sent.
 */
const formSchema = z
  .object({
    from_location_id: z.string().trim().min(1, { error: V.required }),
    delivery_type: z.enum(DELIVERY_TYPES, { error: V.required }),
    to_location_id: z.string(),
    customer_name: z.string().trim().max(200, { error: V.maxLength }),
    to_address: z.string().trim().max(500, { error: V.maxLength }),
    courier: z.string(),
    official_id: z.string().trim().max(100, { error: V.maxLength }),
    release_date: isoDateSchema,
    urgency: z.enum(TRANSFER_URGENCIES, { error: V.required }),
    invoice_no: z.string().trim().max(100, { error: V.maxLength }),
    sar_ref_list: z.array(z.string()),
    stock_release_id: z.string(),
    internal_remark: z.string().trim().max(1000, { error: V.maxLength }),
    stock_release_list: z
      .array(deliveryOrderLineInputSchema.extend({ item_name: z.string().optional() }))
      .min(1, { error: V.required })
      .max(500),
  })
  .superRefine((values, ctx) => {
    if (values.delivery_type === 'INTERNAL' && !values.to_location_id) {
      ctx.addIssue({ code: 'custom', message: V.required, path: ['to_location_id'] });
    }
    if (values.delivery_type === 'EXTERNAL') {
      if (!values.customer_name) ctx.addIssue({ code: 'custom', message: V.required, path: ['customer_name'] });
      if (!values.courier) ctx.addIssue({ code: 'custom', message: V.required, path: ['courier'] });
    }
  });
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
type Line = FormValues['stock_release_list'][number];

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const trimZeros = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

function toFormValues(view: DeliveryOrderView): FormValues {
  return {
    from_location_id: view.from_location_id,
    delivery_type: view.delivery_type,
    to_location_id: view.to_location_id ?? '',
    customer_name: view.customer_name,
    to_address: view.to_address,
    courier: view.courier ?? '',
    official_id: view.official_id,
    release_date: view.release_date,
    urgency: view.urgency,
    invoice_no: view.invoice_no,
    sar_ref_list: view.sar_ref_list,
    stock_release_id: view.stock_release_id ?? '',
    internal_remark: view.internal_remark,
    stock_release_list: view.stock_release_list.map((line) => ({
      item_type: line.item_type,
      item_id: line.item_id,
      item_name: line.item_name,
      uom_name: line.uom_name,
      release_quantity: trimZeros(line.release_quantity),
      remark: line.remark ?? '',
    })),
  };
}

function toInput(values: FormOutput, revision?: number): DeliveryOrderInput {
  const internal = values.delivery_type === 'INTERNAL';
  return {
    from_location_id: values.from_location_id,
    delivery_type: values.delivery_type,
    to_location_id: internal ? values.to_location_id : null,
    customer_name: values.customer_name,
    to_address: values.to_address,
    courier: internal ? null : ((values.courier || null) as DeliveryOrderInput['courier']),
    official_id: values.official_id,
    release_date: values.release_date,
    urgency: values.urgency,
    invoice_no: values.invoice_no,
    sar_ref_list: values.sar_ref_list,
    stock_release_id: values.stock_release_id || null,
    internal_remark: values.internal_remark,
    stock_release_list: values.stock_release_list.map(({ item_name: _name, ...line }) => line),
    ...(revision !== undefined && { revision }),
  };
}

/**
 * /delivery-order/{type}: a delivery order — new (by hand or from a stock release), edit while in transit, view
 * with its actions: the driver or receiver signs on the pad (a phone's width is enough) to confirm delivery, or it is
 * marked undelivered with the reason and redelivered later, signed again. The signed DO downloads as a PDF.
 */
export default function DeliveryOrderFormPage() {
  const mode = useFormMode();
  return <DeliveryOrderForm key={mode.formKey} {...mode} />;
}

function DeliveryOrderForm({ mode, id, readOnly }: FormMode) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const can = useCan();
  const isNewDoc = mode === 'new' || mode === 'create' || mode === 'clone';
  const {
    data: record,
    error,
    isLoading,
  } = deliveryOrdersApi.useRecord(mode === 'new' || mode === 'create' ? undefined : id);
  const document = isNewDoc ? undefined : record;
  const locations = useDocumentLocations();
  const [signature, setSignature] = useState<string | null>(null);
  const [askSigner, signerDialog] = useSignerDialog();
  const [signatureError, setSignatureError] = useState<string | undefined>();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      from_location_id: user?.locations.length === 1 && user.locations[0] !== '*' ? user.locations[0] : '',
      delivery_type: 'INTERNAL',
      to_location_id: '',
      customer_name: '',
      to_address: '',
      courier: '',
      official_id: '',
      release_date: isoDate(new Date()),
      urgency: 'MEDIUM',
      invoice_no: '',
      sar_ref_list: [],
      stock_release_id: '',
      internal_remark: '',
      stock_release_list: [],
    },
  });
  const bind = useFieldProps(form, readOnly);
  const values = useMemo(() => (record ? toFormValues(record) : undefined), [record]);
  const fromId = form.watch('from_location_id');
  const deliveryType = form.watch('delivery_type');
  const releaseId = form.watch('stock_release_id');
  const lines = form.watch('stock_release_list');
  const editing = !readOnly && (document === undefined || document.status === 'IN TRANSIT');
  const { data: stock } = useStockAtLines(editing && fromId ? fromId : undefined, lines);
  const { data: destinations } = deliveryOrdersApi.useDestinations(editing && fromId ? fromId : undefined);
  const { data: releases } = deliveryOrdersApi.useReleases(editing && fromId ? fromId : undefined);
  const chinese = i18n.language === 'zh-CN';
  const signMessage = t('errors:INVENTORY_DELIVERY_SIGNATURE_REQUIRED');

  /** Signing is offered where it can happen now: a new or in-transit DO, or one returned for redelivery. */
  const signable =
    can('DO', 'edit') &&
    (editing ||
      (document !== undefined &&
        document.available_actions.some((action) => action === 'redeliver' || action === 'deliver')));

  const locationOptions = useMemo(() => {
    const options = [{ value: '', label: t('delivery-order:placeholders.location') }, ...locations.options];
    if (record && !options.some((option) => option.value === record.from_location_id)) {
      options.push({
        value: record.from_location_id,
        label: `${record.from_location_id} · ${record.from_location_name}`,
      });
    }
    return options;
  }, [locations.options, record, t]);
  const destinationOptions = useMemo(() => {
    const options = [
      { value: '', label: t('delivery-order:placeholders.location') },
      ...(destinations ?? []).map((row) => ({
        value: row.location_id,
        label: `${row.location_id} · ${row.location_name}`,
      })),
    ];
    if (record?.to_location_id && !options.some((option) => option.value === record.to_location_id)) {
      options.push({
        value: record.to_location_id,
        label: `${record.to_location_id} · ${record.to_location_name ?? ''}`,
      });
    }
    return options;
  }, [destinations, record, t]);
  const releaseOptions = useMemo(() => {
    const options = [
      { value: '', label: t('delivery-order:placeholders.release') },
      ...(releases ?? []).map((row) => ({
        value: row.id,
        label: `${row.sr_no} → ${row.to_location_name ?? '—'} · ${formatDate(row.release_date)}`,
      })),
    ];
    if (record?.stock_release_id && !options.some((option) => option.value === record.stock_release_id)) {
      options.push({ value: record.stock_release_id, label: record.sar_ref_list[0] ?? record.stock_release_id });
    }
    return options;
  }, [releases, record, t]);

  /** A stock release picked: its lines fill the list, its destination the DO's, its number the references. */
  const pickRelease = async (picked: string) => {
    form.setValue('stock_release_id', picked, { shouldDirty: true });
    if (!picked || !fromId) return;
    const release = await deliveryOrdersApi.releaseLines(fromId, picked);
    if (release.to_location_id) {
      form.setValue('delivery_type', 'INTERNAL', { shouldDirty: true });
      form.setValue('to_location_id', release.to_location_id, { shouldDirty: true });
    } else {
      // A release to a customer: an external delivery (the courier is still to choose).
      form.setValue('delivery_type', 'EXTERNAL', { shouldDirty: true });
      form.setValue('customer_name', release.customer_name, { shouldDirty: true });
      if (release.delivery_address) form.setValue('to_address', release.delivery_address, { shouldDirty: true });
    }
    if (release.invoice_no) form.setValue('invoice_no', release.invoice_no, { shouldDirty: true });
    form.setValue('urgency', release.urgency, { shouldDirty: true });
    const refs = form.getValues('sar_ref_list');
    if (!refs.includes(release.sr_no)) form.setValue('sar_ref_list', [release.sr_no, ...refs], { shouldDirty: true });
    form.setValue(
      'stock_release_list',
      release.lines.map((line) => ({
        item_type: line.item_type,
        item_id: line.item_id,
        item_name: line.item_name,
        uom_name: line.uom_name,
        release_quantity: line.release_quantity,
        remark: line.remark,
      })),
      { shouldDirty: true, shouldValidate: true },
    );
  };

  const rowErrors = (form.formState.errors.stock_release_list ?? []) as unknown as (
    Record<string, { message?: string } | undefined> | undefined
  )[];
  const errors = lines.map((_, index) => {
    const row = Array.isArray(rowErrors) ? rowErrors[index] : undefined;
    return row
      ? { item_id: row.item_id?.message, uom_name: row.uom_name?.message, quantity: row.release_quantity?.message }
      : undefined;
  });
  const listError = (form.formState.errors.stock_release_list as { message?: string } | undefined)?.message;

  const save = (output: FormOutput, idempotencyKey: string) =>
    document
      ? deliveryOrdersApi.update(document.id, toInput(output, document.revision), idempotencyKey)
      : deliveryOrdersApi.create(toInput(output), idempotencyKey);

  /** SPEC.md §8 signError: confirming delivery needs the signature (the server refuses too, with the same text). */
  const unsigned = () => {
    setSignatureError(signMessage);
    return clientRefusal(signMessage, [{ field: 'signature', message: signMessage }]);
  };

  const actionsApi: DocumentActionsApi<DeliveryOrderView> = {
    reload: (docId) => deliveryOrdersApi.reload(docId),
    action: async (docId, action, body, key) => {
      if (!DELIVERY_ORDER_SIGNED_ACTIONS.includes(action as DeliveryOrderAction)) {
        return deliveryOrdersApi.action(docId, action, body, key);
      }
      if (!signature) throw unsigned();
      // Who signed on the pad: asked once signed; cancelled, nothing is sent.
      const signedBy = await askSigner({
        title: t(`documents:actions.${action}`),
        confirmLabel: t(`documents:actions.${action}`),
        name: user?.employee_name ?? '',
      });
      if (signedBy === null) return document ?? deliveryOrdersApi.fetch(docId);
      return deliveryOrdersApi.action(
        docId,
        action,
        { ...body, signature, signed_by_name: signedBy } as typeof body,
        key,
      );
    },
  };

  const pdfButton = document && (
    <Button
      variant="secondary"
      onClick={() =>
        void deliveryOrdersApi.downloadPdf(document.id, t('delivery-order:pdf.fileName', { no: document.doc_no }))
      }
      data-testid="do-pdf"
    >
      {t('delivery-order:pdf.download')}
    </Button>
  );

  const toText = (view: DeliveryOrderView) =>
    view.delivery_type === 'INTERNAL'
      ? `${view.to_location_id ?? ''} · ${view.to_location_name ?? ''}`
      : [view.customer_name, view.to_address].filter(Boolean).join(', ');

  return (
    <DocumentPage
      form={form}
      mode={mode}
      machine={DELIVERY_ORDER_MACHINE}
      api={actionsApi}
      title={t('routes:deliveryOrder')}
      listPath={DELIVERY_ORDER_PATH}
      document={document}
      values={isNewDoc ? undefined : values}
      loading={!isNewDoc && Boolean(id) && isLoading}
      loadError={!isNewDoc && !id ? true : error}
      save={save}
      saveLabel={t('kit:form.save')}
      checkSubmit={() => (signature ? null : unsigned())}
      attachments={{ service: 'inventory', ownerType: 'delivery-order' }}
      extraButtons={pdfButton}
      banner={
        document?.status === 'RETURN' && document.return_reason ? (
          <div
            className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
            data-testid="do-return-reason"
          >
            {t('delivery-order:hints.returned', { reason: document.return_reason })}
          </div>
        ) : null
      }
      print={() =>
        document
          ? {
              title: t('routes:deliveryOrder'),
              docNo: document.doc_no,
              status: document.status,
              fields: [
                [t('delivery-order:fields.official_id'), document.official_id || '—'],
                [t('delivery-order:fields.from'), `${document.from_location_id} · ${document.from_location_name}`],
                [t('delivery-order:fields.to'), toText(document) || '—'],
                [t('delivery-order:fields.courier'), document.courier ?? '—'],
                [t('delivery-order:fields.release_date'), formatDate(document.release_date)],
                [t('delivery-order:fields.urgency'), t(`delivery-order:urgencies.${document.urgency}`)],
                [t('delivery-order:fields.invoice_no'), document.invoice_no || '—'],
                [t('delivery-order:fields.sar_ref_list'), document.sar_ref_list.join(', ') || '—'],
                [t('delivery-order:fields.internal_remark'), document.internal_remark || '—'],
                [
                  t('delivery-order:fields.signed_by_name'),
                  document.signed_time
                    ? t('delivery-order:signed', {
                        name: document.signed_by_name ?? '',
                        time: formatDateTime(document.signed_time),
                      })
                    : t('delivery-order:notSigned'),
                ],
              ],
              table: {
                headers: [
                  { label: '#' },
                  { label: t('documents:lines.item') },
                  { label: t('documents:lines.unit') },
                  { label: t('delivery-order:fields.release_quantity'), align: 'right' },
                  { label: t('delivery-order:fields.remark') },
                ],
                rows: document.stock_release_list.map((line) => [
                  line.line_no,
                  `${line.item_name} (${line.item_id})`,
                  line.uom_name,
                  formatQuantity(line.release_quantity),
                  line.remark || '—',
                ]),
              },
              notes: document.signature ? (
                <img
                  src={document.signature}
                  alt={t('delivery-order:fields.signature')}
                  className="h-20 object-contain"
                  data-testid="do-print-signature"
                />
              ) : undefined,
            }
          : null
      }
    >
      <FormSection title={t('delivery-order:sections.header')} columns={3}>
        <ControlledSelect
          {...bind.select('from_location_id', t('delivery-order:fields.from'), { required: true })}
          disabled={readOnly || lines.length > 0 || document !== undefined}
          options={locationOptions}
          data-testid="do-from"
        />
        {isNewDoc && editing && (
          <Select
            label={t('delivery-order:fields.stock_release')}
            value={releaseId}
            onChange={(value: string) => void pickRelease(value)}
            options={releaseOptions}
            disabled={!fromId}
            hint={t('delivery-order:hints.fromRelease')}
            data-testid="do-release"
          />
        )}
        <TextField {...bind.text('official_id', t('delivery-order:fields.official_id'))} data-testid="do-official" />
        <ControlledSelect
          {...bind.select('delivery_type', t('delivery-order:fields.delivery_type'), { required: true })}
          options={DELIVERY_TYPES.map((value) => ({ value, label: t(`delivery-order:types.${value}`) }))}
          data-testid="do-type"
        />
        {deliveryType === 'INTERNAL' ? (
          <ControlledSelect
            {...bind.select('to_location_id', t('delivery-order:fields.to'), { required: true })}
            options={destinationOptions}
            data-testid="do-to"
          />
        ) : (
          <>
            <TextField
              {...bind.text('customer_name', t('delivery-order:fields.customer_name'), { required: true })}
              data-testid="do-customer"
            />
            <ControlledSelect
              {...bind.select('courier', t('delivery-order:fields.courier'), { required: true })}
              options={[
                { value: '', label: t('delivery-order:placeholders.courier') },
                // The field is a plain string (blank until chosen): the options' values widened to match.
                ...DELIVERY_COURIERS.map((value): { value: string; label: string } => ({ value, label: value })),
              ]}
              data-testid="do-courier"
            />
          </>
        )}
        <TextField {...bind.text('to_address', t('delivery-order:fields.to_address'))} data-testid="do-address" />
        <DateField {...bind.text('release_date', t('delivery-order:fields.release_date'), { required: true })} />
        <ControlledSelect
          {...bind.select('urgency', t('delivery-order:fields.urgency'), { required: true })}
          options={TRANSFER_URGENCIES.map((value) => ({ value, label: t(`delivery-order:urgencies.${value}`) }))}
          data-testid="do-urgency"
        />
        <TextField {...bind.text('invoice_no', t('delivery-order:fields.invoice_no'))} data-testid="do-invoice" />
        <Controller
          control={form.control}
          name="sar_ref_list"
          render={({ field }) => (
            <TagInput
              label={t('delivery-order:fields.sar_ref_list')}
              value={field.value}
              onChange={field.onChange}
              disabled={!editing}
              maxLength={100}
              placeholder={t('delivery-order:fields.sar_ref_hint')}
              data-testid="do-sar-refs"
            />
          )}
        />
        <TextField {...bind.text('internal_remark', t('delivery-order:fields.internal_remark'))} />
      </FormSection>

      <section className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
        <h2 className="mb-3 text-sm font-semibold text-slate-800">{t('delivery-order:sections.lines')}</h2>
        {editing && !fromId && <p className="mb-3 text-sm text-slate-500">{t('delivery-order:hints.locationFirst')}</p>}
        <Controller
          control={form.control}
          name="stock_release_list"
          render={({ field }) => (
            <LineGrid<Line>
              testId="do-lines"
              lines={field.value}
              readOnly={!editing || !fromId}
              onChange={(next) => field.onChange(next)}
              newLine={(item) => ({
                item_type: item.item_type,
                item_id: item.item_id,
                item_name: (chinese && item.ch_display_name) || item.item_name,
                uom_name: item.uom_name,
                release_quantity: '',
                remark: '',
              })}
              unitsOf={(line) => stock?.get(itemKey(line))?.uom_list}
              quantity={{
                header: t('delivery-order:fields.release_quantity'),
                value: (line) => (editing ? text(line.release_quantity) : formatQuantity(text(line.release_quantity))),
                set: (line, value) => ({ ...line, release_quantity: value }),
                placeholder: t('delivery-order:placeholders.quantity'),
              }}
              errors={errors}
              listError={listError}
            />
          )}
        />
      </section>

      <section
        className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
        data-testid="do-signature-section"
      >
        <h2 className="mb-3 text-sm font-semibold text-slate-800">{t('delivery-order:sections.signature')}</h2>
        {signable ? (
          <div className="max-w-xl">
            <div>
              <SignaturePad
                label={t('delivery-order:fields.signature')}
                value={signature}
                onChange={(next) => {
                  setSignature(next);
                  if (next) setSignatureError(undefined);
                }}
                required
                typedName={user?.employee_name}
                error={signatureError}
                data-testid="do-signature"
              />
              <p className="mt-1 text-xs text-slate-500">{t('delivery-order:hints.sign')}</p>
            </div>
          </div>
        ) : (
          <div>
            <SignaturePad
              label={t('delivery-order:fields.signature')}
              value={document?.signature ?? null}
              onChange={() => undefined}
              readOnly
              data-testid="do-signature"
            />
            <p className="mt-1 text-xs text-slate-500" data-testid="do-signed">
              {document?.signed_time
                ? t('delivery-order:signed', {
                    name: document.signed_by_name ?? '',
                    time: formatDateTime(document.signed_time),
                  })
                : t('delivery-order:notSigned')}
            </p>
          </div>
        )}
      </section>
      {signerDialog}
    </DocumentPage>
  );
}
