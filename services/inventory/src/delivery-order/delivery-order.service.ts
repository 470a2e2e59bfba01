import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { DELIVERY_ORDER_MACHINE, DELIVERY_ORDER_SIGNED_ACTIONS, InventorySubjects, exact } from '@scm/contracts';
import type {
  AccessTokenClaims,
  DeliveryOrderAction,
  DeliveryOrderLineView,
  DeliveryOrderListRow,
  DeliveryOrderReleaseChoice,
  DeliveryOrderReleaseLines,
  DeliveryOrderView,
  DocumentStatusCount,
  ListQuery,
  TransferDestination,
  ValidDeliveryOrderInput,
  ValidDeliveryOrderSignInput,
} from '@scm/contracts';
import { translate } from '@scm/i18n';
import type { Language } from '@scm/i18n';
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
  inLocationScope,
  inTransaction,
  locationScopeOf,
  nextDocumentNumber,
  readHistory,
  recordHistory,
  renderDocumentPdf,
  retryOnConflict,
  ruleOf,
} from '@scm/platform';
import type { DocumentPdf, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { ItemReplicaRepository, itemKey } from '../replicas/item-replica.repository.js';
import { LocationReplicaRepository } from '../replicas/location-replica.repository.js';
import { MAX_QUANTITY, fits, isLiveItem, itemLabel, unitOf } from '../stock-adjustment/adjustment-lines.js';
import { problem } from '../stock-adjustment/stock-adjustment.exception.js';
import type { LineProblem } from '../stock-adjustment/stock-adjustment.exception.js';
import { StockTransferRepository } from '../stock-transfer/stock-transfer.repository.js';
import { DeliveryOrderException } from './delivery-order.exception.js';
import { DeliveryOrderRepository, isReleased } from './delivery-order.repository.js';
import type { DeliveryOrderHeader, DeliveryOrderLineRecord, DeliveryOrderRecord } from './delivery-order.repository.js';

const MACHINE = DELIVERY_ORDER_MACHINE;

/** The attachment owner type of delivery orders (inventory.module.ts). */
export const DELIVERY_ORDER_ATTACHMENTS = 'delivery-order';

const ACTIVITY_SUBJECTS = {
  deliver: InventorySubjects.DeliveryOrderDelivered,
  mark_undelivered: InventorySubjects.DeliveryOrderUndelivered,
  redeliver: InventorySubjects.DeliveryOrderRedelivered,
} as const satisfies Record<DeliveryOrderAction, string>;

/** An action's body: the kit's `{revision, remark}`, with the signature and the signer for deliver / redeliver. */
export type DeliveryOrderActionInput = ValidDeliveryOrderSignInput;

/**
 * Delivery orders (SPEC.md §3, §4 "Delivery", §8 signError). A DO is the delivery paper of goods that a stock
 * release (SR) moved: it posts nothing to the ledger. It is made by hand (items from the item replica) or from a
 * stock release of the same source location (its lines, its number in sar_ref_list), starts IN TRANSIT with its
 * number from the kit's numbering, and ends when the driver or receiver signs on the page (DELIVERED) — or is
 * marked RETURN (undelivered, with the reason) and later delivered again with a new signature (REDELIVERED).
 *
 * Scope: a DO belongs to its source location and, when internal, to its destination too: a user of either may
 * read it and sign for it (the driver carries it from one to the other); a user of neither gets "not found".
 */
@Injectable()
export class DeliveryOrderService implements OnModuleInit {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly orders: DeliveryOrderRepository,
    private readonly releases: StockTransferRepository,
    private readonly actions: DocumentActions,
    private readonly items: ItemReplicaRepository,
    private readonly locations: LocationReplicaRepository,
    private readonly events: EventPublisher,
    private readonly attachments: AttachmentService,
  ) {}

  onModuleInit(): void {
    this.attachments.guardOwner(DELIVERY_ORDER_ATTACHMENTS, async (ownerId, user) => {
      await this.findInScope(this.dataSource.manager, ownerId, user);
    });
  }

  async list(query: ListQuery, scope: LocationScope): Promise<ListPage<DeliveryOrderListRow>> {
    const page = await this.orders.list(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return this.orders.statusCounts(query, scope);
  }

  /**
   * Where an internal DO from the caller's `fromLocationId` may go: every active location but it (the stock
   * transfer's own directory, the same list a stock release is addressed from).
   */
  destinations(fromLocationId: string, user: AccessTokenClaims): Promise<TransferDestination[]> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'from_location_id', locationId: fromLocationId }]);
    return this.releases.destinations(fromLocationId);
  }

  /** The stock releases of the caller's `fromLocationId` a DO may be made from. */
  releaseChoices(fromLocationId: string, user: AccessTokenClaims): Promise<DeliveryOrderReleaseChoice[]> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'from_location_id', locationId: fromLocationId }]);
    return this.orders.releaseChoices(fromLocationId);
  }

  /** One stock release of the caller's `fromLocationId`, its lines in the DO's shape (the form fills itself). */
  async releaseLines(fromLocationId: string, releaseId: string, user: AccessTokenClaims) {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'from_location_id', locationId: fromLocationId }]);
    const manager = this.dataSource.manager;
    const release = await this.release(manager, fromLocationId, releaseId);
    const lines = await this.releases.lines(manager, release.id);
    const items = await this.items.findMany(manager, lines);
    const toLocationId: string | null = release.to_location_id;
    const locations = await this.locations.findMany(manager, toLocationId ? [toLocationId] : []);
    // A release to a customer (no destination location) carries who, where and the invoice: read loosely, so a DO
    // keeps working whichever of these the release has.
    const extra = release as unknown as { customer_id?: string | null; delivery_address?: string; invoice_no?: string };
    const answer: DeliveryOrderReleaseLines = {
      id: release.id,
      sr_no: release.doc_no,
      status: release.status,
      from_location_id: release.from_location_id,
      to_location_id: toLocationId,
      to_location_name: toLocationId ? (locations.get(toLocationId)?.location_name ?? toLocationId) : null,
      customer_name: extra.customer_id ?? '',
      delivery_address: extra.delivery_address ?? '',
      invoice_no: extra.invoice_no ?? '',
      release_date: release.release_date,
      urgency: release.urgency,
      lines: lines.map((line) => ({
        line_no: line.line_no,
        item_type: line.item_type,
        item_id: line.item_id,
        item_name: items.get(itemKey(line.item_type, line.item_id))?.item_name ?? line.item_id,
        uom_name: line.uom_name,
        release_quantity: exact(line.release_quantity).toFixed(),
        remark: line.remark,
      })),
    };
    return answer;
  }

  async get(id: string, user: AccessTokenClaims): Promise<DeliveryOrderView> {
    const manager = this.dataSource.manager;
    const record = await this.findInScope(manager, id, user);
    return this.view(manager, record, user);
  }

  /** A new DO, IN TRANSIT at once (it is written when the goods leave), numbered in its source's DO series. */
  async create(input: ValidDeliveryOrderInput, user: AccessTokenClaims): Promise<DeliveryOrderView> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'from_location_id', locationId: input.from_location_id }]);
    const id = await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const header = await this.header(manager, input.from_location_id, input);
        const lines = await this.checkLines(manager, input);
        const actor = actorOf(user);
        const orderId = randomUUID();
        const docNo = await nextDocumentNumber(manager, 'DO', input.from_location_id);
        await this.orders.insert(
          manager,
          {
            ...header,
            id: orderId,
            doc_no: docNo,
            status: MACHINE.initial,
            revision: 1,
            from_location_id: input.from_location_id,
            created_by: actor.id,
            created_by_name: actor.name,
          },
          lines,
        );
        await recordHistory(manager, {
          document_type: 'DO',
          document_id: orderId,
          action: 'create',
          from_status: null,
          to_status: MACHINE.initial,
          actor,
        });
        await this.events.publish(manager, InventorySubjects.DeliveryOrderCreated, {
          document_type: 'DO',
          document_id: orderId,
          doc_no: docNo,
          location_id: input.from_location_id,
          action: 'create',
          from_status: null,
          to_status: MACHINE.initial,
          actor_id: actor.id,
          actor_name: actor.name,
          remark: null,
          revision: 1,
        });
        await this.announceUsage(manager, orderId, 1, input.from_location_id, header, lines);
        return orderId;
      }),
    );
    return this.get(id, user);
  }

  /** Corrections while IN TRANSIT (a courier, an invoice number, a line): the source stays. */
  async update(id: string, input: ValidDeliveryOrderInput, user: AccessTokenClaims): Promise<DeliveryOrderView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        assertEditable(MACHINE, record.status);
        assertRevision(record.revision, input.revision);
        // The number names the source: a DO does not move; make one at the other location.
        if (input.from_location_id !== record.from_location_id) {
          throw DeliveryOrderException.invalid([problem.invalid('from_location_id')]);
        }
        const header = await this.header(manager, record.from_location_id, input);
        const lines = await this.checkLines(manager, input);
        await this.orders.replaceLines(manager, id, lines);
        const saved = await this.orders.update(manager, id, record.revision, { ...header, last_updated_by: user.sub });
        if (!saved) throw DeliveryOrderException.stale();
        await recordHistory(manager, {
          document_type: 'DO',
          document_id: id,
          action: 'update',
          from_status: record.status,
          to_status: record.status,
          actor: actorOf(user),
        });
        await this.announceUsage(manager, id, record.revision + 1, record.from_location_id, header, lines);
      }),
    );
    return this.get(id, user);
  }

  /**
   * deliver / redeliver (signed: refused without a signature with SPEC.md §8's signError) and mark_undelivered (its
   * remark is the reason), through the kit's one action runner: scope, machine, permission, revision, remark,
   * history, status and the activity event, in one transaction.
   */
  async act(
    id: string,
    action: DeliveryOrderAction,
    input: DeliveryOrderActionInput,
    user: AccessTokenClaims,
  ): Promise<DeliveryOrderView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        ruleOf(MACHINE, record.status, action);
        assertRevision(record.revision, input.revision);
        const signed = DELIVERY_ORDER_SIGNED_ACTIONS.includes(action);
        if (signed && !input.signature) throw DeliveryOrderException.signatureRequired();
        const actor = actorOf(user);
        await this.actions.apply(manager, {
          machine: MACHINE,
          table: 'delivery_order',
          document: {
            type: 'DO',
            id: record.id,
            doc_no: record.doc_no,
            status: record.status,
            revision: record.revision,
            location_id: record.location_id,
            submitted_by: record.submitted_by,
          },
          action,
          input: { revision: input.revision, ...(input.remark !== undefined && { remark: input.remark }) },
          user,
          subject: ACTIVITY_SUBJECTS[action],
          fields: signed
            ? {
                signature: input.signature!,
                signed_by: actor.id,
                // Who signed on the pad (the driver or the receiver); the user holding the device when not named.
                signed_by_name: input.signed_by_name || actor.name,
                signed_time: new Date(),
              }
            : { return_reason: input.remark ?? null },
        });
      }),
    );
    return this.get(id, user);
  }

  /** The DO as a PDF (A4, in the caller's language), with the receiver's signature once signed. */
  async pdf(id: string, user: AccessTokenClaims, language: Language): Promise<{ fileName: string; body: Buffer }> {
    const view = await this.get(id, user);
    return { fileName: `${view.doc_no}.pdf`, body: await renderDocumentPdf(deliveryOrderPdf(view, language)) };
  }

  /** The header checked: known locations, a destination other than the source, the stock release it came from. */
  private async header(
    manager: EntityManager,
    fromLocationId: string,
    input: ValidDeliveryOrderInput,
  ): Promise<DeliveryOrderHeader> {
    const internal = input.delivery_type === 'INTERNAL';
    const toLocationId = internal ? (input.to_location_id ?? null) : null;
    const problems: LineProblem[] = [];
    const locations = await this.locations.findMany(manager, [fromLocationId, ...(toLocationId ? [toLocationId] : [])]);
    for (const [field, locationId] of [
      ['from_location_id', fromLocationId],
      ['to_location_id', toLocationId],
    ] as const) {
      if (!locationId) continue;
      const location = locations.get(locationId);
      if (!location || location.deleted || location.status === 'archived') {
        problems.push({ ...problem.locationUnknown(location?.location_name || locationId), field });
      }
    }
    if (toLocationId && toLocationId === fromLocationId) problems.push(problem.invalid('to_location_id'));
    if (problems.length > 0) throw DeliveryOrderException.invalid(problems);

    const refs = [...input.sar_ref_list];
    if (input.stock_release_id) {
      const release = await this.release(manager, fromLocationId, input.stock_release_id);
      if (!refs.includes(release.doc_no)) refs.unshift(release.doc_no);
    }
    return {
      delivery_type: input.delivery_type,
      to_location_id: toLocationId,
      customer_name: input.customer_name,
      to_address: input.to_address,
      courier: internal ? null : (input.courier ?? null),
      official_id: input.official_id,
      release_date: input.release_date,
      urgency: input.urgency,
      invoice_no: input.invoice_no,
      sar_ref_list: [...new Set(refs)],
      stock_release_id: input.stock_release_id ?? null,
      internal_remark: input.internal_remark,
    };
  }

  /** A stock release of `fromLocationId` that has left it, read through the transfer's repository. */
  private async release(manager: EntityManager, fromLocationId: string, releaseId: string) {
    const release = /^[0-9a-f-]{36}$/i.test(releaseId) ? await this.releases.find(manager, releaseId) : null;
    if (!release || release.from_location_id !== fromLocationId || !isReleased(release.status)) {
      throw DeliveryOrderException.releaseInvalid({ sr_no: release?.doc_no ?? releaseId, location: fromLocationId });
    }
    return release;
  }

  /** The lines: known items (SKUs or products), one of their units, one line per item. */
  private async checkLines(manager: EntityManager, input: ValidDeliveryOrderInput): Promise<DeliveryOrderLineRecord[]> {
    const items = await this.items.findMany(manager, input.stock_release_list);
    const problems: LineProblem[] = [];
    const seen = new Set<string>();
    const lines: DeliveryOrderLineRecord[] = [];
    input.stock_release_list.forEach((line, index) => {
      const at = `stock_release_list.${index}`;
      const item = items.get(itemKey(line.item_type, line.item_id));
      if (!isLiveItem(item)) return void problems.push(problem.itemUnknown(`${at}.item_id`, line.item_id));
      const unit = unitOf(item, line.uom_name);
      if (!unit) return void problems.push(problem.unitUnknown(`${at}.uom_name`, itemLabel(item), line.uom_name));
      if (!fits(line.release_quantity, MAX_QUANTITY)) {
        return void problems.push(problem.tooLarge(`${at}.release_quantity`, MAX_QUANTITY));
      }
      const key = itemKey(line.item_type, line.item_id);
      if (seen.has(key)) return void problems.push(problem.duplicate(`${at}.item_id`));
      seen.add(key);
      lines.push({
        line_no: index + 1,
        item_type: line.item_type,
        item_id: line.item_id,
        uom_name: unit.uom_name,
        release_quantity: line.release_quantity,
        remark: line.remark,
      });
    });
    if (problems.length > 0) throw DeliveryOrderException.invalid(problems);
    return lines;
  }

  /** Catalog learns what the DO names (its locations and items), so they cannot be deleted under it. */
  private async announceUsage(
    manager: EntityManager,
    id: string,
    revision: number,
    fromLocationId: string,
    header: DeliveryOrderHeader,
    lines: readonly DeliveryOrderLineRecord[],
  ): Promise<void> {
    await announceDocumentUsage(this.events, manager, {
      service: 'inventory',
      used_by_type: 'delivery_order',
      used_by_id: id,
      revision,
      targets: [
        { target_type: 'location', target_id: fromLocationId },
        { target_type: 'location', target_id: header.to_location_id },
        ...lines.map((line) => ({ target_type: line.item_type, target_id: line.item_id })),
      ],
    });
  }

  private lockInScope(manager: EntityManager, id: string, user: AccessTokenClaims) {
    return this.findInScope(manager, id, user, true);
  }

  /**
   * THE location-scope check of a DO (read by id, actions, attachments, PDF): in scope when the caller holds its
   * source or its destination; else (or missing) "not found". `location_id` is the side the caller holds, where the
   * kit checks the action.
   */
  private findInScope(
    manager: EntityManager,
    id: string,
    user: AccessTokenClaims,
    lock = false,
  ): Promise<DeliveryOrderRecord & { location_id: string }> {
    const scope = locationScopeOf(user);
    return findDocumentInScope(
      id,
      user,
      async (valid) => {
        const record = await this.orders.find(manager, valid, lock);
        if (!record) return null;
        const held =
          inLocationScope(scope, record.from_location_id) || !record.to_location_id
            ? record.from_location_id
            : record.to_location_id;
        return { ...record, location_id: held };
      },
      () => DeliveryOrderException.notFound(),
    );
  }

  private async view(
    manager: EntityManager,
    record: DeliveryOrderRecord,
    user: AccessTokenClaims,
  ): Promise<DeliveryOrderView> {
    const lines = await this.orders.lines(manager, record.id);
    const items = await this.items.findMany(manager, lines);
    const locations = await this.locations.findMany(manager, [
      record.from_location_id,
      ...(record.to_location_id ? [record.to_location_id] : []),
    ]);
    const lineViews: DeliveryOrderLineView[] = lines.map((line) => ({
      line_no: line.line_no,
      item_type: line.item_type,
      item_id: line.item_id,
      item_name: items.get(itemKey(line.item_type, line.item_id))?.item_name ?? line.item_id,
      uom_name: line.uom_name,
      release_quantity: line.release_quantity,
      remark: line.remark,
    }));
    const fromName = locations.get(record.from_location_id)?.location_name ?? record.from_location_id;
    const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
    return {
      id: record.id,
      doc_no: record.doc_no,
      status: record.status,
      revision: record.revision,
      location_id: record.from_location_id,
      location_name: fromName,
      created_by: record.created_by ?? '',
      created_by_name: record.created_by_name,
      created_time: new Date(record.created_time).toISOString(),
      submitted_by: record.submitted_by,
      submitted_by_name: record.submitted_by_name,
      submitted_time: iso(record.submitted_time),
      last_updated_time: new Date(record.last_updated_time).toISOString(),
      available_actions: availableActionsFor(MACHINE, record.status, user),
      history: await readHistory(manager, 'DO', record.id),
      from_location_id: record.from_location_id,
      from_location_name: fromName,
      delivery_type: record.delivery_type,
      to_location_id: record.to_location_id,
      to_location_name: record.to_location_id
        ? (locations.get(record.to_location_id)?.location_name ?? record.to_location_id)
        : null,
      customer_name: record.customer_name,
      to_address: record.to_address,
      courier: record.courier,
      official_id: record.official_id,
      release_date: record.release_date,
      urgency: record.urgency,
      invoice_no: record.invoice_no,
      sar_ref_list: record.sar_ref_list,
      stock_release_id: record.stock_release_id,
      internal_remark: record.internal_remark,
      signature: record.signature,
      signed_by_name: record.signed_by_name,
      signed_time: iso(record.signed_time),
      return_reason: record.return_reason,
      stock_release_list: lineViews,
    };
  }
}

/** The printable DO: labels in `language` (messages.delivery_order_pdf), the signature image once signed. */
export function deliveryOrderPdf(view: DeliveryOrderView, language: Language): DocumentPdf {
  const label = (key: string, params?: Record<string, string>) =>
    translate(language, `messages.delivery_order_pdf.${key}`, params);
  const to =
    view.delivery_type === 'INTERNAL'
      ? `${view.to_location_id ?? ''} · ${view.to_location_name ?? ''}`
      : [view.customer_name, view.to_address].filter(Boolean).join(', ');
  const png = view.signature ? Buffer.from(view.signature.replace(/^data:image\/png;base64,/, ''), 'base64') : null;
  return {
    title: label('title'),
    number: view.doc_no,
    fields: [
      { label: label('from'), value: `${view.from_location_id} · ${view.from_location_name}` },
      { label: label('to'), value: to },
      { label: label('release_date'), value: view.release_date },
      { label: label('urgency'), value: view.urgency },
      { label: label('official_id'), value: view.official_id },
      { label: label('invoice_no'), value: view.invoice_no },
      { label: label('courier'), value: view.courier ?? '' },
      { label: label('sar_refs'), value: view.sar_ref_list.join(', ') },
      { label: label('status'), value: view.status },
    ],
    table: {
      columns: [
        { label: '#', width: 0.5, align: 'right' },
        { label: label('item'), width: 5 },
        { label: label('unit'), width: 1.2 },
        { label: label('quantity'), width: 1.8, align: 'right' },
        { label: label('remark'), width: 3 },
      ],
      rows: view.stock_release_list.map((line) => [
        String(line.line_no),
        `${line.item_name} (${line.item_id})`,
        line.uom_name,
        exact(line.release_quantity).toFixed(),
        line.remark,
      ]),
    },
    ...(png && {
      signature: {
        label: label('signature'),
        png,
        caption: label('signed', {
          name: view.signed_by_name ?? '',
          time: (view.signed_time ?? '').slice(0, 19).replace('T', ' '),
        }),
      },
    }),
    footer: label('footer', { doc_no: view.doc_no }),
  };
}
