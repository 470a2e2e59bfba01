import { Injectable } from '@nestjs/common';
import { CatalogErrorCode, CommonErrorCode } from '@scm/contracts';
import type { DefaultSupplierListRow, DefaultSupplierView, ListQuery, ValidDefaultSupplierInput } from '@scm/contracts';
import { AppException, ListPage, assertLocationsInScope, scopeIds } from '@scm/platform';
import type { FieldProblem, LocationScope } from '@scm/platform';
import { SkuException } from '../sku/sku.exception.js';
import { SkuService } from '../sku/sku.service.js';
import { DefaultSupplierRepository } from './default-supplier.repository.js';

/**
 * Default suppliers (SPEC.md §2 /supplier/defaultSupplier): which of a SKU's suppliers orders go to, and the locations
 * that buy it from another one. The SKU-wide default is master data every user of the key shares; the per-location rows
 * belong to their location (docs/architecture.md, "Access rules"): a user sees, counts and replaces only the rows of
 * their own locations (the others stay as they are), and naming another location is refused (403). Both are part of the
 * SKU aggregate, so a change goes through `SkuService.changePrices` (SKU lock, revision, snapshot with the per-location
 * suppliers).
 */
@Injectable()
export class DefaultSupplierService {
  constructor(
    private readonly defaults: DefaultSupplierRepository,
    private readonly skus: SkuService,
  ) {}

  async list(query: ListQuery, scope: LocationScope): Promise<ListPage<DefaultSupplierListRow>> {
    const page = await this.defaults.list(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  async get(skuId: string, scope: LocationScope): Promise<DefaultSupplierView> {
    const view = await this.defaults.view(skuId, scope);
    if (!view) throw SkuException.notFound();
    return view;
  }

  /** Replaces the SKU's default supplier and its per-location suppliers; each bad one is named on its field. */
  async save(skuId: string, input: ValidDefaultSupplierInput, scope: LocationScope): Promise<DefaultSupplierView> {
    // Before anything is looked up, so a foreign location answers the same whether it exists or not.
    const own = scopeIds(scope)?.map((id) => id.toLowerCase());
    assertLocationsInScope(
      own === undefined ? scope : { locations: own },
      input.location_suppliers.map((row, index) => ({
        field: `location_suppliers.${index}.location_id`,
        locationId: row.location_id.toLowerCase(),
      })),
    );
    await this.skus.changePrices(skuId, async (manager, sku) => {
      if (sku.status === 'archived') throw SkuException.archived();
      const supplies = new Set(sku.supplier_list);
      const problems: FieldProblem[] = [];
      const notListed = (field: string) =>
        problems.push({ field, rule: `errors.${CatalogErrorCode.SUPPLIER_PRICE_SUPPLIER_NOT_LISTED}` });
      if (input.default_supplier_id !== null && !supplies.has(input.default_supplier_id))
        notListed('default_supplier_id');
      const locations = await this.defaults.usableLocations(
        manager,
        input.location_suppliers.map((row) => row.location_id),
      );
      const rows = input.location_suppliers.map((row, index) => {
        const locationId = locations.get(row.location_id.toLowerCase());
        if (!locationId)
          problems.push({
            field: `location_suppliers.${index}.location_id`,
            rule: `errors.${CatalogErrorCode.LOCATION_NOT_FOUND}`,
          });
        if (!supplies.has(row.supplier_id)) notListed(`location_suppliers.${index}.supplier_id`);
        return { location_id: locationId ?? row.location_id, supplier_id: row.supplier_id };
      });
      if (problems.length > 0) throw new AppException(CommonErrorCode.VALIDATION_FAILED, {}, problems);
      sku.default_supplier_id = input.default_supplier_id;
      await this.defaults.replaceLocationSuppliers(manager, sku.sku_id, rows, scope);
    });
    return this.get(skuId, scope);
  }
}
