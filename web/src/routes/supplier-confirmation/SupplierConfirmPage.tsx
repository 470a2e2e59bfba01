import type { SupplierDecisionResult, SupplierPurchaseOrderView } from '@scm/contracts';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiError, api } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { DateTimeField } from '../../components/ui/DateTimeField';
import { isLocalDateTime, toLocalDateTime } from '../../components/ui/calendar-days';
import { TextField } from '../../components/ui/TextField';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '../../lib/format';
import { PublicLanguageSwitch } from '../public/PublicLanguageSwitch';

const PATH = '/api/procurement/supplier-confirmation';

type State =
  | { kind: 'loading' }
  | { kind: 'invalid'; message: string }
  | { kind: 'open'; order: SupplierPurchaseOrderView }
  | { kind: 'done'; result: SupplierDecisionResult };

/**
 * /supplier/confirm?token=… (issue 12): the page behind the link mailed to a purchase order's supplier, outside
 * the signed-in layout. It shows the PO as the supplier may see it and lets the supplier confirm it (another
 * delivery time, per-line available quantities) or decline it with a reason; an unusable link shows the server's
 * translated refusal. English or Chinese from the browser, with the language switch of the sign-in page.
 */
export default function SupplierConfirmPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [deliveryTime, setDeliveryTime] = useState('');
  const [available, setAvailable] = useState<Record<number, string>>({});
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Once answered, the link is used: a language switch keeps the thank-you instead of reading the link again.
  const answered = useRef(false);

  useEffect(() => {
    if (answered.current) return;
    let live = true;
    setState({ kind: 'loading' });
    api
      .get<SupplierPurchaseOrderView>(`${PATH}?token=${encodeURIComponent(token)}`, { silent: true })
      .then((envelope) => {
        if (!live) return;
        setState({ kind: 'open', order: envelope.data });
        setDeliveryTime(toLocalDateTime(envelope.data.delivery_time));
        setAvailable(Object.fromEntries(envelope.data.lines.map((line) => [line.line_id, line.quantity])));
      })
      .catch((error: unknown) => {
        if (live) setState({ kind: 'invalid', message: failure(error) });
      });
    return () => {
      live = false;
    };
    // The server's messages follow the language: read again when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, i18n.language]);

  function failure(error: unknown): string {
    return error instanceof ApiError ? error.message : t('web:errors.generic');
  }

  async function decide(path: 'confirm' | 'decline', body: object) {
    setBusy(true);
    try {
      const envelope = await api.post<SupplierDecisionResult>(`${PATH}/${path}`, { token, ...body }, { silent: true });
      answered.current = true;
      setState({ kind: 'done', result: envelope.data });
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) setState({ kind: 'invalid', message: error.message });
      else {
        const found: Record<string, string> = { form: failure(error) };
        if (error instanceof ApiError) for (const field of error.fieldErrors) found[field.field] = field.message;
        setErrors(found);
      }
    } finally {
      setBusy(false);
    }
  }

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (state.kind !== 'open') return;
    const found: Record<string, string> = {};
    if (!isLocalDateTime(deliveryTime)) found.delivery_time = t('validation:invalid');
    const lines = state.order.lines.map((line) => ({
      line_id: line.line_id,
      available_quantity: (available[line.line_id] ?? '').trim(),
    }));
    lines.forEach((line, index) => {
      if (!/^\d+(\.\d{1,3})?$/.test(line.available_quantity))
        found[`lines.${index}.available_quantity`] = t('validation:invalid');
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changed = new Date(deliveryTime).getTime() !== new Date(state.order.delivery_time).getTime();
    void decide('confirm', {
      ...(changed && { delivery_time: new Date(deliveryTime).toISOString() }),
      lines: lines.filter(
        (line, index) => Number(line.available_quantity) !== Number(state.order.lines[index].quantity),
      ),
    });
  }

  function onDecline(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setErrors({ reason: t('validation:required') });
      return;
    }
    setErrors({});
    void decide('decline', { reason: reason.trim() });
  }

  return (
    <main className="min-h-screen bg-gradient-to-br from-slate-100 to-blue-100 p-4">
      <div className="mx-auto w-full max-w-4xl rounded-xl bg-white p-6 shadow-lg sm:p-8">
        <div className="flex items-center justify-between">
          <p className="text-xs font-semibold tracking-widest text-blue-700 uppercase">{t('web:app.title')}</p>
          <PublicLanguageSwitch className="-mr-2" />
        </div>
        {state.kind === 'loading' && (
          <p role="status" className="mt-6 text-sm text-slate-600">
            {t('supplier-confirmation:loading')}
          </p>
        )}
        {state.kind === 'invalid' && (
          <>
            <h1 className="mt-1 mb-4 text-xl font-semibold text-slate-900">
              {t('supplier-confirmation:invalidTitle')}
            </h1>
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {state.message}
            </p>
          </>
        )}
        {state.kind === 'done' && (
          <p role="status" className="mt-6 rounded-md bg-green-50 px-3 py-3 text-sm text-green-800">
            {t(
              state.result.status === 'CONFIRMED BY SUPPLIER'
                ? 'supplier-confirmation:done.confirmed'
                : 'supplier-confirmation:done.declined',
              { doc_no: state.result.doc_no },
            )}
          </p>
        )}
        {state.kind === 'open' && (
          <OrderForm
            order={state.order}
            deliveryTime={deliveryTime}
            setDeliveryTime={setDeliveryTime}
            available={available}
            setAvailable={(lineId, value) => setAvailable((current) => ({ ...current, [lineId]: value }))}
            declining={declining}
            setDeclining={setDeclining}
            reason={reason}
            setReason={setReason}
            errors={errors}
            busy={busy}
            onConfirm={onConfirm}
            onDecline={onDecline}
          />
        )}
      </div>
    </main>
  );
}

interface OrderFormProps {
  order: SupplierPurchaseOrderView;
  deliveryTime: string;
  setDeliveryTime: (value: string) => void;
  available: Record<number, string>;
  setAvailable: (lineId: number, value: string) => void;
  declining: boolean;
  setDeclining: (value: boolean) => void;
  reason: string;
  setReason: (value: string) => void;
  errors: Record<string, string>;
  busy: boolean;
  onConfirm: (event: FormEvent) => void;
  onDecline: (event: FormEvent) => void;
}

function OrderForm(props: OrderFormProps) {
  const { t } = useTranslation();
  const { order, errors } = props;
  const money = (value: string) => formatMoney(value, order.currency);
  const gstLabel =
    order.gst_price_type === 'inclusive'
      ? 'supplier-confirmation:totals.gst_inclusive'
      : 'supplier-confirmation:totals.gst_exclusive';
  return (
    <>
      <h1 className="mt-1 mb-2 text-xl font-semibold text-slate-900">
        {t('supplier-confirmation:title', { doc_no: order.doc_no })}
      </h1>
      <p className="mb-4 text-sm text-slate-600">{t('supplier-confirmation:intro')}</p>
      {errors.form && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {(
          [
            ['supplier', order.supplier_name],
            ['location', [order.location_name, order.location_address].filter(Boolean).join(', ')],
            ['purchase_date', formatDate(order.purchase_date)],
            ['delivery_time', formatDateTime(order.delivery_time)],
            ...(order.external_remark ? [['external_remark', order.external_remark]] : []),
          ] as [string, string][]
        ).map(([key, value]) => (
          <div key={key}>
            <dt className="text-slate-500">{t(`supplier-confirmation:fields.${key}`)}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <form onSubmit={props.onConfirm} noValidate className="mt-6 space-y-4">
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left text-slate-500">
                <th className="py-2 pr-2">{t('supplier-confirmation:lines.no')}</th>
                <th className="py-2 pr-2">{t('supplier-confirmation:lines.item')}</th>
                <th className="py-2 pr-2 text-right">{t('supplier-confirmation:lines.quantity')}</th>
                <th className="py-2 pr-2">{t('supplier-confirmation:lines.unit')}</th>
                <th className="py-2 pr-2 text-right">{t('supplier-confirmation:lines.price')}</th>
                <th className="py-2 pr-2 text-right">{t('supplier-confirmation:lines.amount')}</th>
                <th className="py-2">{t('supplier-confirmation:lines.available')}</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line, index) => (
                <tr key={line.line_id} className="border-b align-top">
                  <td className="py-2 pr-2">{line.line_id}</td>
                  <td className="py-2 pr-2">{line.sku_name}</td>
                  <td className="py-2 pr-2 text-right">{formatQuantity(line.quantity)}</td>
                  <td className="py-2 pr-2">{line.uom_name}</td>
                  <td className="py-2 pr-2 text-right">{money(line.price_each)}</td>
                  <td className="py-2 pr-2 text-right">{money(line.amount)}</td>
                  <td className="py-1">
                    <TextField
                      label={`${t('supplier-confirmation:lines.available')} ${line.line_id}`}
                      inputMode="decimal"
                      value={props.available[line.line_id] ?? ''}
                      onChange={(event) => props.setAvailable(line.line_id, event.target.value)}
                      error={errors[`lines.${index}.available_quantity`]}
                      disabled={props.busy}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="text-slate-700">
              <tr>
                <td colSpan={5} className="pt-2 pr-2 text-right">
                  {t('supplier-confirmation:totals.subtotal')}
                </td>
                <td className="pt-2 pr-2 text-right">{money(order.order_subtotal)}</td>
              </tr>
              <tr>
                <td colSpan={5} className="pr-2 text-right">
                  {t(gstLabel, { rate: Number(order.gst_rate) })}
                </td>
                <td className="pr-2 text-right">{money(order.order_gst)}</td>
              </tr>
              <tr className="font-semibold text-slate-900">
                <td colSpan={5} className="pr-2 text-right">
                  {t('supplier-confirmation:totals.total')}
                </td>
                <td className="pr-2 text-right">{money(order.order_total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p className="text-xs text-slate-500">{t('supplier-confirmation:confirm.availableHint')}</p>
        <div className="max-w-sm">
          <DateTimeField
            label={t('supplier-confirmation:confirm.deliveryTime')}
            value={props.deliveryTime}
            onChange={props.setDeliveryTime}
            error={errors.delivery_time}
            hint={t('supplier-confirmation:confirm.deliveryHint')}
            required
            disabled={props.busy}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={props.busy}>
            {t('supplier-confirmation:confirm.submit')}
          </Button>
          {!props.declining && (
            <Button variant="ghost" onClick={() => props.setDeclining(true)} disabled={props.busy}>
              {t('supplier-confirmation:decline.open')}
            </Button>
          )}
        </div>
      </form>
      {props.declining && (
        <form onSubmit={props.onDecline} noValidate className="mt-6 space-y-3 border-t pt-4">
          <h2 className="text-base font-semibold text-slate-900">{t('supplier-confirmation:decline.title')}</h2>
          <TextField
            label={t('supplier-confirmation:decline.reason')}
            required
            maxLength={1000}
            value={props.reason}
            onChange={(event) => props.setReason(event.target.value)}
            error={errors.reason}
            disabled={props.busy}
          />
          <Button type="submit" variant="danger" disabled={props.busy}>
            {t('supplier-confirmation:decline.submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-xs text-slate-500">
        {t('supplier-confirmation:fields.expires', { time: formatDateTime(order.link_expires_at) })}
      </p>
    </>
  );
}
