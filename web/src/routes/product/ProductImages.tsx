import type { AttachmentView } from '@scm/contracts';
import { PRODUCT_IMAGE_EXTENSIONS, PRODUCT_MAX_IMAGES, UPLOAD_MAX_BYTES } from '@scm/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAttachment, uploadAttachments, useAttachments } from '../../api/attachments';
import { productFilesChanged, productImageUrl, productImagesOwner, setProductCover } from '../../api/products';
import { Button } from '../../components/ui/Button';
import { useConfirm } from '../../components/ui/ConfirmDialog';
import { Icon, Spinner } from '../../components/ui/icons';
import { uuid } from '../../lib/uuid';
import { showError, showSuccess } from '../../state/feedback';

/** The `accept` of the image picker: `.jpeg,.jpg,.png` (SPEC.md §5). */
const IMAGE_ACCEPT = PRODUCT_IMAGE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

type ImageProblem = 'tooLarge' | 'wrongType' | 'maxCount';

/**
 * The first problem of adding `files` to a product holding `existing` images: one over 20 MB, one that is not
 * jpeg/jpg/png, or one too many (checked here first with SPEC.md §8's messages, and again by the server).
 */
export function imageProblem(files: readonly { name: string; size: number }[], existing: number): ImageProblem | null {
  if (files.some((file) => file.size > UPLOAD_MAX_BYTES)) return 'tooLarge';
  const allowed: readonly string[] = PRODUCT_IMAGE_EXTENSIONS;
  if (files.some((file) => !allowed.includes(file.name.split('.').pop()?.toLowerCase() ?? ''))) return 'wrongType';
  if (existing + files.length > PRODUCT_MAX_IMAGES) return 'maxCount';
  return null;
}

export interface ProductImagesProps {
  productId: string;
  productCode: string;
  coverImageId: string | null;
  /** View mode, or a user who cannot edit: look only. */
  readOnly: boolean;
}

/**
 * A product's image gallery (SPEC.md §3 "one cover plus others"): the cover first, then the others in upload
 * order; add (jpeg/jpg/png, 20 MB each, at most 10) with a progress bar, remove with a confirmation, and choose
 * the cover. Every change also changes the product (its revision, image ids and cover), so its record reloads.
 */
export function ProductImages({ productId, productCode, coverImageId, readOnly }: ProductImagesProps) {
  const { t } = useTranslation('products');
  const owner = useMemo(() => productImagesOwner(productId), [productId]);
  const { data: images, error, isLoading, mutate } = useAttachments(owner);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, confirmDialog] = useConfirm();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const headingId = useId();

  useEffect(() => () => upload.current?.abort(), []);

  const ordered = useMemo(() => {
    const list = images ?? [];
    const cover = list.find((image) => image.id === coverImageId);
    return cover ? [cover, ...list.filter((image) => image !== cover)] : list;
  }, [images, coverImageId]);

  const onFilesChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    const problem = imageProblem(files, images?.length ?? 0);
    if (problem) {
      showError(t(`images.errors.${problem}`));
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
      await productFilesChanged(productCode);
    }
  };

  const onRemove = async (image: AttachmentView) => {
    const confirmed = await confirm({
      title: t('images.deleteTitle'),
      message: t('images.deleteMessage', { name: image.original_name }),
      confirmLabel: t('images.deleteConfirm'),
      tone: 'danger',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await deleteAttachment(owner, image.id);
    } catch {
      // shown by the API layer
    } finally {
      setBusy(false);
      await productFilesChanged(productCode);
    }
  };

  const onSetCover = async (image: AttachmentView) => {
    setBusy(true);
    try {
      await setProductCover(productCode, image.id, uuid());
    } catch {
      // shown by the API layer
    } finally {
      setBusy(false);
    }
  };

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white"
      data-testid="product-images"
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div>
          <h2 id={headingId} className="text-sm font-semibold text-slate-900">
            {t('images.title')}
            {images && (
              <span className="ml-2 font-normal text-slate-500">
                {t('images.count', { used: images.length, max: PRODUCT_MAX_IMAGES })}
              </span>
            )}
          </h2>
          {!readOnly && (
            <p className="mt-0.5 text-xs text-slate-500">{t('images.hint', { max: PRODUCT_MAX_IMAGES })}</p>
          )}
        </div>
        {!readOnly && (
          <>
            <input
              ref={input}
              type="file"
              multiple
              accept={IMAGE_ACCEPT}
              className="hidden"
              onChange={(event) => void onFilesChosen(event)}
              data-testid="product-images-input"
            />
            <Button
              variant="secondary"
              onClick={() => input.current?.click()}
              disabled={uploading || busy || !images}
              data-testid="product-images-add"
            >
              {uploading ? <Spinner /> : <Icon name="upload" />}
              {t('images.upload')}
            </Button>
          </>
        )}
      </header>

      {uploading && (
        <div className="border-b border-slate-200 px-4 py-2">
          <div
            role="progressbar"
            aria-label={t('images.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-blue-600" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-xs text-slate-600">{t('images.uploading', { percent })}</p>
        </div>
      )}

      {isLoading && !images ? (
        <p role="status" className="px-4 py-6 text-center text-sm text-slate-500">
          {t('images.loading')}
        </p>
      ) : error && !images ? (
        <div className="flex items-center justify-center gap-3 px-4 py-6 text-sm text-slate-600">
          {t('images.loadFailed')}
          <Button variant="ghost" onClick={() => void mutate()}>
            <Icon name="refresh" />
            {t('images.retry')}
          </Button>
        </div>
      ) : ordered.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">{t('images.empty')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-3 lg:grid-cols-4">
          {ordered.map((image) => {
            const isCover = image.id === coverImageId;
            return (
              <li
                key={image.id}
                className={`group relative overflow-hidden rounded-md ring-1 ${isCover ? 'ring-2 ring-blue-600' : 'ring-slate-200'}`}
                data-testid="product-image"
                data-cover={isCover ? 'true' : 'false'}
                data-name={image.original_name}
              >
                <a
                  href={productImageUrl(productId, image.id)}
                  target="_blank"
                  rel="noreferrer"
                  title={t('images.open', { name: image.original_name })}
                >
                  <img
                    src={productImageUrl(productId, image.id)}
                    alt={image.original_name}
                    loading="lazy"
                    className="aspect-square w-full bg-slate-50 object-contain"
                  />
                </a>
                {isCover && (
                  <span className="absolute top-1.5 left-1.5 rounded bg-blue-700 px-1.5 py-0.5 text-xs font-medium text-white">
                    {t('images.cover')}
                  </span>
                )}
                <div className="border-t border-slate-100 bg-white px-2 py-1">
                  <p className="truncate text-xs text-slate-600" title={image.original_name}>
                    {image.original_name}
                  </p>
                  {!readOnly && (
                    <div className="mt-0.5 flex items-center justify-between gap-1">
                      {isCover ? (
                        <span />
                      ) : (
                        <Button
                          variant="ghost"
                          className="px-1.5! py-0.5! text-xs"
                          onClick={() => void onSetCover(image)}
                          disabled={busy || uploading}
                          aria-label={t('images.setCoverOf', { name: image.original_name })}
                          title={t('images.setCoverOf', { name: image.original_name })}
                        >
                          {t('images.setCover')}
                        </Button>
                      )}
                      <Button
                        variant="ghost"
                        className="px-1.5! py-0.5!"
                        onClick={() => void onRemove(image)}
                        disabled={busy || uploading}
                        aria-label={t('images.remove', { name: image.original_name })}
                        title={t('images.remove', { name: image.original_name })}
                      >
                        <Icon name="trash" />
                      </Button>
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {confirmDialog}
    </section>
  );
}
