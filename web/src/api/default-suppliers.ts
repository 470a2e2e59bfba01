import type { DefaultSupplierInput, DefaultSupplierListRow, DefaultSupplierView } from '@scm/contracts';
import useSWR from 'swr';
import { api } from './client';
import { listSource, resourceKeys, revalidate } from './resource';

const BASE = '/api/catalog/default-suppliers';
const keys = resourceKeys('default-suppliers');
const pathOf = (skuId: string) => `${BASE}/${encodeURIComponent(skuId)}`;

/** Default suppliers per SKU and per location (SPEC.md §2 /supplier/defaultSupplier). */
export const defaultSuppliersApi = {
  keys,
  list: listSource<DefaultSupplierListRow>(keys, `${BASE}/list`),

  useRecord(skuId: string | undefined) {
    return useSWR<DefaultSupplierView, Error>(skuId ? keys.detail(skuId) : null, async () => {
      return (await api.get<DefaultSupplierView>(pathOf(skuId!), { silent: true })).data;
    });
  },

  /** Also part of the SKU (and of the pricing list's default flag): those revalidate too. */
  async save(skuId: string, input: DefaultSupplierInput, idempotencyKey: string): Promise<DefaultSupplierView> {
    const saved = await api.put<DefaultSupplierView>(pathOf(skuId), input, {
      idempotencyKey,
      silent: true,
      success: true,
      loading: true,
    });
    await Promise.all([revalidate(keys.all), revalidate(['skus']), revalidate(['supplier-prices'])]);
    return saved.data;
  },
};
