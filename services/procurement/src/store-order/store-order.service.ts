import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  CommonErrorCode,
  ProcurementSubjects,
  REFERENCE_CURRENCY,
  STORE_ORDER_MACHINE,
  exact,
  roundTo,
  suggestedQuantity,
  unitKey,
  V,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  StockItemOption,
  StoreOrderAction,
  StoreOrderChoices,
  StoreOrderLineInfo,
  StoreOrderListRow,
  StoreOrderParLevelRow,
  StoreOrderSettings,
  StoreOrderView,
  ValidPurchaseOrderInput,
  ValidStoreOrderInput,
  ValidStoreOrderParLevelInput,
  ValidStoreOrderSuggestionQuery,
} from '@scm/contracts';
import {
  AppException,
  DATA_SOURCE,
  DocumentActions,
  EventPublisher,
  ListPage,
  actorOf,
  announceDocumentUsage,
  assertEditable,
  assertLocationsInScope,
  assertRevision,
  availableActionsFor,
  findDocumentInScope,
  inTransaction,
  locationScopeOf,
  nextDocumentNumber,
  readHistory,
  recordHistory,
  retryOnConflict,
} from '@scm/platform';
import type { FieldProblem, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { PurchaseOrderChoicesReader } from '../purchase-order/purchase-order-choices.js';
import { skuLabel } from '../purchase-order/purchase-order-pricing.js';
import { PurchaseOrderService } from '../purchase-order/purchase-order.service.js';
import { LocationReplicaRepository } from '../replicas/location-replica.repository.js';
import { SkuReplicaRepository } from '../replicas/sku-replica.repository.js';
import type { SkuReplicaRow } from '../replicas/sku-replica.repository.js';
import { SupplierPriceReplicaRepository } from '../replicas/supplier-price-replica.repository.js';
import { SupplierReplicaRepository } from '../replicas/supplier-replica.repository.js';
import { StoreOrderException, storeOrderProblem } from './store-order.exception.js';
import { StoreOrderRepository } from './store-order.repository.js';
import type { StoreOrderLineRecord, StoreOrderRecord } from './store-order.repository.js';

const MACHINE = STORE_ORDER_MACHINE;

/** The user actions (routes `POST :id/<action>`). */
export type StoreOrderUserAction = Extract<StoreOrderAction, 'submit' | 'cancel'>;

const ACTIVITY_SUBJECTS = {
  submit: ProcurementSubjects.StoreOrderSubmitted,
  cancel: ProcurementSubjects.StoreOrderCancelled,
} as const;

/** Days of usage the average is taken over (SPEC issue: "the last 4 weeks"). */
const USAGE_DAYS = 28;
const DAY_MS = 86_400_000;

/** A master record a new document may name: known, not deleted, not archived. */
function live(record: { deleted: boolean; status: string } | null): boolean {
  return !!record && !record.deleted && record.status !== 'archived';
}

/** YYYY-MM-DD of an instant (UTC): the days the ledger's value dates are in. */
const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Store orders (SPEC.md §2 /store-ordering, §3, §5; key OR), on the document kit: DRAFT → SUBMITTED (the split) or
 * CANCELLED. Saving validates every line (SPEC.md §5: a draft with errors is not saved), resolving each supplier
 * line's supplier (the default supplier of the SKU at the location when none is chosen). Submitting, in ONE
 * transaction: one DRAFT purchase order per supplier through PurchaseOrderService.createDraft (the PO's only way to
 * be numbered, priced and created), linked back to the store order, and one `procurement.store-order.transfer-requested`
 * event for the internal lines (order type Internal, or lines sourced from the central kitchen).
 */
@Injectable()
export class StoreOrderService {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly orders: StoreOrderRepository,
    private readonly purchaseOrders: PurchaseOrderService,
    private readonly choicesReader: PurchaseOrderChoicesReader,
    private readonly actions: DocumentActions,
    private readonly skus: SkuReplicaRepository,
    private readonly suppliers: SupplierReplicaRepository,
    private readonly supplierPrices: SupplierPriceReplicaRepository,
    private readonly locations: LocationReplicaRepository,
    private readonly events: EventPublisher,
  ) {}

  async list(query: ListQuery, scope: LocationScope): Promise<ListPage<StoreOrderListRow>> {
    const page = await this.orders.list(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return this.orders.statusCounts(query, scope);
  }

  async get(id: string, user: AccessTokenClaims): Promise<StoreOrderView> {
    const manager = this.dataSource.manager;
    const record = await this.findInScope(manager, id, user);
    return this.view(manager, record, user);
  }

  async create(input: ValidStoreOrderInput, user: AccessTokenClaims): Promise<StoreOrderView> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'location_id', locationId: input.location_id }]);
    const id = await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const lines = await this.checkedLines(manager, input.location_id, input.order_type, input.lines);
        const actor = actorOf(user);
        const orderId = randomUUID();
        const docNo = await nextDocumentNumber(manager, 'OR', input.location_id);
        await this.orders.insert(
          manager,
          {
            id: orderId,
            doc_no: docNo,
            status: 'DRAFT',
            revision: 1,
            location_id: input.location_id,
            delivery_time: input.delivery_time,
            order_type: input.order_type,
            internal_remark: input.internal_remark,
            supplier_remark: input.supplier_remark,
            created_by: actor.id,
            created_by_name: actor.name,
          },
          lines,
        );
        await this.announceUsage(manager, orderId, 1, input.location_id, lines);
        await recordHistory(manager, {
          document_type: 'OR',
          document_id: orderId,
          action: 'create',
          from_status: null,
          to_status: 'DRAFT',
          actor,
        });
        return orderId;
      }),
    );
    return this.get(id, user);
  }

  async update(id: string, input: ValidStoreOrderInput, user: AccessTokenClaims): Promise<StoreOrderView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.findInScope(manager, id, user, true);
        assertEditable(MACHINE, record.status);
        assertRevision(record.revision, input.revision);
        // The number names the location: an order does not move; cancel it and make one at the other.
        if (input.location_id !== record.location_id) {
          throw new AppException(CommonErrorCode.VALIDATION_FAILED, {}, [
            { field: 'location_id', rule: V.invalid, params: {} },
          ]);
        }
        const lines = await this.checkedLines(manager, record.location_id, input.order_type, input.lines);
        await this.orders.replaceLines(manager, id, lines);
        const saved = await this.orders.update(manager, id, record.revision, {
          delivery_time: input.delivery_time,
          order_type: input.order_type,
          internal_remark: input.internal_remark,
          supplier_remark: input.supplier_remark,
          last_updated_by: user.sub,
        });
        if (!saved) throw StoreOrderException.stale();
        await this.announceUsage(manager, id, record.revision + 1, record.location_id, lines);
        await recordHistory(manager, {
          document_type: 'OR',
          document_id: id,
          action: 'update',
          from_status: record.status,
          to_status: record.status,
          actor: actorOf(user),
        });
      }),
    );
    return this.get(id, user);
  }

  /** submit (the split) / cancel: the kit's checks, the history, the status and the activity in one transaction. */
  async act(
    id: string,
    action: StoreOrderUserAction,
    input: DocumentActionInput,
    user: AccessTokenClaims,
  ): Promise<StoreOrderView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.findInScope(manager, id, user, true);
        await this.actions.apply(manager, {
          machine: MACHINE,
          table: 'store_order',
          document: {
            type: 'OR',
            id,
            doc_no: record.doc_no,
            status: record.status,
            revision: record.revision,
            location_id: record.location_id,
            submitted_by: record.submitted_by,
          },
          action,
          input,
          user,
          subject: ACTIVITY_SUBJECTS[action],
          effect: action === 'submit' ? () => this.splitOnSubmit(manager, record, user) : undefined,
        });
      }),
    );
    return this.get(id, user);
  }

  /** The split, and what the order keeps of its transfer request (where from, how many lines, when). */
  private async splitOnSubmit(
    manager: EntityManager,
    record: StoreOrderRecord,
    user: AccessTokenClaims,
  ): Promise<Record<string, unknown>> {
    const transfer = await this.split(manager, record, user);
    return transfer
      ? {
          transfer_from_location_id: transfer.from,
          transfer_line_count: transfer.lineCount,
          transfer_requested_time: new Date(),
        }
      : {};
  }

  /**
   * The split, in the submission's transaction: the lines checked again (a supplier archived since the draft was
   * saved is refused here, not in a PO), one DRAFT PO per supplier (the buyer reviews and submits it for approval)
   * and the transfer request of the internal lines. Answers the transfer request made, if any.
   */
  private async split(
    manager: EntityManager,
    record: StoreOrderRecord,
    user: AccessTokenClaims,
  ): Promise<{ from: string; lineCount: number } | null> {
    const stored = await this.orders.lines(manager, record.id);
    const lines = await this.checkedLines(manager, record.location_id, record.order_type, stored);
    const bySupplier = new Map<string, { index: number; line: StoreOrderLineRecord }[]>();
    const internal: StoreOrderLineRecord[] = [];
    lines.forEach((line, index) => {
      if (line.source === 'central_kitchen') internal.push(line);
      else bySupplier.set(line.supplier_id!, [...(bySupplier.get(line.supplier_id!) ?? []), { index, line }]);
    });
    const deliveryTime = new Date(record.delivery_time).toISOString();
    for (const [supplierId, group] of [...bySupplier.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const input: ValidPurchaseOrderInput = {
        supplier_id: supplierId,
        location_id: record.location_id,
        purchase_date: dayOf(new Date()),
        delivery_time: deliveryTime,
        order_type: record.order_type,
        stock_type: 'inventory',
        // Suppliers carry no currency: the split POs start in the reference currency, as a new PO does.
        currency: REFERENCE_CURRENCY,
        internal_remark: [record.doc_no, record.internal_remark].filter(Boolean).join(' · '),
        external_remark: record.supplier_remark,
        lines: group.map(({ line }) => ({
          sku_id: line.sku_id,
          uom_name: line.uom_name,
          quantity: line.quantity,
          unit_price: null,
          remark: line.remark,
        })),
      };
      try {
        await this.purchaseOrders.createDraft(manager, input, user, { id: record.id, doc_no: record.doc_no });
      } catch (error) {
        // A PO line's problem (no supplier price) is told on the store order's own line.
        if (error instanceof AppException && error.fieldProblems.length > 0) {
          throw StoreOrderException.itemsInvalid(
            error.fieldProblems.map((problem) => {
              const poLine = Number(/^lines\.(\d+)\./.exec(problem.field)?.[1] ?? Number.NaN);
              const index = group[poLine]?.index;
              return index === undefined ? problem : storeOrderProblem.moved(index, problem);
            }),
          );
        }
        throw error;
      }
    }
    if (internal.length === 0) return null;
    const kitchen = (await this.orders.centralKitchen(manager))!;
    await this.events.publish(manager, ProcurementSubjects.StoreOrderTransferRequested, {
      store_order_id: record.id,
      store_order_no: record.doc_no,
      from_location_id: kitchen,
      to_location_id: record.location_id,
      delivery_time: deliveryTime,
      order_type: record.order_type,
      remark: record.internal_remark,
      lines: internal.map((line, index) => ({
        line_no: index + 1,
        item_type: 'sku' as const,
        item_id: line.sku_id,
        uom_name: line.uom_name,
        quantity: line.quantity,
        remark: line.remark,
      })),
    });
    return { from: kitchen, lineCount: internal.length };
  }

  /**
   * Every line checked at once (SPEC.md §5: a draft with errors is not saved), each problem on its field: a live
   * SKU, one of its units, no SKU twice; a supplier line's supplier live (blank: the SKU's default supplier for the
   * location); an internal line needs the central kitchen set, and not to be ordered by the kitchen itself. Order
   * type Internal makes every line internal. Answers the lines as stored.
   */
  private async checkedLines(
    manager: EntityManager,
    locationId: string,
    orderType: string,
    lines: readonly {
      sku_id: string;
      uom_name: string;
      quantity: string;
      source: 'supplier' | 'central_kitchen';
      supplier_id: string | null;
      remark: string;
    }[],
  ): Promise<StoreOrderLineRecord[]> {
    if (!live(await this.locations.find(manager, locationId))) throw StoreOrderException.locationUnknown(locationId);
    const problems: FieldProblem[] = [];
    const kitchen = await this.orders.centralKitchen(manager);
    const seen = new Set<string>();
    const records: StoreOrderLineRecord[] = [];
    for (const [index, line] of lines.entries()) {
      const sku = await this.skus.find(manager, line.sku_id);
      const label = skuLabel(sku, line.sku_id);
      if (seen.has(line.sku_id)) problems.push(storeOrderProblem.duplicate(index));
      seen.add(line.sku_id);
      if (!live(sku)) {
        problems.push(storeOrderProblem.skuUnknown(index, label));
        continue;
      }
      const uomName = sku!.uom_list.find((unit) => unitKey(unit.uom_name) === unitKey(line.uom_name))?.uom_name;
      if (uomName === undefined) problems.push(storeOrderProblem.unitUnknown(index, label, line.uom_name));
      const source = orderType === 'Internal' ? 'central_kitchen' : line.source;
      let supplierId: string | null = null;
      if (source === 'central_kitchen') {
        if (kitchen === null) problems.push(storeOrderProblem.centralKitchenNotSet(index));
        else if (kitchen === locationId) problems.push(storeOrderProblem.centralKitchenSelf(index));
      } else {
        supplierId = line.supplier_id ?? (await this.supplierPrices.defaultSupplier(manager, line.sku_id, locationId));
        if (supplierId === null) problems.push(storeOrderProblem.supplierRequired(index, label));
        else if (!live(await this.suppliers.find(manager, supplierId))) {
          problems.push(storeOrderProblem.supplierUnknown(index, supplierId));
        }
      }
      records.push({
        line_no: index + 1,
        sku_id: line.sku_id,
        uom_name: uomName ?? line.uom_name,
        quantity: line.quantity,
        source,
        supplier_id: supplierId,
        remark: line.remark,
      });
    }
    if (problems.length > 0) throw StoreOrderException.itemsInvalid(problems);
    return records;
  }

  /** The location, its suppliers and SKUs are in use while a store order names them (catalog's usage). */
  private announceUsage(
    manager: EntityManager,
    id: string,
    revision: number,
    locationId: string,
    lines: readonly StoreOrderLineRecord[],
  ): Promise<void> {
    return announceDocumentUsage(this.events, manager, {
      service: 'procurement',
      used_by_type: 'store_order',
      used_by_id: id,
      revision,
      targets: [
        { target_type: 'location', target_id: locationId },
        ...lines.map((line) => ({ target_type: 'supplier' as const, target_id: line.supplier_id })),
        ...lines.map((line) => ({ target_type: 'sku' as const, target_id: line.sku_id })),
      ],
    });
  }

  // --- the form's helpers --------------------------------------------------------------------------------------

  /**
   * Each SKU's category, default supplier and suggested quantity at the location (SPEC issue: par level, on hand
   * from the ledger's postings, average usage of the last four weeks; days until the delivery date, from today).
   */
  async lineInfo(query: ValidStoreOrderSuggestionQuery, user: AccessTokenClaims): Promise<StoreOrderLineInfo[]> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'location_id', locationId: query.location_id }]);
    return this.lineInfoAt(this.dataSource.manager, query, new Date());
  }

  async lineInfoAt(
    manager: EntityManager,
    query: ValidStoreOrderSuggestionQuery,
    now: Date,
  ): Promise<StoreOrderLineInfo[]> {
    const skuIds = query.lines.map((line) => line.sku_id);
    const today = dayOf(now);
    const delivery = query.delivery_time ? dayOf(new Date(query.delivery_time)) : today;
    const days = Math.max(0, Math.round((Date.parse(delivery) - Date.parse(today)) / DAY_MS));
    const from = dayOf(new Date(Date.parse(today) - (USAGE_DAYS - 1) * DAY_MS));
    const [pars, onHand, usage] = await Promise.all([
      this.orders.parLevels(manager, query.location_id, skuIds),
      this.orders.onHand(manager, query.location_id, skuIds),
      this.orders.usage(manager, query.location_id, skuIds, from, today),
    ]);
    const skus = new Map<string, SkuReplicaRow | null>();
    for (const id of new Set(skuIds)) skus.set(id, await this.skus.find(manager, id));
    const categories = await this.orders.categoryNames(
      manager,
      [...skus.values()].map((sku) => sku?.category_id ?? null),
    );
    const infos: StoreOrderLineInfo[] = [];
    for (const line of query.lines) {
      const sku = skus.get(line.sku_id) ?? null;
      const unit = sku?.uom_list.find((candidate) => unitKey(candidate.uom_name) === unitKey(line.uom_name));
      const factor = unit?.factor ?? '1';
      const defaultSupplierId = await this.supplierPrices.defaultSupplier(manager, line.sku_id, query.location_id);
      const defaultSupplier = defaultSupplierId ? await this.suppliers.find(manager, defaultSupplierId) : null;
      const parLevel = pars.get(line.sku_id) ?? null;
      const stock = roundTo(onHand.get(line.sku_id) ?? '0', 3);
      const weekly = roundTo(exact(usage.get(line.sku_id) ?? '0').dividedBy(USAGE_DAYS / 7), 3);
      infos.push({
        sku_id: line.sku_id,
        sku_name: sku?.name ?? line.sku_id,
        category_id: sku?.category_id ?? null,
        category_name: sku?.category_id ? (categories.get(sku.category_id) ?? null) : null,
        default_supplier_id: defaultSupplierId,
        default_supplier_name: defaultSupplier?.company_name ?? null,
        uom_name: unit?.uom_name ?? line.uom_name,
        primary_uom_name: sku?.primary_uom_name ?? line.uom_name,
        factor,
        par_level: parLevel,
        on_hand: stock,
        avg_weekly_usage: weekly,
        days_until_delivery: days,
        suggested_quantity: suggestedQuantity({
          par_level: parLevel,
          on_hand: stock,
          avg_weekly_usage: weekly,
          days_until_delivery: days,
          factor,
        }),
      });
    }
    return infos;
  }

  async choices(): Promise<StoreOrderChoices> {
    const { suppliers } = await this.choicesReader.choices();
    const settings = await this.settings();
    return {
      suppliers: suppliers.map((supplier) => ({
        supplier_id: supplier.supplier_id,
        company_name: supplier.company_name,
      })),
      central_kitchen: settings.central_kitchen_location_id
        ? {
            location_id: settings.central_kitchen_location_id,
            location_name: settings.central_kitchen_location_name ?? settings.central_kitchen_location_id,
          }
        : null,
    };
  }

  skuSearch(search: string, limit: number): Promise<StockItemOption[]> {
    return this.choicesReader.skus(search, limit);
  }

  async settings(): Promise<StoreOrderSettings> {
    const manager = this.dataSource.manager;
    const kitchen = await this.orders.centralKitchen(manager);
    const location = kitchen ? await this.locations.find(manager, kitchen) : null;
    return { central_kitchen_location_id: kitchen, central_kitchen_location_name: location?.location_name ?? null };
  }

  async updateSettings(input: { central_kitchen_location_id: string | null }): Promise<StoreOrderSettings> {
    await inTransaction(this.dataSource, async (manager) => {
      const id = input.central_kitchen_location_id;
      if (id !== null && !live(await this.locations.find(manager, id))) {
        throw StoreOrderException.locationUnknown(id, 'central_kitchen_location_id');
      }
      await this.orders.setCentralKitchen(manager, id);
    });
    return this.settings();
  }

  listParLevels(query: ListQuery, scope: LocationScope): Promise<ListPage<StoreOrderParLevelRow>> {
    return this.orders.listParLevels(query, scope).then((page) => new ListPage(page.data, page.recordsTotal));
  }

  async setParLevel(input: ValidStoreOrderParLevelInput, user: AccessTokenClaims): Promise<StoreOrderLineInfo> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'location_id', locationId: input.location_id }]);
    await inTransaction(this.dataSource, async (manager) => {
      if (!live(await this.locations.find(manager, input.location_id))) {
        throw StoreOrderException.locationUnknown(input.location_id);
      }
      const sku = await this.skus.find(manager, input.sku_id);
      if (!live(sku)) {
        throw StoreOrderException.itemsInvalid([
          { field: 'sku_id', rule: 'errors.PROCUREMENT_SKU_UNKNOWN', params: { item: input.sku_id } },
        ]);
      }
      await this.orders.setParLevel(manager, input, actorOf(user));
    });
    const sku = await this.skus.find(this.dataSource.manager, input.sku_id);
    const [info] = await this.lineInfoAt(
      this.dataSource.manager,
      { location_id: input.location_id, lines: [{ sku_id: input.sku_id, uom_name: sku!.primary_uom_name }] },
      new Date(),
    );
    return info;
  }

  /** THE location-scope check of the store order: its read by id and its actions (locked). */
  private findInScope(
    manager: EntityManager,
    id: string,
    user: AccessTokenClaims,
    lock = false,
  ): Promise<StoreOrderRecord> {
    return findDocumentInScope(
      id,
      user,
      (valid) => this.orders.find(manager, valid, lock),
      () => StoreOrderException.notFound(),
    );
  }

  private async view(
    manager: EntityManager,
    record: StoreOrderRecord,
    user: AccessTokenClaims,
  ): Promise<StoreOrderView> {
    const lines = await this.orders.lines(manager, record.id);
    const location = await this.locations.find(manager, record.location_id);
    const skus = new Map<string, SkuReplicaRow | null>();
    for (const skuId of new Set(lines.map((line) => line.sku_id)))
      skus.set(skuId, await this.skus.find(manager, skuId));
    const categories = await this.orders.categoryNames(
      manager,
      [...skus.values()].map((sku) => sku?.category_id ?? null),
    );
    const supplierNames = new Map<string, string>();
    for (const supplierId of new Set(lines.flatMap((line) => (line.supplier_id ? [line.supplier_id] : [])))) {
      supplierNames.set(supplierId, (await this.suppliers.find(manager, supplierId))?.company_name ?? supplierId);
    }
    const kitchen = record.transfer_from_location_id
      ? await this.locations.find(manager, record.transfer_from_location_id)
      : null;
    return {
      id: record.id,
      doc_no: record.doc_no,
      status: record.status,
      revision: record.revision,
      location_id: record.location_id,
      location_name: location?.location_name ?? record.location_id,
      created_by: record.created_by ?? '',
      created_by_name: record.created_by_name,
      created_time: new Date(record.created_time).toISOString(),
      submitted_by: record.submitted_by,
      submitted_by_name: record.submitted_by_name,
      submitted_time: record.submitted_time ? new Date(record.submitted_time).toISOString() : null,
      last_updated_time: new Date(record.last_updated_time).toISOString(),
      available_actions: availableActionsFor(MACHINE, record.status, user),
      history: await readHistory(manager, 'OR', record.id),
      delivery_time: new Date(record.delivery_time).toISOString(),
      order_type: record.order_type,
      internal_remark: record.internal_remark,
      supplier_remark: record.supplier_remark,
      lines: lines.map((line) => {
        const sku = skus.get(line.sku_id) ?? null;
        return {
          line_no: line.line_no,
          sku_id: line.sku_id,
          sku_name: sku?.name ?? line.sku_id,
          category_id: sku?.category_id ?? null,
          category_name: sku?.category_id ? (categories.get(sku.category_id) ?? null) : null,
          uom_name: line.uom_name,
          uom_list: sku?.uom_list ?? [{ uom_name: line.uom_name, factor: '1' }],
          quantity: line.quantity,
          source: line.source,
          supplier_id: line.supplier_id,
          supplier_name: line.supplier_id ? (supplierNames.get(line.supplier_id) ?? line.supplier_id) : null,
          remark: line.remark,
        };
      }),
      purchase_orders: await this.orders.purchaseOrders(manager, record.id),
      transfer_request:
        record.transfer_from_location_id && record.transfer_requested_time
          ? {
              from_location_id: record.transfer_from_location_id,
              from_location_name: kitchen?.location_name ?? record.transfer_from_location_id,
              to_location_id: record.location_id,
              line_count: record.transfer_line_count ?? 0,
              requested_time: new Date(record.transfer_requested_time).toISOString(),
            }
          : null,
    };
  }
}
