import type { ApprovalRequestRow, DocumentActionInput, DocumentStatusCount, ListQueryInput } from '@scm/contracts';
import { useEffect } from 'react';
import useSWR, { mutate } from 'swr';
import { documentListSource, documentParams } from '../components/document/document-api';
import type { DocumentListApi } from '../components/document/DocumentListPage';
import { uuid } from '../lib/uuid';
import { ApiError, api, apiBase } from './client';
import { NOTIFICATIONS_SERVED, notificationKeys } from './notification';
import { resourceKeys, revalidate } from './resource';

const BASE = '/api/notification/approval';

/** The approvals inbox's SWR keys: every list, tab and count under `approvals`. */
export const approvalKeys = resourceKeys('approvals');

/** `submitted_time` is filtered by days; a single type or module choice is a one-item list. */
const FIELDS = { dayFields: ['submitted_time'], arrayFields: ['document_type', 'module'] } as const;

/**
 * The approvals inbox (`/approval`, key APPROVAL; `notification/approval` API): the requests waiting for the user's
 * decision, by status tab, with the list kit's filters. It decides nothing: see `decide`.
 */
export const approvalsApi: DocumentListApi<ApprovalRequestRow> = {
  keys: approvalKeys,
  listSource: (status) =>
    documentListSource<ApprovalRequestRow>(approvalKeys.list, `${BASE}/list`, FIELDS, status ? { status } : {}),
  async statusCounts(query: ListQueryInput): Promise<DocumentStatusCount[]> {
    const body = { ...query, other_params: documentParams(query.other_params, FIELDS) };
    return (await api.post<DocumentStatusCount[]>(`${BASE}/status-counts`, body, { silent: true })).data ?? [];
  },
};

/** What became of one decision: done, or refused with the document's own message (its code too). */
export type DecisionResult =
  { row: ApprovalRequestRow; ok: true } | { row: ApprovalRequestRow; ok: false; message: string; code?: string };

/**
 * Approves or rejects the rows through each document's OWN action route (`<actions_path>/:id/approve|reject` with
 * the row's revision and the remark), one after the other, so the permission, limit, revision and self-approval
 * checks are the document's, exactly as on its page. Every row answers for itself; the inbox is read again after.
 */
export async function decide(
  rows: readonly ApprovalRequestRow[],
  action: 'approve' | 'reject',
  remark: string,
): Promise<DecisionResult[]> {
  const results: DecisionResult[] = [];
  for (const row of rows) {
    const body: DocumentActionInput = { revision: row.revision, ...(remark && { remark }) };
    try {
      await api.post(`${row.actions_path}/${encodeURIComponent(row.document_id)}/${action}`, body, {
        idempotencyKey: uuid(),
        silent: true,
      });
      results.push({ row, ok: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      results.push({ row, ok: false, message, code: error instanceof ApiError ? error.code : undefined });
    }
  }
  await revalidateApprovals();
  return results;
}

/**
 * The menu badge's key: under the notification keys, so every signal of the notification stream the bell listens to
 * (a request submitted to the user, decided by someone else) reads the count again, on every page.
 */
const PENDING_COUNT_KEY = [...notificationKeys.all, 'approval-pending'] as const;

/** How many requests wait for the user's decision (the menu's badge): the inbox's PENDING APPROVAL count. */
export function usePendingApprovalCount(enabled: boolean): number | undefined {
  const { data } = useSWR<number, Error>(
    enabled && NOTIFICATIONS_SERVED ? PENDING_COUNT_KEY : null,
    async () => {
      const counts = await approvalsApi.statusCounts({ limit: 1 });
      return counts.find((count) => count.status === 'PENDING APPROVAL')?.count ?? 0;
    },
    { refreshInterval: 60_000, shouldRetryOnError: false },
  );
  return data;
}

/** Reads every inbox list and count again, the menu badge's too. */
export function revalidateApprovals(): Promise<unknown> {
  return Promise.all([revalidate(approvalKeys.all), mutate(PENDING_COUNT_KEY)]);
}

/**
 * The inbox follows decisions made elsewhere: the notification stream (`GET /api/notification/stream`) signals every
 * approver of a document when it is submitted or decided, and the inbox is read again, so a request someone else
 * approved leaves the list without a reload. After a reconnection it is read again too (events may have been missed).
 */
export function useApprovalsLive(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || !NOTIFICATIONS_SERVED || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(`${apiBase()}/api/notification/stream`, { withCredentials: true });
    const refresh = () => void revalidateApprovals();
    source.addEventListener('notification', refresh);
    source.addEventListener('ready', refresh);
    return () => {
      source.removeEventListener('notification', refresh);
      source.removeEventListener('ready', refresh);
      source.close();
    };
  }, [enabled]);
}
