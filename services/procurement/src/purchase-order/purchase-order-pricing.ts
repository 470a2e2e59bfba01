import { Injectable } from '@nestjs/common';
import { exact, roundTo, sumAt, unitKey } from '@scm/contracts';
import type { EntityManager } from 'typeorm';
import { LocationReplicaRepository } from '../replicas/location-replica.repository.js';
import { RatesReplicaRepository } from '../replicas/rates-replica.repository.js';
import { SkuReplicaRepository } from '../replicas/sku-replica.repository.js';
import type { SkuReplicaRow } from '../replicas/sku-replica.repository.js';
import { SupplierPriceReplicaRepository } from '../replicas/supplier-price-replica.repository.js';
import { SupplierReplicaRepository } from '../replicas/supplier-replica.repository.js';
import type { SupplierReplicaRow } from '../replicas/supplier-replica.repository.js';
import { PurchaseOrderException, poProblem } from './purchase-order.exception.js';
import type { PurchaseOrderProblem } from './purchase-order.exception.js';
import type { PurchaseOrderLineRecord, PurchaseOrderTotals } from './purchase-order.repository.js';

/** A line as typed: no unit price means the supplier's price valid on the purchase date. */
export interface PurchaseOrderLineInput {
  line_no: number;
  sku_id: string;
  uom_name: string;
  quantity: string;
  unit_price: string | null;
  remark: string;
}

/** What the PO's header names and the replicas answer for it. */
export interface PricedPurchaseOrder extends PurchaseOrderTotals {
  supplier: SupplierReplicaRow;
  exchange_rate: string;
  gst_price_type: 'inclusive' | 'exclusive';
  gst_rate: string;
  minimum_order_value: string;
  lines: PurchaseOrderLineRecord[];
}

/** A master record a new document may name: known, not deleted, not archived. */
function live(record: { deleted: boolean; status: string } | null): boolean {
  return !!record && !record.deleted && record.status !== 'archived';
}

/** `Flour (FLOUR)`: how a message names a SKU. */
export function skuLabel(sku: Pick<SkuReplicaRow, 'name' | 'sku_id'> | null, skuId: string): string {
  return sku ? `${sku.name} (${sku.sku_id})` : skuId;
}

/**
 * The PO's amounts (SPEC.md §3): each line at its unit price (the supplier's price valid on purchase_date when
 * none is typed), its subtotal at 2 decimals; GST by the supplier's gst_price_type and gst_rate on the sum of the
 * lines — inclusive: the lines' sum is the total and GST is the part of it, exclusive: GST is added to it — and
 * the total converted to USD with the rate of purchase_date. Every problem is told at once, on its field.
 */
export function totalsOf(
  lineSubtotals: readonly string[],
  gstPriceType: 'inclusive' | 'exclusive',
  gstRate: string,
  exchangeRate: string,
): PurchaseOrderTotals {
  const sum = exact(sumAt(lineSubtotals, 2));
  const rate = exact(gstRate);
  const gst = gstPriceType === 'inclusive' ? sum.times(rate).dividedBy(rate.plus(100)) : sum.times(rate).dividedBy(100);
  const gstAmount = roundTo(gst, 2);
  const subtotal = gstPriceType === 'inclusive' ? sum.minus(exact(gstAmount)) : sum;
  const total = gstPriceType === 'inclusive' ? sum : sum.plus(exact(gstAmount));
  return {
    subtotal_amount: roundTo(subtotal, 2),
    gst_amount: gstAmount,
    total_amount: roundTo(total, 2),
    total_usd: roundTo(total.dividedBy(exact(exchangeRate)), 2),
  };
}

@Injectable()
export class PurchaseOrderPricer {
  constructor(
    private readonly suppliers: SupplierReplicaRepository,
    private readonly locations: LocationReplicaRepository,
    private readonly skus: SkuReplicaRepository,
    private readonly prices: SupplierPriceReplicaRepository,
    private readonly rates: RatesReplicaRepository,
  ) {}

  async price(
    manager: EntityManager,
    header: { supplier_id: string; location_id: string; purchase_date: string; currency: string },
    lines: readonly PurchaseOrderLineInput[],
  ): Promise<PricedPurchaseOrder> {
    const problems: PurchaseOrderProblem[] = [];
    const supplier = await this.suppliers.find(manager, header.supplier_id);
    if (!live(supplier)) problems.push(poProblem.supplierUnknown(header.supplier_id));
    const location = await this.locations.find(manager, header.location_id);
    if (!live(location)) problems.push(poProblem.locationUnknown(header.location_id));
    const exchangeRate = await this.rates.rateOn(manager, header.currency, header.purchase_date);
    if (exchangeRate === null) problems.push(poProblem.noExchangeRate(header.currency, header.purchase_date));
    const records: PurchaseOrderLineRecord[] = [];
    for (const [index, line] of lines.entries()) {
      const sku = await this.skus.find(manager, line.sku_id);
      const label = skuLabel(sku, line.sku_id);
      if (!live(sku)) {
        problems.push(poProblem.skuUnknown(`lines.${index}.sku_id`, label));
        continue;
      }
      // One of the SKU's units, as the SKU spells it ('ctn' is its CTN).
      const uomName = sku!.uom_list.find((unit) => unitKey(unit.uom_name) === unitKey(line.uom_name))?.uom_name;
      if (uomName === undefined) {
        problems.push(poProblem.unitUnknown(`lines.${index}.uom_name`, label, line.uom_name));
        continue;
      }
      let unitPrice = line.unit_price;
      if (unitPrice === null && live(supplier)) {
        const onDate = await this.prices.priceOn(
          manager,
          { sku_id: line.sku_id, supplier_id: header.supplier_id, uom_name: uomName },
          header.purchase_date,
        );
        unitPrice = onDate ? roundTo(onDate.unit_price, 4) : null;
      }
      if (unitPrice === null) {
        if (live(supplier)) {
          problems.push(poProblem.unitPriceRequired(`lines.${index}.unit_price`, label, uomName, header.purchase_date));
        }
        continue;
      }
      records.push({
        line_no: line.line_no,
        sku_id: line.sku_id,
        uom_name: uomName,
        quantity: line.quantity,
        unit_price: unitPrice,
        line_subtotal: roundTo(exact(line.quantity).times(exact(unitPrice)), 2),
        remark: line.remark,
      });
    }
    if (problems.length > 0) throw PurchaseOrderException.invalid(problems);
    const known = supplier!;
    const totals = totalsOf(
      records.map((line) => line.line_subtotal),
      known.gst_price_type,
      known.gst_rate,
      exchangeRate!,
    );
    return {
      ...totals,
      supplier: known,
      exchange_rate: exchangeRate!,
      gst_price_type: known.gst_price_type,
      gst_rate: known.gst_rate,
      minimum_order_value: known.minimum_order_value,
      lines: records,
    };
  }
}
