import { PRODUCT_DOCUMENT_OWNER_TYPE, PRODUCT_IMAGE_OWNER_TYPE } from '@scm/contracts';
import type { ProductInput, ProductListRow, ProductPricingContext, ProductView } from '@scm/contracts';
import useSWR, { mutate } from 'swr';
import { attachmentUrl } from './attachments';
import type { AttachmentOwner } from './attachments';
import { api } from './client';
import { masterDataApi } from './master-data';
import { revalidate } from './resource';

/**
 * Products (SPEC.md §2 /PLUSKU/product-management and /product/overview; `catalog/products` API, either key);
 * the id is the product code. Images and documents are attachments of the product's `product_id`.
 */
export const productsApi = masterDataApi<ProductView, ProductListRow, ProductInput>(
  'products',
  '/api/catalog/products',
  (product) => product.product_code,
);

/** The owner of a product's images / documents in the attachments API. */
export const productImagesOwner = (productId: string): AttachmentOwner => ({
  service: 'catalog',
  ownerType: PRODUCT_IMAGE_OWNER_TYPE,
  ownerId: productId,
});
export const productDocumentsOwner = (productId: string): AttachmentOwner => ({
  service: 'catalog',
  ownerType: PRODUCT_DOCUMENT_OWNER_TYPE,
  ownerId: productId,
});

/** The address of one image (thumbnails and the gallery: the browser sends the session cookie). */
export function productImageUrl(productId: string, imageId: string): string {
  return attachmentUrl(productImagesOwner(productId), imageId);
}

/** Today's exchange rates and the GST options, for the form's live USD figures. */
export function useProductPricingContext() {
  return useSWR<ProductPricingContext, Error>(
    [...productsApi.keys.all, 'pricing-context'],
    async () => (await api.get<ProductPricingContext>('/api/catalog/products/pricing-context')).data,
    { shouldRetryOnError: false },
  );
}

/** Images or documents changed (upload, delete): the product's revision, image ids and cover changed with them. */
export async function productFilesChanged(productCode: string): Promise<void> {
  await Promise.all([mutate(productsApi.keys.detail(productCode)), revalidate(productsApi.keys.lists())]);
}

/** Makes one of its images the cover. */
export async function setProductCover(
  productCode: string,
  imageId: string,
  idempotencyKey: string,
): Promise<ProductView> {
  const response = await api.put<ProductView>(
    `/api/catalog/products/${encodeURIComponent(productCode)}/cover`,
    { image_id: imageId },
    { idempotencyKey, success: true, loading: true },
  );
  await Promise.all([
    mutate(productsApi.keys.detail(productCode), response.data, { revalidate: false }),
    revalidate(productsApi.keys.lists()),
  ]);
  return response.data;
}
