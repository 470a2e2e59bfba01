import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import {
  PETTY_CASH_MACHINE,
  ProcurementSubjects,
  REFERENCE_CURRENCY,
  exact,
  pettyCashLineAmounts,
  pettyCashTotals,
  roundTo,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  PettyCashChoices,
  PettyCashLineKind,
  PettyCashLineView,
  PettyCashListRow,
  PettyCashRefundInput,
  PettyCashTotals,
  PettyCashUserAction,
  PettyCashView,
  ValidPettyCashInput,
} from '@scm/contracts';
import {
  AttachmentService,
  DATA_SOURCE,
  DocumentActions,
  EventPublisher,
  ListPage,
  actorOf,
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
  ruleOf,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { poProblem } from '../purchase-order/purchase-order.exception.js';
import type { PurchaseOrderProblem } from '../purchase-order/purchase-order.exception.js';
import { LocationReplicaRepository } from '../replicas/location-replica.repository.js';
import { RatesReplicaRepository } from '../replicas/rates-replica.repository.js';
import { PettyCashException, pcProblem } from './petty-cash.exception.js';
import { PettyCashRepository } from './petty-cash.repository.js';
import type { PettyCashLineRecord, PettyCashRecord } from './petty-cash.repository.js';

const MACHINE = PETTY_CASH_MACHINE;

/** The attachment owner type of petty cash claims (procurement.module.ts): the receipts' scans and photos. */
export const PETTY_CASH_ATTACHMENTS = 'petty-cash';

/** The activity event of each action (a recall too: it withdraws the approval request the submit made). */
const ACTIVITY_SUBJECTS = {
  submit: ProcurementSubjects.PettyCashSubmitted,
  recall: ProcurementSubjects.PettyCashRecalled,
  approve: ProcurementSubjects.PettyCashApproved,
  reject: ProcurementSubjects.PettyCashRejected,
  sign: ProcurementSubjects.PettyCashSigned,
  refund: ProcurementSubjects.PettyCashRefunded,
} as const;

/** An action's body: the kit's `{revision, remark}`, with the receiver's signature for `sign`. */
export type PettyCashActionInput = DocumentActionInput & { signature?: string };

function live(record: { deleted: boolean; status: string } | null): boolean {
  return !!record && !record.deleted && record.status !== 'archived';
}

const iso = (value: Date | string | null): string | null => (value ? new Date(value).toISOString() : null);

interface PricedClaim extends PettyCashTotals {
  exchange_rate: string;
  gst_rate: string;
  total_usd: string;
  lines: PettyCashLineRecord[];
}

/**
 * Petty cash claims (SPEC.md §3-§5), built with the document kit: DRAFT → PENDING APPROVAL → APPROVED → SIGNED →
 * REFUNDED, or REJECTED. A claim is submitted only once its applicant has signed it; approving is bounded by the
 * approver's limit on the claim's total in USD; the cash is signed for on hand-over; the refund list marks signed
 * claims refunded to the outlet's float, many at once. Nothing here posts stock.
 */
@Injectable()
export class PettyCashService implements OnModuleInit {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly claims: PettyCashRepository,
    private readonly actions: DocumentActions,
    private readonly locations: LocationReplicaRepository,
    private readonly rates: RatesReplicaRepository,
    private readonly events: EventPublisher,
    private readonly attachments: AttachmentService,
  ) {}

  onModuleInit(): void {
    this.attachments.guardOwner(PETTY_CASH_ATTACHMENTS, async (ownerId, user) => {
      await this.findInScope(this.dataSource.manager, ownerId, user);
    });
  }

  async list(query: ListQuery, scope: LocationScope): Promise<ListPage<PettyCashListRow>> {
    const page = await this.claims.list(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return this.claims.statusCounts(query, scope);
  }

  async choices(): Promise<PettyCashChoices> {
    const manager = this.dataSource.manager;
    const currencies = await this.claims.currencies(manager);
    const gst = (await this.rates.gstRates(manager)).default_gst_rate ?? '0';
    return {
      currencies: [...new Set([REFERENCE_CURRENCY, ...currencies])].sort(),
      gst_rate: roundTo(gst, 4),
    };
  }

  async get(id: string, user: AccessTokenClaims): Promise<PettyCashView> {
    const manager = this.dataSource.manager;
    const record = await this.findInScope(manager, id, user);
    return this.view(manager, record, user);
  }

  async create(input: ValidPettyCashInput, user: AccessTokenClaims): Promise<PettyCashView> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'location_id', locationId: input.location_id }]);
    const id = await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const priced = await this.price(manager, input);
        const actor = actorOf(user);
        const claimId = randomUUID();
        const docNo = await nextDocumentNumber(manager, 'PC', input.location_id);
        const signature = input.applicant_signature ?? null;
        await this.claims.insert(
          manager,
          {
            id: claimId,
            doc_no: docNo,
            status: 'DRAFT',
            revision: 1,
            location_id: input.location_id,
            ...headerOf(input, priced, user),
            applicant_signature: signature,
            applicant_signed_time: signature ? new Date() : null,
            created_by: actor.id,
            created_by_name: actor.name,
            submitted_by: null,
            submitted_by_name: null,
            submitted_time: null,
          },
          priced.lines,
        );
        await recordHistory(manager, {
          document_type: 'PC',
          document_id: claimId,
          action: 'create',
          from_status: null,
          to_status: 'DRAFT',
          actor,
        });
        return claimId;
      }),
    );
    return this.get(id, user);
  }

  async update(id: string, input: ValidPettyCashInput, user: AccessTokenClaims): Promise<PettyCashView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        assertEditable(MACHINE, record.status);
        assertRevision(record.revision, input.revision);
        if (input.location_id !== record.location_id)
          throw PettyCashException.invalid([pcProblem.invalid('location_id')]);
        const priced = await this.price(manager, input);
        await this.claims.replaceLines(manager, id, priced.lines);
        // Absent: the signature stays as it was; null clears it; a new one is signed now.
        const signature =
          input.applicant_signature === undefined ? record.applicant_signature : input.applicant_signature;
        const resigned = signature !== record.applicant_signature;
        const saved = await this.claims.update(manager, id, record.revision, {
          ...headerOf(input, priced, user),
          ...(resigned && { applicant_signature: signature, applicant_signed_time: signature ? new Date() : null }),
          last_updated_by: user.sub,
        });
        if (!saved) throw PettyCashException.stale();
        await recordHistory(manager, {
          document_type: 'PC',
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

  /** submit / recall / approve / reject / sign / refund of one claim, in one transaction. */
  async act(
    id: string,
    action: PettyCashUserAction,
    input: PettyCashActionInput,
    user: AccessTokenClaims,
  ): Promise<PettyCashView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        await this.actOn(manager, record, action, input, user);
      }),
    );
    return this.get(id, user);
  }

  /**
   * The refund list's bulk action: every claim named goes SIGNED → REFUNDED through the machine's `refund`, all in
   * one transaction (one refused, none refunded). Each is locked in id order, so two overlapping refunds never
   * deadlock; the revision checked is the one read under the lock (the list showed them SIGNED, which the machine
   * checks again).
   */
  async refund(input: PettyCashRefundInput, user: AccessTokenClaims): Promise<{ refunded: string[] }> {
    const ids = [...new Set(input.ids)].sort();
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        for (const id of ids) {
          const record = await this.lockInScope(manager, id, user);
          await this.actOn(manager, record, 'refund', { revision: record.revision, remark: input.remark }, user);
        }
      }),
    );
    return { refunded: ids };
  }

  /**
   * The kit's checks (scope, machine, permission, revision, remark, approval limit on total_usd, no self-approval),
   * the signatures SPEC.md §5 asks for, the history, the status and the activity event.
   */
  private async actOn(
    manager: EntityManager,
    record: PettyCashRecord,
    action: PettyCashUserAction,
    input: PettyCashActionInput,
    user: AccessTokenClaims,
  ): Promise<void> {
    ruleOf(MACHINE, record.status, action);
    assertRevision(record.revision, input.revision);
    if (action === 'submit' && !record.applicant_signature) {
      throw PettyCashException.signatureRequired('applicant_signature');
    }
    if (action === 'sign' && !input.signature) throw PettyCashException.signatureRequired('signature');
    const actor = actorOf(user);
    const now = new Date();
    await this.actions.apply(manager, {
      machine: MACHINE,
      table: 'petty_cash',
      document: {
        type: 'PC',
        id: record.id,
        doc_no: record.doc_no,
        status: record.status,
        revision: record.revision,
        location_id: record.location_id,
        submitted_by: record.submitted_by,
        value_usd: record.total_usd,
      },
      action,
      input: { revision: input.revision, ...(input.remark !== undefined && { remark: input.remark }) },
      user,
      subject: ACTIVITY_SUBJECTS[action],
      fields: {
        ...(action === 'sign' && {
          receipt_signature: input.signature!,
          receipt_signed_by: actor.id,
          receipt_signed_by_name: actor.name,
          receipt_signed_time: now,
        }),
        ...(action === 'refund' && { refunded_time: now }),
      },
    });
  }

  /**
   * The claim's amounts: each receipt's GST by its gst_type at the company's default GST rate (catalog's settings,
   * procurement's replica), the lists' totals, and the total in USD at the rate of claim_date. Every problem at once.
   */
  private async price(manager: EntityManager, input: ValidPettyCashInput): Promise<PricedClaim> {
    const problems: PurchaseOrderProblem[] = [];
    if (!live(await this.locations.find(manager, input.location_id))) {
      problems.push(poProblem.locationUnknown(input.location_id));
    }
    const exchangeRate = await this.rates.rateOn(manager, input.currency, input.claim_date);
    if (exchangeRate === null) problems.push(poProblem.noExchangeRate(input.currency, input.claim_date));
    if (problems.length > 0) throw PettyCashException.invalid(problems);
    if (input.business_list.length + input.non_business_list.length === 0) throw PettyCashException.noReceipts();
    const gstRate = roundTo((await this.rates.gstRates(manager)).default_gst_rate ?? '0', 4);
    let lineNo = 0;
    const priced = (kind: PettyCashLineKind) => (line: ValidPettyCashInput['business_list'][number]) => ({
      line_no: ++lineNo,
      kind,
      receipt_date: line.receipt_date,
      receipt_no: line.receipt_no,
      description: line.description,
      category: line.category,
      gst_type: line.gst_type,
      claim_amount: roundTo(line.claim_amount, 2),
      ...pettyCashLineAmounts(line.claim_amount, line.gst_type, gstRate),
    });
    const lines: PettyCashLineRecord[] = [
      ...input.business_list.map(priced('business')),
      ...input.non_business_list.map(priced('non_business')),
    ];
    const totals = pettyCashTotals(lines);
    return {
      ...totals,
      exchange_rate: exchangeRate!,
      gst_rate: gstRate,
      total_usd: roundTo(exact(totals.total_amount).dividedBy(exact(exchangeRate!)), 2),
      lines,
    };
  }

  private lockInScope(manager: EntityManager, id: string, user: AccessTokenClaims): Promise<PettyCashRecord> {
    return this.findInScope(manager, id, user, true);
  }

  /** THE location-scope check of petty cash: read by id, actions (locked), attachments. */
  private findInScope(
    manager: EntityManager,
    id: string,
    user: AccessTokenClaims,
    lock = false,
  ): Promise<PettyCashRecord> {
    return findDocumentInScope(
      id,
      user,
      (valid) => this.claims.find(manager, valid, lock),
      () => PettyCashException.notFound(),
    );
  }

  private async view(manager: EntityManager, record: PettyCashRecord, user: AccessTokenClaims): Promise<PettyCashView> {
    const lines = await this.claims.lines(manager, record.id);
    const location = await this.locations.find(manager, record.location_id);
    const lineView = (line: PettyCashLineRecord): PettyCashLineView => ({ ...line });
    return {
      id: record.id,
      doc_no: record.doc_no,
      status: record.status,
      revision: record.revision,
      location_id: record.location_id,
      location_name: location?.location_name ?? record.location_id,
      created_by: record.created_by ?? '',
      created_by_name: record.created_by_name,
      created_time: iso(record.created_time)!,
      submitted_by: record.submitted_by,
      submitted_by_name: record.submitted_by_name,
      submitted_time: iso(record.submitted_time),
      last_updated_time: iso(record.last_updated_time)!,
      available_actions: availableActionsFor(MACHINE, record.status, user),
      history: await readHistory(manager, 'PC', record.id),
      claim_date: record.claim_date,
      applicant_name: record.applicant_name,
      currency: record.currency,
      exchange_rate: record.exchange_rate,
      gst_rate: record.gst_rate,
      business_total: record.business_total,
      non_business_total: record.non_business_total,
      gst_amount: record.gst_amount,
      claimable_gst_amount: record.claimable_gst_amount,
      subtotal_amount: record.subtotal_amount,
      total_amount: record.total_amount,
      total_usd: record.total_usd,
      remark: record.remark,
      business_list: lines.filter((line) => line.kind === 'business').map(lineView),
      non_business_list: lines.filter((line) => line.kind === 'non_business').map(lineView),
      applicant_signature: record.applicant_signature,
      applicant_signed_time: iso(record.applicant_signed_time),
      receipt_signature: record.receipt_signature,
      receipt_signed_by_name: record.receipt_signed_by_name,
      receipt_signed_time: iso(record.receipt_signed_time),
      refunded_time: iso(record.refunded_time),
    };
  }
}

function headerOf(input: ValidPettyCashInput, priced: PricedClaim, user: AccessTokenClaims) {
  return {
    claim_date: input.claim_date,
    applicant_name: input.applicant_name || user.name,
    currency: input.currency,
    exchange_rate: priced.exchange_rate,
    gst_rate: priced.gst_rate,
    business_total: priced.business_total,
    non_business_total: priced.non_business_total,
    gst_amount: priced.gst_amount,
    claimable_gst_amount: priced.claimable_gst_amount,
    subtotal_amount: priced.subtotal_amount,
    total_amount: priced.total_amount,
    total_usd: priced.total_usd,
    remark: input.remark,
  };
}
