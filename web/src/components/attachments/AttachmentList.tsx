import type { AttachmentView } from '@scm/contracts';
import { ATTACHMENT_DEFAULT_MAX_COUNT } from '@scm/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  attachmentUrl,
  deleteAttachment,
  downloadAttachment,
  uploadAttachments,
  useAttachments,
} from '../../api/attachments';
import type { AttachmentOwner } from '../../api/attachments';
import { formatDateTime } from '../../lib/format';
import { showError, showSuccess } from '../../state/feedback';
import { Button } from '../ui/Button';
import { useConfirm } from '../ui/ConfirmDialog';
import { Icon, Spinner } from '../ui/icons';
import { ATTACHMENT_ACCEPT, fileSize, uploadProblem } from './upload-checks';
import type { UploadProblem } from './upload-checks';

export interface AttachmentListProps extends AttachmentOwner {
  /** Lists and downloads only: no upload, no delete (a view page, or a user without edit). */
  readOnly?: boolean;
  /** Most files the record may hold; the owner type's limit on the server (default 10). */
  maxCount?: number;
  className?: string;
}

/**
 * The files attached to one record (SPEC.md §5, §9): name, size and upload time, download links, delete with
 * a confirmation, and an upload button for pdf/jpeg/jpg/png up to 20MB each with a progress bar. Limits are
 * checked here first with the SPEC messages and again by the server, whose refusals show in the warning
 * dialog.
 *
 * `<AttachmentList service="catalog" ownerType="uom" ownerId={uomId} readOnly={!canEdit} />`
 */
export function AttachmentList({
  service,
  ownerType,
  ownerId,
  readOnly = false,
  maxCount = ATTACHMENT_DEFAULT_MAX_COUNT,
  className = '',
}: AttachmentListProps) {
  const { t } = useTranslation('attachments');
  const owner: AttachmentOwner = { service, ownerType, ownerId };
  const { data: attachments, error, isLoading, mutate } = useAttachments(owner);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const headingId = useId();

  // Leaving the page cancels an upload under way.
  useEffect(() => () => upload.current?.abort(), []);

  const problemMessage = (problem: UploadProblem): string => {
    switch (problem) {
      case 'tooLarge':
        return t('errors.tooLarge');
      case 'wrongType':
        return t('errors.wrongType');
      case 'maxCount':
        return t('errors.maxCount');
    }
  };

  const sizeText = (bytes: number): string => {
    const { value, unit } = fileSize(bytes);
    switch (unit) {
      case 'bytes':
        return t('size.bytes', { value });
      case 'kb':
        return t('size.kb', { value });
      case 'mb':
        return t('size.mb', { value });
    }
  };

  const onFilesChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again fires a change.
    event.target.value = '';
    if (files.length === 0) return;
    const problem = uploadProblem(files, attachments?.length ?? 0, maxCount);
    if (problem) {
      showError(problemMessage(problem));
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    try {
      const answer = await uploadAttachments(owner, files, { onProgress: setProgress, signal: controller.signal });
      showSuccess(answer.message);
    } catch {
      // Refusals were shown by the API layer; a cancelled upload needs no message.
    } finally {
      if (upload.current === controller) upload.current = null;
      setProgress(null);
    }
  };

  const onDownload = (event: MouseEvent<HTMLAnchorElement>, attachment: AttachmentView) => {
    event.preventDefault();
    downloadAttachment(owner, attachment).catch(() => undefined);
  };

  const onDelete = async (attachment: AttachmentView) => {
    const confirmed = await confirm({
      title: t('delete.title'),
      message: t('delete.message', { name: attachment.original_name }),
      confirmLabel: t('delete.confirm'),
      tone: 'danger',
    });
    if (confirmed) await deleteAttachment(owner, attachment.id).catch(() => undefined);
  };

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-lg border border-slate-200 bg-white ${className}`}
      data-testid="attachments"
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div>
          <h2 id={headingId} className="text-sm font-semibold text-slate-900">
            {t('title')}
            {attachments && (
              <span className="ml-2 font-normal text-slate-500">
                {t('count', { used: attachments.length, max: maxCount })}
              </span>
            )}
          </h2>
          {!readOnly && <p className="mt-0.5 text-xs text-slate-500">{t('hint', { max: maxCount })}</p>}
        </div>
        {!readOnly && (
          <>
            <input
              ref={input}
              type="file"
              multiple
              accept={ATTACHMENT_ACCEPT}
              className="hidden"
              onChange={(event) => void onFilesChosen(event)}
              data-testid="attachments-input"
            />
            <Button variant="secondary" onClick={() => input.current?.click()} disabled={uploading || !attachments}>
              {uploading ? <Spinner /> : <Icon name="plus" />}
              {t('upload.button')}
            </Button>
          </>
        )}
      </header>

      {uploading && (
        <div className="border-b border-slate-200 px-4 py-2">
          <div
            role="progressbar"
            aria-label={t('upload.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className="h-full rounded-full bg-blue-600 transition-[width] duration-150"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="mt-1 text-xs text-slate-600">{t('upload.progress', { percent })}</p>
        </div>
      )}

      {isLoading && !attachments ? (
        <p role="status" className="px-4 py-6 text-center text-sm text-slate-500">
          {t('loading')}
        </p>
      ) : error && !attachments ? (
        <div className="flex items-center justify-center gap-3 px-4 py-6 text-sm text-slate-600">
          {t('loadFailed')}
          <Button variant="ghost" onClick={() => void mutate()}>
            <Icon name="refresh" />
            {t('retry')}
          </Button>
        </div>
      ) : !attachments || attachments.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">{t('empty')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('columns.name')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium whitespace-nowrap">
                {t('columns.size')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium whitespace-nowrap">
                {t('columns.uploadedAt')}
              </th>
              {!readOnly && (
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  <span className="sr-only">{t('columns.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {attachments.map((attachment) => (
              <tr key={attachment.id}>
                <td className="max-w-0 px-4 py-2">
                  <a
                    href={attachmentUrl(owner, attachment.id)}
                    onClick={(event) => onDownload(event, attachment)}
                    title={t('download', { name: attachment.original_name })}
                    className="inline-flex max-w-full items-center gap-1.5 text-blue-700 hover:underline"
                  >
                    <Icon name="download" />
                    <span className="truncate">{attachment.original_name}</span>
                  </a>
                </td>
                <td className="px-4 py-2 whitespace-nowrap text-slate-600">{sizeText(attachment.size)}</td>
                <td className="px-4 py-2 whitespace-nowrap text-slate-600">{formatDateTime(attachment.uploaded_at)}</td>
                {!readOnly && (
                  <td className="px-4 py-2 text-right">
                    <Button
                      variant="ghost"
                      onClick={() => void onDelete(attachment)}
                      aria-label={t('delete.button', { name: attachment.original_name })}
                      title={t('delete.button', { name: attachment.original_name })}
                    >
                      <Icon name="trash" />
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {confirmDialog}
    </section>
  );
}
