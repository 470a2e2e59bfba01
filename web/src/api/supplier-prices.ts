import type { SupplierPriceInput, SupplierPriceUploadResult, SupplierPriceView } from '@scm/contracts';
import { i18next } from '../i18n';
import { api } from './client';
import { listSource, resourceKeys, revalidate } from './resource';

const BASE = '/api/catalog/supplier-prices';
const keys = resourceKeys('supplier-prices');

/** The key of one price row. */
export interface PriceKey {
  sku_id: string;
  supplier_id: string;
  /** One of the SKU's units by name (BAG). */
  uom_name: string;
}

const pathOf = (key: PriceKey) =>
  `${BASE}/${encodeURIComponent(key.sku_id)}/${encodeURIComponent(key.supplier_id)}/${encodeURIComponent(key.uom_name)}`;

/** Prices change the SKU too (its snapshot carries them): SKU pages revalidate as well. */
const changed = () => Promise.all([revalidate(keys.all), revalidate(['skus'])]);

/** Supplier pricing (SPEC.md §2 /supplier/price; `catalog/supplier-prices` API). */
export const supplierPricesApi = {
  keys,
  list: listSource<SupplierPriceView>(keys, `${BASE}/list`),

  /** `adding`: the user added a price (the server's PUT says "Updated" either way, so the add says "Created"). */
  async save(input: SupplierPriceInput, idempotencyKey: string, adding = false): Promise<SupplierPriceView> {
    const saved = await api.put<SupplierPriceView>(BASE, input, {
      idempotencyKey,
      silent: true,
      success: adding ? i18next.t('messages:created') : true,
      loading: true,
    });
    await changed();
    return saved.data;
  },

  async remove(key: PriceKey, idempotencyKey: string): Promise<void> {
    await api.delete<null>(pathOf(key), { idempotencyKey, success: true, loading: true });
    await changed();
  },

  templatePath: `${BASE}/upload/template`,

  /** Checks an uploaded file: what it would change (a refusal carries each row's problems). */
  async preview(file: File): Promise<SupplierPriceUploadResult> {
    return (await api.upload<SupplierPriceUploadResult>(`${BASE}/upload/preview`, file, { silent: true })).data;
  },

  /** Applies an uploaded file: every row or none. */
  async apply(file: File, idempotencyKey: string): Promise<SupplierPriceUploadResult> {
    const result = await api.upload<SupplierPriceUploadResult>(`${BASE}/upload/apply`, file, {
      idempotencyKey,
      silent: true,
      success: true,
      loading: true,
    });
    await changed();
    return result.data;
  },
};
