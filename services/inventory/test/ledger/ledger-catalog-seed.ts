/**
 * The master data the ledger workload posts against (ledger-workload.ts), made through catalog's API so the
 * ledger's replicas learn it from catalog's events: locations L1 and L2 and three hot SKUs with their units.
 */
export type SendJson = (path: string, body: unknown) => Promise<Record<string, string>>;

export const WORKLOAD_LOCATIONS = ['L1', 'L2'] as const;
export const WORKLOAD_SKUS = ['HOT1', 'HOT2', 'HOT3'] as const;

export async function seedLedgerCatalog(send: SendJson): Promise<void> {
  const region = await send('/api/catalog/regions', { region_name: 'Ledger region' });
  const category = await send('/api/catalog/location-categories', {
    category_name: 'Ledger outlets',
    sub_categories: [],
  });
  for (const [id, name] of [
    ['L1', 'Outlet One'],
    ['L2', 'Outlet Two'],
  ]) {
    await send('/api/catalog/locations', {
      location_id: id,
      location_name: name,
      is_operating: true,
      category_id: category.category_id,
      sub_category_id: null,
      region_id: region.region_id,
      address: '1 Ledger Road',
      country: 'Singapore',
      postal_code: '600001',
      contact_person: [],
      remark: '',
    });
  }
  await send('/api/catalog/uoms', { uom_name: 'KG', secondary_uom: 'BAG', uom_per_primary: '25' });
  await send('/api/catalog/uoms', { uom_name: 'PCS', secondary_uom: 'CARTON', uom_per_primary: '24' });
  await send('/api/catalog/uoms', { uom_name: 'L', secondary_uom: 'BOTTLE', uom_per_primary: '0.75' });
  const skuCategory = await send('/api/catalog/sku-categories', { category_name: 'Ledger goods' });
  const sku = (id: string, name: string, primary: string, units: { uom_name: string; factor: string }[]) => ({
    sku_id: id,
    name,
    display_name: name,
    category_id: skuCategory.category_id,
    primary_uom_name: primary,
    purchasing_uom_name: primary,
    receiving_uom_name: primary,
    counting_uom_name: primary,
    uom_list: units,
    supplier_list: [],
    default_supplier_id: null,
    threshold: '0',
    is_inventorise: true,
    default_wastage_percentage: '0',
  });
  await send(
    '/api/catalog/skus',
    sku('HOT1', 'Hot flour', 'KG', [
      { uom_name: 'KG', factor: '1' },
      { uom_name: 'BAG', factor: '25' },
    ]),
  );
  await send('/api/catalog/skus', sku('HOT2', 'Hot cups', 'PCS', [{ uom_name: 'PCS', factor: '1' }]));
  await send(
    '/api/catalog/skus',
    sku('HOT3', 'Hot oil', 'L', [
      { uom_name: 'L', factor: '1' },
      { uom_name: 'BOTTLE', factor: '0.75' },
    ]),
  );
}
