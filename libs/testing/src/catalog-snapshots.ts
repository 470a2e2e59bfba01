import { randomUUID } from 'node:crypto';
import type {
  BomConsumeRowSnapshot,
  BomSnapshot,
  EventEnvelope,
  ExchangeRateSnapshot,
  LocationSnapshot,
  PluSnapshot,
  ProductSnapshot,
  SettingsSnapshot,
  SkuSnapshot,
  Subject,
  SupplierSnapshot,
} from '@scm/contracts';
import type { InProcessTransport } from '@scm/platform';

/**
 * Catalog's event payloads as a replica receives them, for the services' replica tests: every field set, a
 * fresh revision each (one counter, so a later call is always newer), the caller overriding what it checks.
 */
let revisions = 0;

export function skuSnapshot(overrides: Partial<SkuSnapshot> & Pick<SkuSnapshot, 'sku_id' | 'name'>): SkuSnapshot {
  return {
    display_name: overrides.name,
    ch_display_name: '',
    alternate_display_name_list: [],
    category_id: '00000000-0000-4000-8000-0000000000c1',
    sub_category_id: null,
    primary_uom_name: 'KG',
    purchasing_uom_name: 'KG',
    receiving_uom_name: 'KG',
    counting_uom_name: 'KG',
    uom_list: [{ uom_name: 'KG', factor: '1', uom_id: null }],
    supplier_list: [],
    default_supplier_id: null,
    location_supplier_list: [],
    barcode: '',
    threshold: '0',
    is_inventorise: true,
    default_wastage_percentage: '0',
    max_order_qty: null,
    account_code: '',
    gl_code: '',
    hashtag_list: [],
    supplier_description: '',
    product_brand: '',
    packaging_detail: '',
    status: 'active',
    revision: ++revisions,
    last_updated_time: new Date().toISOString(),
    ...overrides,
  };
}

export function locationSnapshot(locationId: string, name: string): LocationSnapshot {
  return {
    location_id: locationId,
    location_name: name,
    is_operating: true,
    category_id: '00000000-0000-4000-8000-0000000000a1',
    sub_category_id: null,
    region_id: '00000000-0000-4000-8000-0000000000b1',
    address: '',
    country: 'SG',
    postal_code: '',
    contact_person: [],
    remark: '',
    status: 'active',
    revision: ++revisions,
    last_updated_time: new Date().toISOString(),
  };
}

/** A recipe row: `quantity` of the SKU in `uom` (default KG), plus `wastage` % (default 0). */
export function recipeRow(sku_id: string, quantity: string, uom = 'KG', wastage = '0'): BomConsumeRowSnapshot {
  return { sku_id, quantity_per_uom: quantity, uom_name: uom, wastage_percentage: wastage };
}

/** A live SKU BOM (`output_sku_id` set) or PLU BOM, making `output_quantity` (default 1) from its rows. */
export function bomSnapshot(
  overrides: Partial<BomSnapshot> & Pick<BomSnapshot, 'bom_kind' | 'bom_id' | 'consume_sku_list'>,
): BomSnapshot {
  return {
    bom_name: overrides.bom_id,
    output_sku_id: null,
    output_quantity: '1',
    output_uom_name: overrides.bom_kind === 'plu_bom' ? 'PORTION' : 'KG',
    category_id: '00000000-0000-4000-8000-0000000000c3',
    owner_type: 'text',
    owner: '',
    hashtag_list: [],
    status: 'active',
    revision: ++revisions,
    last_updated_time: new Date().toISOString(),
    ...overrides,
  };
}

/** A live PLU on an existing PLU BOM (`bom_id`), or with its own recipe (`custom_bom`). */
export function pluSnapshot(overrides: Partial<PluSnapshot> & Pick<PluSnapshot, 'plu_id'>): PluSnapshot {
  return {
    plu_name: overrides.plu_id,
    ch_display_name: '',
    suggested_price: '0',
    barcode: '',
    category_id: '00000000-0000-4000-8000-0000000000c4',
    bom_type: overrides.custom_bom ? 'custom' : 'existing',
    bom_id: null,
    custom_bom: null,
    status: 'active',
    revision: ++revisions,
    last_updated_time: new Date().toISOString(),
    ...overrides,
  };
}

export function productSnapshot(code: string, name: string): ProductSnapshot {
  return {
    product_id: '00000000-0000-4000-8000-0000000000d1',
    product_code: code,
    product_name: name,
    alt_name: '',
    brand: '',
    width: null,
    height: null,
    diameter: null,
    weight_grams: null,
    time_period: '',
    country_origin: '',
    hashtag_list: [],
    description: '',
    native_currency: 'USD',
    default_cost: '0',
    retail_price_native: '0',
    exchange_rate: '1',
    exchange_rate_date: null,
    retail_price_usd: '0',
    mark_up: null,
    discount: '0',
    tax: '0',
    retail_with_tax_usd: '0',
    remarks: '',
    supplier_description: '',
    stock_type: 'Inventory',
    category_id: '00000000-0000-4000-8000-0000000000c2',
    permit_no: '',
    arrival_date: null,
    shipout_date: null,
    declaration_type: null,
    shipping_method: null,
    gross_margin_scheme: false,
    total_tax: null,
    image_ids: [],
    cover_image_id: null,
    document_ids: [],
    last_printed_date: null,
    is_printed: false,
    status: 'active',
    revision: ++revisions,
    last_updated_time: new Date().toISOString(),
  };
}

export function supplierSnapshot(
  overrides: Partial<SupplierSnapshot> & Pick<SupplierSnapshot, 'supplier_id' | 'company_name'>,
): SupplierSnapshot {
  return {
    account_no: '',
    credit_term_in_days: 30,
    contact_name: '',
    contact_no: '',
    contact_email: `${overrides.supplier_id.toLowerCase()}@supplier.test`,
    company_uen: '',
    company_website: '',
    address: '',
    postal_code: '',
    country: 'SG',
    remark: '',
    minimum_order_value: '0',
    category_id: '00000000-0000-4000-8000-0000000000f1',
    terms_and_conditions: '',
    gst_price_type: 'exclusive',
    gst_reg_no: '',
    gst_rate: 9,
    tax_rate: 9,
    tax_type: 'GST',
    tax_reg_no: '',
    hashtag_list: [],
    status: 'active',
    revision: ++revisions,
    last_updated_time: new Date().toISOString(),
    ...overrides,
  };
}

export function exchangeRateSnapshot(
  overrides: Partial<ExchangeRateSnapshot> & Pick<ExchangeRateSnapshot, 'currency' | 'effective_date' | 'rate'>,
): ExchangeRateSnapshot {
  return {
    exchange_rate_id: randomUUID(),
    revision: ++revisions,
    last_updated_time: new Date().toISOString(),
    ...overrides,
  };
}

/** Company settings with the seeded GST options (SPEC.md §9), 9 % the default unless overridden. */
export function settingsSnapshot(overrides: Partial<SettingsSnapshot> = {}): SettingsSnapshot {
  const gst = (rate: string, n: number) => ({ gst_rate_id: `00000000-0000-4000-8000-00000000009${n}`, rate });
  const rates = [gst('0.00', 0), gst('7.00', 1), gst('8.00', 2), gst('9.00', 3)];
  return {
    gst_rates: rates,
    default_gst_rate_id: rates[3].gst_rate_id,
    default_gst_rate: '9.00',
    company: {
      company_name: 'Test Co',
      company_uen: '',
      gst_reg_no: '',
      address: '',
      postal_code: '',
      country: 'SG',
      phone: '',
      email: '',
      website: '',
    },
    revision: ++revisions,
    last_updated_time: new Date().toISOString(),
    ...overrides,
  };
}

/**
 * Catalog's side of a replica test: publishes catalog events on an in-process transport as catalog's relay
 * would (aggregate and per-aggregate sequence stamped) and keeps them as catalog's retained history, which
 * `EventConsumer.rebuild` replays.
 */
export class CatalogEventFeed {
  private readonly history: EventEnvelope[] = [];
  private readonly sequences = new Map<string, number>();

  constructor(private readonly transport: InProcessTransport) {
    transport.registerHistory('catalog', (subjects) =>
      replay(this.history.filter((event) => subjects.includes(event.subject))),
    );
  }

  async publish<S extends Subject>(subject: S, data: EventEnvelope<S>['data'], key: string): Promise<void> {
    const aggregate = `${subject.split('.').slice(0, 2).join('.')}:${key}`;
    const sequence = (this.sequences.get(aggregate) ?? 0) + 1;
    this.sequences.set(aggregate, sequence);
    const envelope = {
      id: randomUUID(),
      subject,
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'catalog',
      actor: null,
      correlationId: null,
      causationId: null,
      aggregate,
      sequence,
      data,
    } as EventEnvelope;
    this.history.push(envelope);
    await this.transport.publish(envelope);
  }
}

async function* replay<T>(values: readonly T[]): AsyncIterable<T> {
  for (const value of values) yield await Promise.resolve(value);
}
