import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  CURRENCIES,
  CatalogSubjects,
  PRODUCT_DOCUMENT_OWNER_TYPE,
  PRODUCT_IMAGE_OWNER_TYPE,
  REFERENCE_CURRENCY,
  productPricing,
  toFixedScale,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  Currency,
  ListQuery,
  ProductListRow,
  ProductPricingContext,
  ProductSnapshot,
  ProductView,
  ValidProductCoverInput,
  ValidProductInput,
} from '@scm/contracts';
import { AttachmentService, EventPublisher, ListPage, currentContext, joinUnitOfWork } from '@scm/platform';
import type { AttachmentChange } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { ItemCategoryRepository } from '../item-category/item-category.repository.js';
import { ITEM_CATEGORY } from '../item-category/item-category.service.js';
import { MasterRecordStore } from '../master/master-record-store.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import { ProductEntity } from './product.entity.js';
import { ProductException } from './product.exception.js';
import { ProductRepository } from './product.repository.js';

/**
 * The record_usage type of a product, as a user (of its category) and as a target: sales invoices, quotations
 * and consignments record their use of a product with target_id = product_code (`usage.add(manager, PRODUCT,
 * code, ...)` in catalog, or through their events), and archive and delete refuse while it is in use.
 */
export const PRODUCT = 'product';

/** Who is asking: only roles with can_see_cost read and set the cost. */
export type ProductUser = Pick<AccessTokenClaims, 'cost'>;

/** Today as `YYYY-MM-DD` (UTC), the day whose exchange rate prices a product (as settings reads "current"). */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Products (SPEC.md §3). A product records its use of its category; its images and documents are attachments
 * (owner id `product_id`) whose every upload and delete updates the product in the same transaction: the cover
 * stays one of its images, the revision grows and the snapshot (image ids and cover included) is published.
 */
@Injectable()
export class ProductService {
  private readonly store: MasterRecordStore<ProductEntity, ProductView>;

  constructor(
    private readonly products: ProductRepository,
    private readonly categories: ItemCategoryRepository,
    private readonly settings: SettingsRepository,
    private readonly usage: RecordUsageRepository,
    private readonly events: EventPublisher,
    private readonly attachments: AttachmentService,
  ) {
    this.store = new MasterRecordStore(products.dataSource, usage, {
      usageType: PRODUCT,
      errors: ProductException,
      find: (manager, code) => products.findByCode(code, manager),
      lock: (manager, code) => products.findByCodeForUpdate(manager, code),
      save: (manager, product) => products.save(manager, product),
      publishUpserted: (manager, product) => this.publishUpserted(manager, product),
      deleteAndPublish: async (manager, product) => {
        await products.delete(manager, product.product_id);
        await events.publish(manager, CatalogSubjects.ProductDeleted, {
          product_id: product.product_id,
          product_code: product.product_code,
          revision: product.revision + 1,
        });
      },
      view: (manager, product, inUse) => this.view(manager, product, inUse),
    });
    attachments.onChange(PRODUCT_IMAGE_OWNER_TYPE, (manager, change) => this.imagesChanged(manager, change));
    attachments.onChange(PRODUCT_DOCUMENT_OWNER_TYPE, (manager, change) => this.documentsChanged(manager, change));
  }

  async list(user: ProductUser, query: ListQuery): Promise<ListPage<ProductListRow>> {
    const page = await this.products.list(query, user.cost);
    const rows = page.data.map(({ search_text: _search, ...row }) => row as ProductListRow);
    return new ListPage(rows, page.recordsTotal);
  }

  get(productCode: string): Promise<ProductView> {
    return this.store.get(productCode);
  }

  /** What the form needs to show the derived prices live: today's rate of each currency and the GST options. */
  async pricingContext(): Promise<ProductPricingContext> {
    const date = today();
    const rates = await Promise.all(
      CURRENCIES.map(async (currency) => {
        if (currency === REFERENCE_CURRENCY) return { currency, rate: toFixedScale('1', 6), effective_date: null };
        const rate = await this.settings.rateOnDate(currency, date);
        return {
          currency,
          rate: rate ? toFixedScale(rate.rate, 6) : null,
          effective_date: rate?.effective_date ?? null,
        };
      }),
    );
    const { gstRates, defaultRate } = await this.gstOptions(this.settings.manager);
    return { date, rates, gst_rates: gstRates, default_gst_rate: defaultRate };
  }

  create(user: ProductUser, input: ValidProductInput): Promise<ProductView> {
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const product = {
      product_id: randomUUID(),
      product_code: input.product_code,
      default_cost: '0.00',
      cover_image_id: null,
      last_printed_date: null,
      is_printed: false,
      status: 'new',
      revision: 1,
      created_time: now,
      last_updated_time: now,
      created_by: actor,
      last_updated_by: actor,
    } as ProductEntity;
    return this.store.create(product, async (manager) => {
      if (await this.products.codeTaken(manager, input.product_code)) throw ProductException.duplicate();
      await this.apply(manager, user, product, input);
      await this.checkCategory(manager, product.category_id);
      await this.products.insert(manager, product);
      await this.usage.add(manager, ITEM_CATEGORY, product.category_id, PRODUCT, product.product_code);
    });
  }

  /** Edits everything but the code; the USD figures are derived again at today's rate. */
  update(user: ProductUser, productCode: string, input: ValidProductInput): Promise<ProductView> {
    if (input.product_code !== productCode) return Promise.reject(ProductException.idChanged());
    return this.store.change(productCode, async (manager, product) => {
      if (product.status === 'archived') throw ProductException.archived();
      const before = product.category_id;
      await this.apply(manager, user, product, input);
      if (product.category_id !== before) {
        await this.checkCategory(manager, product.category_id);
        await this.usage.remove(manager, ITEM_CATEGORY, before, PRODUCT, productCode);
        await this.usage.add(manager, ITEM_CATEGORY, product.category_id, PRODUCT, productCode);
      }
    });
  }

  /** Makes one of its images the cover (shown first, and as the list's thumbnail). */
  setCover(productCode: string, input: ValidProductCoverInput): Promise<ProductView> {
    return this.store.change(productCode, async (manager, product) => {
      if (product.status === 'archived') throw ProductException.archived();
      const images = await this.products.imageIds(manager, product.product_id);
      if (!images.includes(input.image_id)) throw ProductException.imageNotFound();
      product.cover_image_id = input.image_id;
    });
  }

  archive(productCode: string): Promise<ProductView> {
    return this.store.archive(productCode);
  }

  /** Back to active: its category must still be usable. */
  reactivate(productCode: string): Promise<ProductView> {
    return this.store.reactivate(productCode, (manager, product) => this.checkCategory(manager, product.category_id));
  }

  /** Deletes the product with its images and documents: rows in the transaction, files once it committed. */
  async delete(productCode: string): Promise<void> {
    const files = await this.store.delete(productCode, async (manager, product) => [
      ...(await this.attachments.detachAll(manager, PRODUCT_IMAGE_OWNER_TYPE, product.product_id)),
      ...(await this.attachments.detachAll(manager, PRODUCT_DOCUMENT_OWNER_TYPE, product.product_id)),
    ]);
    await this.attachments.removeFiles(files);
  }

  /**
   * An upload or delete of images (inside its transaction): the first image becomes the cover when there is
   * none, a removed cover passes to the first image left; the product's revision grows and its snapshot goes out.
   * An archived product refuses, and nothing of the upload or delete is kept.
   */
  private imagesChanged(manager: EntityManager, change: AttachmentChange): Promise<void> {
    return this.attachmentsChanged(manager, change.ownerId, async (product) => {
      const images = await this.products.imageIds(manager, product.product_id);
      if (product.cover_image_id === null || !images.includes(product.cover_image_id)) {
        product.cover_image_id = images[0] ?? null;
      }
    });
  }

  private documentsChanged(manager: EntityManager, change: AttachmentChange): Promise<void> {
    return this.attachmentsChanged(manager, change.ownerId, () => Promise.resolve());
  }

  private async attachmentsChanged(
    manager: EntityManager,
    productId: string,
    mutate: (product: ProductEntity) => Promise<void>,
  ): Promise<void> {
    const code = await this.products.codeOf(manager, productId);
    if (code === null) throw ProductException.notFound();
    // The store joins the attachment's transaction, so the rows, the product and its event commit together.
    await joinUnitOfWork(manager, () =>
      this.store.change(code, async (_manager, product) => {
        if (product.status === 'archived') throw ProductException.archived();
        await mutate(product);
      }),
    );
  }

  /** Copies the input onto the product and derives its prices (today's rate, a GST rate of the settings). */
  private async apply(
    manager: EntityManager,
    user: ProductUser,
    product: ProductEntity,
    input: ValidProductInput,
  ): Promise<void> {
    Object.assign(product, {
      product_name: input.product_name,
      alt_name: input.alt_name,
      brand: input.brand,
      width: input.width,
      height: input.height,
      diameter: input.diameter,
      weight_grams: input.weight_grams,
      time_period: input.time_period,
      country_origin: input.country_origin,
      hashtag_list: input.hashtag_list,
      description: input.description,
      native_currency: input.native_currency,
      retail_price_native: input.retail_price_native,
      discount: input.discount,
      remarks: input.remarks,
      supplier_description: input.supplier_description,
      stock_type: input.stock_type,
      category_id: input.category_id,
      permit_no: input.permit_no,
      arrival_date: input.arrival_date,
      shipout_date: input.shipout_date,
      declaration_type: input.declaration_type,
      shipping_method: input.shipping_method,
      gross_margin_scheme: input.gross_margin_scheme,
      total_tax: input.total_tax,
    } satisfies Partial<ProductEntity>);
    // A role that cannot see the cost cannot set it either: the stored cost stays (0 for a new product).
    if (user.cost && input.default_cost !== undefined) product.default_cost = input.default_cost;
    product.tax = await this.taxOf(manager, input.tax);
    const { rate, effectiveDate } = await this.rateToday(input.native_currency);
    product.exchange_rate = rate;
    product.exchange_rate_date = effectiveDate;
    Object.assign(
      product,
      productPricing({
        retail_price_native: product.retail_price_native,
        default_cost: product.default_cost,
        tax: product.tax,
        rate,
      }),
    );
  }

  /** The GST rate chosen, or the settings' default; one that is not among the settings' options is refused. */
  private async taxOf(manager: EntityManager, tax: string | undefined): Promise<string> {
    const { gstRates, defaultRate } = await this.gstOptions(manager);
    if (tax === undefined) return defaultRate;
    const chosen = toFixedScale(tax, 2);
    if (!gstRates.includes(chosen)) throw ProductException.taxRateInvalid();
    return chosen;
  }

  private async gstOptions(manager: EntityManager): Promise<{ gstRates: string[]; defaultRate: string }> {
    const settings = await this.settings.settings(manager);
    const rates = await this.settings.gstRates(manager);
    const gstRates = rates.map((rate) => toFixedScale(rate.rate, 2));
    const defaultRate = rates.find((rate) => rate.gst_rate_id === settings.default_gst_rate_id);
    return { gstRates, defaultRate: toFixedScale(defaultRate?.rate ?? '0', 2) };
  }

  /** The rate of the currency in effect today (USD: 1), or the refusal naming the currency. */
  private async rateToday(currency: Currency): Promise<{ rate: string; effectiveDate: string | null }> {
    if (currency === REFERENCE_CURRENCY) return { rate: toFixedScale('1', 6), effectiveDate: null };
    const rate = await this.settings.rateOnDate(currency, today());
    if (!rate) throw ProductException.noExchangeRate(currency);
    return { rate: toFixedScale(rate.rate, 6), effectiveDate: rate.effective_date };
  }

  /** The category is a product category and not archived (share-locked until the transaction ends). */
  private async checkCategory(manager: EntityManager, categoryId: string): Promise<void> {
    if (!(await this.categories.lockUsable(manager, 'product', categoryId))) throw ProductException.categoryInvalid();
  }

  private async publishUpserted(manager: EntityManager, product: ProductEntity): Promise<void> {
    // One after the other: a transaction's manager is one connection.
    const imageIds = await this.products.imageIds(manager, product.product_id);
    const documentIds = await this.products.documentIds(manager, product.product_id);
    const snapshot: ProductSnapshot = {
      ...this.fields(product),
      image_ids: imageIds,
      cover_image_id: product.cover_image_id,
      document_ids: documentIds,
      revision: product.revision,
      last_updated_time: product.last_updated_time.toISOString(),
    };
    await this.events.publish(manager, CatalogSubjects.ProductUpserted, snapshot);
  }

  private async view(manager: EntityManager, product: ProductEntity, inUse: boolean): Promise<ProductView> {
    const imageIds = await this.products.imageIds(manager, product.product_id);
    const documentIds = await this.products.documentIds(manager, product.product_id);
    const categoryName = await this.categories.nameOf(manager, product.category_id);
    return {
      ...this.fields(product),
      display_name: product.alt_name || product.product_name,
      category_name: categoryName,
      image_ids: imageIds,
      cover_image_id: product.cover_image_id,
      document_ids: documentIds,
      in_use: inUse,
      created_time: product.created_time.toISOString(),
      last_updated_time: product.last_updated_time.toISOString(),
      created_by: product.created_by,
      last_updated_by: product.last_updated_by,
    };
  }

  /** The stored fields every snapshot and view carries, numerics in their column's scale. */
  private fields(product: ProductEntity) {
    const scaled = (value: string | null, scale: number) => (value === null ? null : toFixedScale(value, scale));
    return {
      product_id: product.product_id,
      product_code: product.product_code,
      product_name: product.product_name,
      alt_name: product.alt_name,
      brand: product.brand,
      width: scaled(product.width, 2),
      height: scaled(product.height, 2),
      diameter: scaled(product.diameter, 2),
      weight_grams: scaled(product.weight_grams, 3),
      time_period: product.time_period,
      country_origin: product.country_origin,
      hashtag_list: [...product.hashtag_list],
      description: product.description,
      native_currency: product.native_currency,
      default_cost: toFixedScale(product.default_cost, 2),
      retail_price_native: toFixedScale(product.retail_price_native, 2),
      exchange_rate: toFixedScale(product.exchange_rate, 6),
      exchange_rate_date: product.exchange_rate_date,
      retail_price_usd: toFixedScale(product.retail_price_usd, 2),
      mark_up: scaled(product.mark_up, 2),
      discount: toFixedScale(product.discount, 2),
      tax: toFixedScale(product.tax, 2),
      retail_with_tax_usd: toFixedScale(product.retail_with_tax_usd, 2),
      remarks: product.remarks,
      supplier_description: product.supplier_description,
      stock_type: product.stock_type,
      category_id: product.category_id,
      permit_no: product.permit_no,
      arrival_date: product.arrival_date,
      shipout_date: product.shipout_date,
      declaration_type: product.declaration_type,
      shipping_method: product.shipping_method,
      gross_margin_scheme: product.gross_margin_scheme,
      total_tax: scaled(product.total_tax, 2),
      last_printed_date: product.last_printed_date,
      is_printed: product.is_printed,
      status: product.status,
    };
  }
}
