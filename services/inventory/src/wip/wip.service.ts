import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import {
  ExactDecimal,
  InventorySubjects,
  LEDGER_VALUE_SCALE,
  WIP_MACHINE,
  exact,
  roundQuantity,
  roundTo,
  roundUnitCost,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  StockPostingLine,
  ValidWipInput,
  WipAction,
  WipDiscrepancyFound,
  WipListRow,
  WipView,
} from '@scm/contracts';
import {
  AttachmentService,
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
  lockRowsInOrder,
  nextDocumentNumber,
  readHistory,
  recordHistory,
  retryOnConflict,
  ruleOf,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { StockLedger } from '../ledger/stock-ledger.js';
import { RecipeBook } from '../recipes/recipe-book.js';
import type { RecipeExplosion } from '../recipes/recipe-book.js';
import { ItemReplicaRepository, itemKey } from '../replicas/item-replica.repository.js';
import type { ItemReplicaRow } from '../replicas/item-replica.repository.js';
import { LocationReplicaRepository } from '../replicas/location-replica.repository.js';
import { isLiveItem, itemLabel, unitOf } from '../stock-adjustment/adjustment-lines.js';
import { problem } from '../stock-adjustment/stock-adjustment.exception.js';
import type { LineProblem } from '../stock-adjustment/stock-adjustment.exception.js';
import { WipException, wipProblem } from './wip.exception.js';
import { WipRepository } from './wip.repository.js';
import type {
  WipByProductRecord,
  WipConsumptionRecord,
  WipLines,
  WipOutputRecord,
  WipRecord,
} from './wip.repository.js';

const MACHINE = WIP_MACHINE;

/** The attachment owner type of WIPs (inventory.module.ts). */
export const WIP_ATTACHMENTS = 'wip';

const ACTIVITY_SUBJECTS = {
  post: InventorySubjects.WipPosted,
  discard: InventorySubjects.WipDiscarded,
} as const;

/** What a WIP is, as the form gives it (saved lines read back into the same shape for posting). */
interface WipRequest {
  location_id: string;
  outputs: { bom_id: string; planned_quantity: string; produce_quantity: string | null }[];
  consumption: { sku_id: string; actual_quantity: string | null }[];
  by_products: { item_id: string; uom_name: string; quantity: string; cost_share_percentage: string }[];
}

/** The lines computed from the BOMs, checked, and the explosion of the produced quantities when all are known. */
interface PreparedWip {
  lines: WipLines;
  /** Per output (same order), its exact consumption per SKU for the PRODUCED quantity; null until all recorded. */
  produced: RecipeExplosion | null;
  items: Map<string, ItemReplicaRow>;
}

/**
 * WIP production (SPEC.md §3, §4; docs/stock-ledger.md "WIP production"). A DRAFT names SKU BOMs and planned
 * outputs; the ingredients are the BOMs' explosion (RecipeBook: wastage included, primary units). The cook records
 * produce quantities, actual consumption and by-products. `post`, in ONE transaction with the status change:
 *
 * 1. the EXPECTED consumption of the produced quantities (the BOMs again, for produce_qty) is issued at FIFO cost by
 *    the ledger (`StockLedger.post` of the document's next revision) — short: the ledger's "Insufficient available
 *    quantity" naming the ingredient, nothing posted; the issue's movements say what each ingredient cost;
 * 2. the by-products receive their cost share (percent of the issued ingredients' value), the outputs the rest, each
 *    output its own ingredients' share (per SKU, in proportion to its expected quantity of it), per output unit;
 * 3. those receipts are a second posting, of the revision after (a WIP posts once: no later action of it posts);
 *    every balance of both is locked first in the ledger's one order, so the two never deadlock another posting;
 * 4. actual − expected of each ingredient is the discrepancy: `inventory.wip.discrepancy-found`, whose handler
 *    makes the automatic stock adjustment (once per WIP).
 */
@Injectable()
export class WipService implements OnModuleInit {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly wips: WipRepository,
    private readonly actions: DocumentActions,
    private readonly ledger: StockLedger,
    private readonly recipes: RecipeBook,
    private readonly items: ItemReplicaRepository,
    private readonly locations: LocationReplicaRepository,
    private readonly events: EventPublisher,
    private readonly attachments: AttachmentService,
  ) {}

  onModuleInit(): void {
    this.attachments.guardOwner(WIP_ATTACHMENTS, async (ownerId, user) => {
      await this.findInScope(this.dataSource.manager, ownerId, user);
    });
  }

  async list(query: ListQuery, scope: LocationScope): Promise<ListPage<WipListRow>> {
    const page = await this.wips.list(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return this.wips.statusCounts(query, scope);
  }

  async get(id: string, user: AccessTokenClaims): Promise<WipView> {
    const manager = this.dataSource.manager;
    const record = await this.findInScope(manager, id, user);
    return this.view(manager, record, user);
  }

  /** A new DRAFT at the caller's location, numbered in its WIP series. */
  async create(input: ValidWipInput, user: AccessTokenClaims): Promise<WipView> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'location_id', locationId: input.location_id }]);
    const id = await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const prepared = await this.prepare(manager, requestOf(input));
        const actor = actorOf(user);
        const wipId = randomUUID();
        await this.wips.insert(
          manager,
          {
            id: wipId,
            // Taken late: the series serialises creations at this location until the commit.
            doc_no: await nextDocumentNumber(manager, 'WIP', input.location_id),
            status: 'DRAFT',
            revision: 1,
            location_id: input.location_id,
            wip_date: input.wip_date,
            remark: input.remark ?? '',
            created_by: actor.id,
            created_by_name: actor.name,
          },
          prepared.lines,
        );
        await recordHistory(manager, {
          document_type: 'WIP',
          document_id: wipId,
          action: 'create',
          from_status: null,
          to_status: 'DRAFT',
          actor,
        });
        await this.announceUsage(manager, wipId, 1, input.location_id, prepared.lines);
        return wipId;
      }),
    );
    return this.get(id, user);
  }

  /** The whole DRAFT again (header, outputs, actuals, by-products) at the revision it was made on. */
  async update(id: string, input: ValidWipInput, user: AccessTokenClaims): Promise<WipView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        assertEditable(MACHINE, record.status);
        assertRevision(record.revision, input.revision);
        // The number names the location: a WIP does not move; make one at the other location.
        if (input.location_id !== record.location_id) throw WipException.invalid([problem.invalid('location_id')]);
        const prepared = await this.prepare(manager, requestOf(input));
        await this.wips.replaceLines(manager, id, prepared.lines);
        const saved = await this.wips.update(manager, id, record.revision, {
          wip_date: input.wip_date,
          remark: input.remark ?? '',
          last_updated_by: user.sub,
        });
        if (!saved) throw WipException.stale();
        await recordHistory(manager, {
          document_type: 'WIP',
          document_id: id,
          action: 'update',
          from_status: record.status,
          to_status: record.status,
          actor: actorOf(user),
        });
        await this.announceUsage(manager, id, record.revision + 1, record.location_id, prepared.lines);
      }),
    );
    return this.get(id, user);
  }

  /** post (the production, into the ledger) or discard, through the kit's one action runner. */
  async act(id: string, action: WipAction, input: DocumentActionInput, user: AccessTokenClaims): Promise<WipView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        ruleOf(MACHINE, record.status, action);
        assertRevision(record.revision, input.revision);
        const outcome: { discrepancy: WipDiscrepancyFound | null } = { discrepancy: null };
        await this.actions.apply(manager, {
          machine: MACHINE,
          document: {
            type: 'WIP',
            id: record.id,
            doc_no: record.doc_no,
            status: record.status,
            revision: record.revision,
            location_id: record.location_id,
            submitted_by: record.submitted_by,
          },
          action,
          input,
          user,
          table: 'wip',
          subject: ACTIVITY_SUBJECTS[action],
          effect:
            action === 'post'
              ? async () => {
                  const posted = await this.post(manager, record, actorOf(user));
                  outcome.discrepancy = posted.discrepancy;
                  return posted.fields;
                }
              : undefined,
        });
        if (outcome.discrepancy) {
          await this.events.publish(manager, InventorySubjects.WipDiscrepancyFound, outcome.discrepancy);
        }
      }),
    );
    return this.get(id, user);
  }

  /** The posting of a DRAFT being posted (the caller's transaction, the row locked): the columns it sets. */
  private async post(
    manager: EntityManager,
    record: WipRecord,
    actor: { id: string; name: string },
  ): Promise<{ fields: Record<string, unknown>; discrepancy: WipDiscrepancyFound | null }> {
    const stored = await this.wips.lines(manager, record.id);
    // The BOMs as they are now: the lines are computed again, as a save would.
    const prepared = await this.prepare(manager, requestOfLines(record.location_id, stored));
    const { lines, items } = prepared;
    const missing = lines.outputs
      .map((output, index) => ({ output, index }))
      .filter(({ output }) => output.produce_quantity === null)
      .map(({ output, index }) =>
        wipProblem.produceRequired(`outputs.${index}.produce_quantity`, labelOf(items, output.sku_id)),
      );
    if (missing.length > 0) throw WipException.invalid(missing);
    const produced = prepared.produced!;
    // Every balance the two postings touch that exists, locked in the ledger's one order before either posts (the
    // ledger creates the missing ones), so the issue and the receipts never deadlock with another posting.
    const issuing = lines.consumption.filter((line) => exact(line.expected_quantity ?? '0').greaterThan(0));
    const touched = [
      ...issuing.map((line) => line.sku_id),
      ...lines.outputs.map((line) => line.sku_id),
      ...lines.by_products.map((line) => line.item_id),
    ];
    await lockRowsInOrder(manager, {
      table: 'stock_balance',
      keyColumns: ['item_type', 'item_id', 'location_id'],
      keys: [...new Set(touched)].map((skuId) => ({
        item_type: 'sku',
        item_id: skuId,
        location_id: record.location_id,
      })),
    });

    // The ingredients out at FIFO, by the ledger; what each cost is what its movements took.
    const header = { document_type: 'WIP' as const, document_id: record.id, document_no: record.doc_no };
    const issue =
      issuing.length === 0
        ? null
        : await this.ledger.post(
            manager,
            {
              ...header,
              revision: record.revision + 1,
              value_date: record.wip_date,
              lines: issuing.map((line, index) => ({
                line_no: index + 1,
                item_type: 'sku' as const,
                item_id: line.sku_id,
                location_id: record.location_id,
                quantity: exact(line.expected_quantity!).negated().toFixed(3),
                uom_name: line.uom_name,
              })),
            },
            actor,
          );
    const picked = new Map<string, { value: ExactDecimal }>();
    for (const movement of issue?.movements ?? []) {
      const sku = issuing[movement.line_no - 1].sku_id;
      const value = exact(movement.cost_value).abs();
      picked.set(sku, { value: (picked.get(sku)?.value ?? exact(0)).plus(value) });
    }
    const ingredientValue = [...picked.values()].reduce((sum, entry) => sum.plus(entry.value), exact(0));

    // By-products first: their shares of the ingredients' value; the outputs keep the rest.
    const shareTotal = lines.by_products.reduce((sum, line) => sum.plus(exact(line.cost_share_percentage)), exact(0));
    const byProducts: WipByProductRecord[] = lines.by_products.map((line) => {
      const value = ingredientValue.times(exact(line.cost_share_percentage)).div(100);
      return {
        ...line,
        value: roundTo(value, LEDGER_VALUE_SCALE),
        unit_cost: roundUnitCost(value.div(exact(line.quantity))),
      };
    });
    const keep = exact(1).minus(shareTotal.div(100));
    // Each ingredient's issued value is shared among the outputs by their expected quantity of it.
    const totals = new Map<string, ExactDecimal>();
    for (const own of produced.byDemand) {
      for (const [sku, quantity] of own ?? []) totals.set(sku, (totals.get(sku) ?? exact(0)).plus(quantity));
    }
    const outputs: WipOutputRecord[] = lines.outputs.map((output, index) => {
      let value = exact(0);
      for (const [sku, quantity] of produced.byDemand[index] ?? []) {
        const total = totals.get(sku);
        const issued = picked.get(sku);
        if (!total || total.isZero() || !issued) continue;
        value = value.plus(issued.value.times(quantity).div(total));
      }
      const outputValue = value.times(keep);
      return {
        ...output,
        output_value: roundTo(outputValue, LEDGER_VALUE_SCALE),
        unit_cost: roundUnitCost(outputValue.div(exact(output.produce_quantity!))),
      };
    });

    // The outputs and by-products in at the costs just made.
    const receipts: StockPostingLine[] = [
      ...outputs.map((output) => ({
        item_id: output.sku_id,
        quantity: output.produce_quantity!,
        uom_name: output.uom_name,
        unit_cost: output.unit_cost!,
      })),
      ...byProducts.map((line) => ({
        item_id: line.item_id,
        quantity: line.quantity,
        uom_name: line.uom_name,
        unit_cost: line.unit_cost!,
      })),
    ].map((line, index) => ({
      ...line,
      line_no: index + 1,
      item_type: 'sku' as const,
      location_id: record.location_id,
      quantity: exact(line.quantity).toFixed(3),
    }));
    const receipt = await this.ledger.post(
      manager,
      { ...header, revision: record.revision + 2, value_date: record.wip_date, lines: receipts },
      actor,
    );

    const consumption: WipConsumptionRecord[] = lines.consumption.map((line) => ({
      ...line,
      issued_value: roundTo(picked.get(line.sku_id)?.value ?? 0, LEDGER_VALUE_SCALE),
    }));
    await this.wips.replaceLines(manager, record.id, { outputs, consumption, by_products: byProducts });

    // actual − expected: the adjustment's change of stock is expected − actual (less used: it stays).
    const differing = consumption.filter(
      (line) => line.actual_quantity !== null && !exact(line.actual_quantity).equals(exact(line.expected_quantity!)),
    );
    const discrepancy: WipDiscrepancyFound | null =
      differing.length === 0
        ? null
        : {
            wip_id: record.id,
            wip_no: record.doc_no,
            location_id: record.location_id,
            value_date: record.wip_date,
            lines: differing.map((line, index) => {
              const change = exact(line.expected_quantity!).minus(exact(line.actual_quantity!));
              const expected = exact(line.expected_quantity!);
              const issued = picked.get(line.sku_id);
              return {
                line_no: index + 1,
                item_type: 'sku' as const,
                item_id: line.sku_id,
                uom_name: line.uom_name,
                quantity: change.toFixed(3),
                ...(change.greaterThan(0) &&
                  issued &&
                  expected.greaterThan(0) && { unit_cost: roundUnitCost(issued.value.div(expected)) }),
              };
            }),
          };

    const byProductValue = byProducts.reduce((sum, line) => sum.plus(exact(line.value!)), exact(0));
    const outputValue = outputs.reduce((sum, line) => sum.plus(exact(line.output_value!)), exact(0));
    return {
      fields: {
        posting_id: (issue ?? receipt).posting_id,
        ingredient_value: roundTo(ingredientValue, LEDGER_VALUE_SCALE),
        output_value: roundTo(outputValue, LEDGER_VALUE_SCALE),
        by_product_value: roundTo(byProductValue, LEDGER_VALUE_SCALE),
        posted_by: actor.id,
        posted_by_name: actor.name,
        posted_time: new Date(),
      },
      discrepancy,
    };
  }

  /**
   * The checks of a WIP and its lines computed from the BOMs: a live location; live SKU BOMs whose output SKUs are
   * kept in stock (one line per BOM); the ingredients from the BOMs for the planned quantities, and — once every
   * produce quantity is recorded — for the produced ones; actual consumption only of those ingredients; by-products
   * of kept SKUs in one of their units, whose shares stay below 100%. Every problem on its field.
   */
  private async prepare(manager: EntityManager, request: WipRequest): Promise<PreparedWip> {
    const problems: LineProblem[] = [];
    const location = await this.locations.find(manager, request.location_id);
    if (!location || location.deleted || location.status === 'archived') {
      problems.push(problem.locationUnknown(location?.location_name || request.location_id));
    }
    const boms = await Promise.all(
      request.outputs.map((output) => this.recipes.getBom(manager, 'sku_bom', output.bom_id)),
    );
    const outputItems = await this.items.findMany(
      manager,
      boms.flatMap((bom) => (bom?.output_sku_id ? [{ item_type: 'sku' as const, item_id: bom.output_sku_id }] : [])),
    );
    const outputs: WipOutputRecord[] = [];
    const seenBoms = new Set<string>();
    request.outputs.forEach((output, index) => {
      const bom = boms[index];
      const item = bom?.output_sku_id ? outputItems.get(itemKey('sku', bom.output_sku_id)) : undefined;
      if (!bom || bom.deleted || bom.status === 'archived' || !bom.output_sku_id) {
        return void problems.push(wipProblem.bomUnknown(`outputs.${index}.bom_id`, output.bom_id));
      }
      if (!isLiveItem(item))
        return void problems.push(problem.itemUnknown(`outputs.${index}.bom_id`, bom.output_sku_id));
      if (!item.is_inventorise) {
        return void problems.push(problem.notInventorised(`outputs.${index}.bom_id`, itemLabel(item)));
      }
      const unit = unitOf(item, bom.output_uom_name);
      if (!unit) {
        return void problems.push(problem.unitUnknown(`outputs.${index}.bom_id`, itemLabel(item), bom.output_uom_name));
      }
      if (seenBoms.has(bom.bom_id)) return void problems.push(problem.duplicate(`outputs.${index}.bom_id`));
      seenBoms.add(bom.bom_id);
      outputs.push({
        line_no: index + 1,
        bom_id: bom.bom_id,
        bom_name: bom.bom_name,
        sku_id: bom.output_sku_id,
        uom_name: unit.uom_name,
        planned_quantity: exact(output.planned_quantity).toFixed(3),
        produce_quantity: output.produce_quantity === null ? null : exact(output.produce_quantity).toFixed(3),
        output_value: null,
        unit_cost: null,
      });
    });
    if (problems.length > 0) throw WipException.invalid(problems);

    const planned = await this.recipes.explode(
      manager,
      outputs.map((output) => ({ kind: 'sku_bom' as const, id: output.bom_id, quantity: output.planned_quantity })),
    );
    for (const unresolved of planned.unresolved) {
      problems.push(wipProblem.bomUnknown(`outputs.${unresolved.index}.bom_id`, outputs[unresolved.index].bom_id));
    }
    if (problems.length > 0) throw WipException.invalid(problems);
    const allProduced = outputs.every((output) => output.produce_quantity !== null);
    const produced = allProduced
      ? await this.recipes.explode(
          manager,
          outputs.map((output) => ({
            kind: 'sku_bom' as const,
            id: output.bom_id,
            quantity: output.produce_quantity!,
          })),
        )
      : null;

    const ingredientIds = [...planned.consumption.keys()];
    const byProductItems = request.by_products.map((line) => ({ item_type: 'sku' as const, item_id: line.item_id }));
    const items = await this.items.findMany(manager, [
      ...ingredientIds.map((id) => ({ item_type: 'sku' as const, item_id: id })),
      ...byProductItems,
      ...outputs.map((output) => ({ item_type: 'sku' as const, item_id: output.sku_id })),
    ]);
    const actuals = new Map<string, string | null>();
    request.consumption.forEach((line, index) => {
      // An actual of an ingredient the BOMs no longer consume (an output changed since) is dropped, not refused.
      if (!planned.consumption.has(line.sku_id)) return;
      if (actuals.has(line.sku_id)) return void problems.push(problem.duplicate(`consumption.${index}.sku_id`));
      actuals.set(line.sku_id, line.actual_quantity === null ? null : exact(line.actual_quantity).toFixed(3));
    });
    const consumption: WipConsumptionRecord[] = ingredientIds.map((skuId, index) => ({
      line_no: index + 1,
      sku_id: skuId,
      uom_name: items.get(itemKey('sku', skuId))?.primary_uom_name ?? '',
      planned_quantity: planned.consumption.get(skuId)!,
      expected_quantity: produced ? (produced.consumption.get(skuId) ?? '0.000') : null,
      actual_quantity: actuals.get(skuId) ?? null,
      issued_value: null,
    }));

    const byProducts: WipByProductRecord[] = [];
    request.by_products.forEach((line, index) => {
      const at = `by_products.${index}`;
      const item = items.get(itemKey('sku', line.item_id));
      if (!isLiveItem(item)) return void problems.push(problem.itemUnknown(`${at}.item_id`, line.item_id));
      if (!item.is_inventorise) return void problems.push(problem.notInventorised(`${at}.item_id`, itemLabel(item)));
      const unit = unitOf(item, line.uom_name);
      if (!unit) return void problems.push(problem.unitUnknown(`${at}.uom_name`, itemLabel(item), line.uom_name));
      byProducts.push({
        line_no: index + 1,
        item_type: 'sku',
        item_id: item.item_id,
        uom_name: unit.uom_name,
        quantity: exact(line.quantity).toFixed(3),
        cost_share_percentage: exact(line.cost_share_percentage).toFixed(2),
        value: null,
        unit_cost: null,
      });
    });
    const share = byProducts.reduce((sum, line) => sum.plus(exact(line.cost_share_percentage)), exact(0));
    if (share.greaterThanOrEqualTo(100)) problems.push(wipProblem.shareTooHigh(share.toFixed(2)));
    if (problems.length > 0) throw WipException.invalid(problems);
    return { lines: { outputs, consumption, by_products: byProducts }, produced, items };
  }

  /**
   * The catalog records the WIP uses (its location, its SKU BOMs, the SKUs made, consumed and by-produced), for
   * "in use": catalog refuses to archive or delete them.
   */
  private announceUsage(
    manager: EntityManager,
    id: string,
    revision: number,
    locationId: string,
    lines: WipLines,
  ): Promise<void> {
    return announceDocumentUsage(this.events, manager, {
      service: 'inventory',
      used_by_type: 'wip',
      used_by_id: id,
      revision,
      targets: [
        { target_type: 'location', target_id: locationId },
        ...lines.outputs.map((line) => ({ target_type: 'sku_bom' as const, target_id: line.bom_id })),
        ...lines.outputs.map((line) => ({ target_type: 'sku' as const, target_id: line.sku_id })),
        ...lines.consumption.map((line) => ({ target_type: 'sku' as const, target_id: line.sku_id })),
        ...lines.by_products.map((line) => ({ target_type: 'sku' as const, target_id: line.item_id })),
      ],
    });
  }

  private lockInScope(manager: EntityManager, id: string, user: AccessTokenClaims): Promise<WipRecord> {
    return this.findInScope(manager, id, user, true);
  }

  /** THE location-scope check of the WIP (read by id, actions, attachments): another location's answers not found. */
  private findInScope(manager: EntityManager, id: string, user: AccessTokenClaims, lock = false): Promise<WipRecord> {
    return findDocumentInScope(
      id,
      user,
      (valid) => this.wips.find(manager, valid, lock),
      () => WipException.notFound(),
    );
  }

  private async view(manager: EntityManager, record: WipRecord, user: AccessTokenClaims): Promise<WipView> {
    const lines = await this.wips.lines(manager, record.id);
    const items = await this.items.findMany(manager, [
      ...lines.outputs.map((line) => ({ item_type: 'sku' as const, item_id: line.sku_id })),
      ...lines.consumption.map((line) => ({ item_type: 'sku' as const, item_id: line.sku_id })),
      ...lines.by_products.map((line) => ({ item_type: 'sku' as const, item_id: line.item_id })),
    ]);
    const location = await this.locations.find(manager, record.location_id);
    const onHand = await this.wips.onHand(
      manager,
      record.location_id,
      lines.consumption.map((line) => line.sku_id),
    );
    const adjustment = await this.wips.adjustmentOf(manager, record.id);
    const name = (skuId: string) => items.get(itemKey('sku', skuId))?.item_name ?? skuId;
    const money = (value: string | null) => (value === null ? null : roundTo(exact(value), 2));
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
      history: await readHistory(manager, 'WIP', record.id),
      wip_date: record.wip_date,
      remark: record.remark,
      ingredient_value: money(record.ingredient_value),
      output_value: money(record.output_value),
      by_product_value: money(record.by_product_value),
      posted_by_name: record.posted_by_name,
      posted_time: record.posted_time ? new Date(record.posted_time).toISOString() : null,
      adjustment_id: adjustment?.id ?? null,
      adjustment_no: adjustment?.doc_no ?? null,
      outputs: lines.outputs.map((line) => ({
        line_no: line.line_no,
        bom_id: line.bom_id,
        bom_name: line.bom_name,
        sku_id: line.sku_id,
        item_name: name(line.sku_id),
        uom_name: line.uom_name,
        planned_quantity: line.planned_quantity,
        produce_quantity: line.produce_quantity,
        output_value: money(line.output_value),
        wip_unit_cost: line.unit_cost,
      })),
      consumption: lines.consumption.map((line) => ({
        line_no: line.line_no,
        sku_id: line.sku_id,
        item_name: name(line.sku_id),
        uom_name: line.uom_name,
        planned_quantity: line.planned_quantity,
        expected_quantity: line.expected_quantity,
        actual_quantity: line.actual_quantity,
        discrepancy_quantity:
          line.actual_quantity === null || line.expected_quantity === null
            ? null
            : roundQuantity(exact(line.actual_quantity).minus(exact(line.expected_quantity))),
        on_hand: roundQuantity(onHand.get(line.sku_id) ?? '0'),
        issued_value: money(line.issued_value),
      })),
      by_products: lines.by_products.map((line) => ({
        line_no: line.line_no,
        item_type: 'sku' as const,
        item_id: line.item_id,
        item_name: name(line.item_id),
        uom_name: line.uom_name,
        quantity: line.quantity,
        cost_share_percentage: line.cost_share_percentage,
        by_product_value: money(line.value),
        wip_unit_cost: line.unit_cost,
      })),
    };
  }
}

function labelOf(items: Map<string, ItemReplicaRow>, skuId: string): string {
  const item = items.get(itemKey('sku', skuId));
  return item ? itemLabel(item) : skuId;
}

function requestOf(input: ValidWipInput): WipRequest {
  return {
    location_id: input.location_id,
    outputs: input.outputs.map((output) => ({
      bom_id: output.bom_id,
      planned_quantity: output.planned_quantity,
      produce_quantity: output.produce_quantity ?? null,
    })),
    consumption: (input.consumption ?? []).map((line) => ({
      sku_id: line.sku_id,
      actual_quantity: line.actual_quantity,
    })),
    by_products: (input.by_products ?? []).map((line) => ({
      item_id: line.item_id,
      uom_name: line.uom_name,
      quantity: line.quantity,
      cost_share_percentage: line.cost_share_percentage,
    })),
  };
}

function requestOfLines(locationId: string, lines: WipLines): WipRequest {
  return {
    location_id: locationId,
    outputs: lines.outputs.map((output) => ({
      bom_id: output.bom_id,
      planned_quantity: output.planned_quantity,
      produce_quantity: output.produce_quantity,
    })),
    consumption: lines.consumption.map((line) => ({ sku_id: line.sku_id, actual_quantity: line.actual_quantity })),
    by_products: lines.by_products.map((line) => ({
      item_id: line.item_id,
      uom_name: line.uom_name,
      quantity: line.quantity,
      cost_share_percentage: line.cost_share_percentage,
    })),
  };
}
