import { Injectable } from '@nestjs/common';
import { PRICE_FIELDS, businessDate } from '@scm/contracts';
import type { ListQuery, SupplierPriceView, ValidSupplierPriceInput } from '@scm/contracts';
import { ListPage, currentContext, stampChange } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { SkuException } from '../sku/sku.exception.js';
import { SkuService } from '../sku/sku.service.js';
import type { SupplierPriceEntity } from './supplier-price.entity.js';
import { SupplierPriceException } from './supplier-price.exception.js';
import { SupplierPriceRepository } from './supplier-price.repository.js';
import type { PriceKey } from './supplier-price.repository.js';

type PriceValues = Pick<SupplierPriceEntity, (typeof PRICE_FIELDS)[number]>;

/**
 * Supplier pricing (SPEC.md §2 /supplier/price): the current price of a SKU from a supplier per UOM and up to
 * two future prices with the dates they apply. Prices belong to the SKU aggregate: every change goes through
 * `SkuService.changePrices`, which locks the SKU, bumps its revision and republishes its snapshot (prices
 * included), so replicas see prices and SKU in one ordered stream.
 */
@Injectable()
export class SupplierPriceService {
  constructor(
    private readonly prices: SupplierPriceRepository,
    private readonly skus: SkuService,
  ) {}

  async list(query: ListQuery): Promise<ListPage<SupplierPriceView>> {
    const page = await this.prices.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  async get(key: PriceKey): Promise<SupplierPriceView> {
    const view = await this.prices.view(key);
    if (!view) throw SupplierPriceException.notFound();
    return view;
  }

  /** Creates or replaces the prices of one supplier × SKU × UOM. */
  async save(input: ValidSupplierPriceInput): Promise<SupplierPriceView> {
    const key: PriceKey = { sku_id: input.sku_id, supplier_id: input.supplier_id, uom_name: input.uom_name };
    checkFutureDates(input, businessDate());
    await this.skus.changePrices(input.sku_id, async (manager, sku) => {
      if (sku.status === 'archived') throw SkuException.archived();
      key.uom_name = await this.write(manager, key, input);
    });
    return this.get(key);
  }

  async delete(key: PriceKey): Promise<void> {
    await this.skus.changePrices(key.sku_id, async (manager) => {
      if (!(await this.prices.find(manager, key))) throw SupplierPriceException.notFound();
      await this.prices.delete(manager, key);
    });
  }

  /**
   * Future prices whose date has come become current (SPEC.md issue 5): future price 1 replaces the current
   * one and future price 2 moves up; both when both are due. Idempotent: run as often as wanted.
   * Returns the SKUs changed.
   */
  async promoteDue(today: string = businessDate()): Promise<string[]> {
    const skuIds = await this.prices.skusWithDuePrices(today);
    for (const skuId of skuIds) {
      await this.skus.changePrices(skuId, async (manager) => {
        for (const price of await this.prices.dueOf(manager, skuId, today)) {
          promote(price, today);
          stampChange(price);
          await this.prices.save(manager, price);
        }
      });
    }
    return skuIds;
  }

  /**
   * Writes one price row inside the SKU's change (the caller holds the SKU's lock); the unit may be given in any
   * case. Answers the unit as the SKU spells it.
   */
  async write(manager: EntityManager, given: PriceKey, values: PriceValues): Promise<string> {
    const references = await this.prices.references(manager, given);
    if (!references.supplierListed) throw SupplierPriceException.supplierNotListed();
    if (references.unit === null) throw SupplierPriceException.uomNotListed();
    const key: PriceKey = { ...given, uom_name: references.unit };
    const existing = await this.prices.find(manager, key);
    const actor = currentContext()?.actor ?? null;
    const now = new Date();
    const price: SupplierPriceEntity = existing ?? {
      ...values,
      ...key,
      revision: 0,
      created_time: now,
      last_updated_time: now,
      created_by: actor,
      last_updated_by: actor,
    };
    Object.assign(price, pickPrices(values));
    stampChange(price);
    await this.prices.save(manager, price);
    return key.uom_name;
  }
}

export function pickPrices(values: PriceValues): PriceValues {
  return {
    current_price: values.current_price,
    future_price_1: values.future_price_1,
    future_price_1_date: values.future_price_1_date,
    future_price_2: values.future_price_2,
    future_price_2_date: values.future_price_2_date,
  };
}

/** Future prices apply after today (SPEC.md §5); the form says so on the date's field. */
export function checkFutureDates(values: PriceValues, today: string): void {
  if (values.future_price_1_date !== null && values.future_price_1_date <= today)
    throw SupplierPriceException.dateNotAfterToday('future_price_1_date');
  if (values.future_price_2_date !== null && values.future_price_2_date <= today)
    throw SupplierPriceException.dateNotAfterToday('future_price_2_date');
}

/** Moves due future prices into the current one, in date order. */
export function promote(price: PriceValues, today: string): void {
  while (price.future_price_1 !== null && price.future_price_1_date !== null && price.future_price_1_date <= today) {
    price.current_price = price.future_price_1;
    price.future_price_1 = price.future_price_2;
    price.future_price_1_date = price.future_price_2_date;
    price.future_price_2 = null;
    price.future_price_2_date = null;
  }
}
