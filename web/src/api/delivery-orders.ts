import useSWR from 'swr';
import type {
  DeliveryOrderInput,
  DeliveryOrderListRow,
  DeliveryOrderReleaseChoice,
  DeliveryOrderReleaseLines,
  DeliveryOrderView,
  TransferDestination,
} from '@scm/contracts';
import { documentApi } from '../components/document/document-api';
import { currentLanguage } from '../i18n';
import { api, download } from './client';

const BASE = '/api/inventory/delivery-orders';

const base = documentApi<DeliveryOrderView, DeliveryOrderListRow, DeliveryOrderInput>('delivery-orders', BASE, {
  dayFields: ['release_date'],
  arrayFields: ['urgency', 'delivery_type', 'courier'],
});

/**
 * Delivery orders (SPEC.md §2 /delivery-order, key DO; `inventory/delivery-orders` API): IN TRANSIT → DELIVERED
 * (signed), or RETURN (undelivered, with the reason) → REDELIVERED (signed again). Deliver and redeliver carry the
 * signature drawn on the page; the signed DO downloads as a PDF.
 */
export const deliveryOrdersApi = {
  ...base,
  /** Where an internal DO from the caller's `fromLocationId` may go (every active location but it). */
  useDestinations(fromLocationId: string | undefined) {
    return useSWR<TransferDestination[], Error>(
      fromLocationId ? ['delivery-orders', 'destinations', fromLocationId] : null,
      async () =>
        (
          await api.get<TransferDestination[]>(`${BASE}/destinations/${encodeURIComponent(fromLocationId!)}`, {
            silent: true,
          })
        ).data ?? [],
      { shouldRetryOnError: false },
    );
  },
  /** The DO as it is now (outside the page's cache). */
  async fetch(id: string): Promise<DeliveryOrderView> {
    return (await api.get<DeliveryOrderView>(base.path(id), { silent: true })).data;
  },
  /** The stock releases of `fromLocationId` a DO may be made from. */
  useReleases(fromLocationId: string | undefined) {
    return useSWR<DeliveryOrderReleaseChoice[], Error>(
      fromLocationId ? ['delivery-orders', 'releases', fromLocationId] : null,
      async () =>
        (
          await api.get<DeliveryOrderReleaseChoice[]>(`${BASE}/releases/${encodeURIComponent(fromLocationId!)}`, {
            silent: true,
          })
        ).data ?? [],
      { shouldRetryOnError: false },
    );
  },
  /** One stock release's lines in the DO's shape. */
  async releaseLines(fromLocationId: string, releaseId: string): Promise<DeliveryOrderReleaseLines> {
    return (
      await api.get<DeliveryOrderReleaseLines>(
        `${BASE}/releases/${encodeURIComponent(fromLocationId)}/${encodeURIComponent(releaseId)}`,
        { loading: true },
      )
    ).data;
  },
  /** The DO as a PDF (in the page's language), saved as `fileName`. */
  async downloadPdf(id: string, fileName: string): Promise<void> {
    const blob = await download('GET', `${base.path(id, '/pdf')}?lang=${currentLanguage()}`, { loading: true });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};
