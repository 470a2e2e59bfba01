import { isEpointPullUrl } from '@scm/contracts';
import type { EpointKeyCreated, EpointKeyView, EpointPullFolderView } from '@scm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import {
  createEpointKey,
  revokeEpointKey,
  saveEpointPullFolder,
  scanEpointPullFolder,
  useEpointKeys,
  useEpointPullSettings,
} from '../../api/epoint';
import { useDocumentLocations } from '../../components/document/use-document-locations';
import { FormSection } from '../../components/form';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { useConfirm } from '../../components/ui/ConfirmDialog';
import { Icon } from '../../components/ui/icons';
import { PageLoading } from '../../components/ui/PageLoading';
import { Select } from '../../components/ui/Select';
import { Switch } from '../../components/ui/Switch';
import { TextField } from '../../components/ui/TextField';
import { useIdempotencyKeys } from '../../lib/idempotency';
import { formatDateTime } from '../../lib/format';
import { showError, showSuccess } from '../../state/feedback';

type FieldErrors = Partial<Record<string, string>>;

/** Field errors of a refused call, by field; anything else is shown in the warning dialog. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (error instanceof ApiError && error.fieldErrors.length > 0) {
    return Object.fromEntries(error.fieldErrors.map((problem) => [problem.field, problem.message]));
  }
  if (error instanceof ApiError) showError(error.message);
  else throw error;
  return {};
}

/**
 * Settings › POS keys (key SETTING; issue 14): the keys outlets' POS systems push their sales with (one location
 * each; the key is shown once, at creation, with a copy button; a revoked key is refused from the next call on),
 * and the export folders or URLs the pull job reads for POS systems that cannot push.
 */
export function PosKeysTab({ canEdit }: { canEdit: boolean }) {
  return (
    <div className="space-y-4">
      <KeysSection canEdit={canEdit} />
      <PullFoldersSection canEdit={canEdit} />
    </div>
  );
}

function KeysSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const keys = useIdempotencyKeys();
  const [confirm, confirmDialog] = useConfirm();
  const locations = useDocumentLocations();
  const { data: list, isLoading } = useEpointKeys();
  const [locationId, setLocationId] = useState('');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<EpointKeyCreated | null>(null);

  if (isLoading || !list) return <PageLoading />;

  const create = async () => {
    const problems: FieldErrors = {};
    if (!locationId) problems.location_id = t('validation:required');
    if (!label.trim()) problems.label = t('validation:required');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    const input = { location_id: locationId, label: label.trim() };
    try {
      setCreated(await createEpointKey(input, keys.keyFor('create', input)));
      keys.done('create');
      setLabel('');
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  const revoke = async (key: EpointKeyView) => {
    const ok = await confirm({
      title: t('epoint:keys.confirmRevoke.title'),
      message: t('epoint:keys.confirmRevoke.message', { label: key.label, location: key.location_name }),
      confirmLabel: t('epoint:keys.revoke'),
      tone: 'danger',
    });
    if (!ok) return;
    await revokeEpointKey(key.id, keys.keyFor(`revoke-${key.id}`, null)).catch(() => undefined);
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showSuccess(t('epoint:keys.copied'));
    } catch {
      showError(t('epoint:keys.copyFailed'));
    }
  };

  return (
    <FormSection title={t('epoint:keys.section')} description={t('epoint:keys.sectionHelp')} columns={1}>
      {created && (
        <div className="rounded-md bg-amber-50 p-4 ring-1 ring-amber-200" role="status" data-testid="pos-key-created">
          <p className="text-sm font-medium text-amber-900">
            {t('epoint:keys.createdTitle', { label: created.label, location: created.location_name })}
          </p>
          <p className="mt-1 text-sm text-amber-800">{t('epoint:keys.shownOnce')}</p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <code
              className="rounded bg-white px-2 py-1 font-mono text-sm break-all text-slate-900 ring-1 ring-slate-200"
              data-testid="pos-key-value"
            >
              {created.key}
            </code>
            <Button variant="secondary" onClick={() => void copy(created.key)} data-testid="pos-key-copy">
              <Icon name="copy" />
              {t('epoint:keys.copy')}
            </Button>
            <Button variant="ghost" onClick={() => setCreated(null)} data-testid="pos-key-done">
              {t('epoint:keys.done')}
            </Button>
          </div>
        </div>
      )}
      <table className="w-full text-sm" data-testid="pos-keys">
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th className="py-2 font-medium">{t('epoint:keys.fields.location')}</th>
            <th className="py-2 font-medium">{t('epoint:keys.fields.label')}</th>
            <th className="py-2 font-medium">{t('epoint:keys.fields.key_prefix')}</th>
            <th className="py-2 font-medium">{t('epoint:keys.fields.created')}</th>
            <th className="py-2 font-medium">{t('epoint:keys.fields.last_used')}</th>
            <th className="py-2 font-medium">{t('epoint:keys.fields.status')}</th>
            {canEdit && <th className="py-2 text-right font-medium">{t('epoint:actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {list.length === 0 && (
            <tr>
              <td colSpan={canEdit ? 7 : 6} className="py-4 text-center text-slate-500">
                {t('epoint:keys.empty')}
              </td>
            </tr>
          )}
          {list.map((key) => (
            <tr key={key.id} className="border-b border-slate-100" data-testid={`pos-key-${key.label}`}>
              <td className="py-2">{key.location_name}</td>
              <td className="py-2">{key.label}</td>
              <td className="py-2 font-mono text-xs">{key.key_prefix}…</td>
              <td className="py-2">
                {formatDateTime(key.created_time)}
                <span className="block text-xs text-slate-500">{key.created_by_name}</span>
              </td>
              <td className="py-2">
                {key.last_used_time ? formatDateTime(key.last_used_time) : t('epoint:keys.never')}
              </td>
              <td className="py-2">
                {key.revoked_time ? (
                  <span title={`${formatDateTime(key.revoked_time)} ${key.revoked_by_name ?? ''}`}>
                    <Badge tone="gray">{t('epoint:keys.revoked')}</Badge>
                  </span>
                ) : (
                  <Badge tone="green">{t('epoint:keys.active')}</Badge>
                )}
              </td>
              {canEdit && (
                <td className="py-2 text-right">
                  {!key.revoked_time && (
                    <Button
                      variant="ghost"
                      onClick={() => void revoke(key)}
                      data-testid={`pos-key-revoke-${key.label}`}
                    >
                      {t('epoint:keys.revoke')}
                    </Button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {canEdit && (
        <div className="flex flex-wrap items-start gap-2" data-testid="pos-key-new">
          <Select<string>
            label={t('epoint:keys.fields.location')}
            required
            className="w-64"
            value={locationId}
            onChange={(value) => {
              setLocationId(value);
              setErrors((current) => ({ ...current, location_id: undefined }));
            }}
            options={locations.options}
            error={errors.location_id}
            data-testid="pos-key-location"
          />
          <TextField
            label={t('epoint:keys.fields.label')}
            required
            className="w-64"
            placeholder={t('epoint:keys.labelPlaceholder')}
            autoComplete="off"
            value={label}
            error={errors.label}
            onChange={(event) => {
              setLabel(event.target.value);
              setErrors((current) => ({ ...current, label: undefined }));
            }}
            data-testid="pos-key-label"
          />
          <Button className="mt-6" disabled={saving} onClick={() => void create()} data-testid="pos-key-create">
            <Icon name="key" />
            {t('epoint:keys.create')}
          </Button>
        </div>
      )}
      {confirmDialog}
    </FormSection>
  );
}

function PullFoldersSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const locations = useDocumentLocations();
  const { data: settings, isLoading } = useEpointPullSettings();
  const [locationId, setLocationId] = useState('');

  if (isLoading || !settings) return <PageLoading />;
  const configured = new Set(settings.folders.map((folder) => folder.location_id));
  const free = locations.options.filter((option) => !configured.has(option.value));

  return (
    <FormSection
      title={t('epoint:pull.section')}
      description={t('epoint:pull.sectionHelp', { root: settings.root })}
      columns={1}
    >
      <div className="space-y-3" data-testid="pos-pull-folders">
        {settings.folders.length === 0 && <p className="text-sm text-slate-500">{t('epoint:pull.empty')}</p>}
        {settings.folders.map((folder) => (
          <FolderRow key={folder.location_id} folder={folder} canEdit={canEdit} />
        ))}
      </div>
      {canEdit && free.length > 0 && (
        <div className="flex flex-wrap items-end gap-2">
          <Select<string>
            label={t('epoint:pull.addFor')}
            className="w-64"
            value={locationId}
            onChange={setLocationId}
            options={free}
            data-testid="pos-pull-location"
          />
          {locationId && (
            <FolderRow
              key={locationId}
              folder={{
                location_id: locationId,
                location_name: locations.nameOf(locationId),
                folder_path: '',
                enabled: true,
                last_scan_time: null,
                last_scan_files: 0,
                last_scan_accepted: 0,
                last_scan_rejected: 0,
                last_scan_error: null,
              }}
              canEdit
              isNew
              onSaved={() => setLocationId('')}
            />
          )}
        </div>
      )}
    </FormSection>
  );
}

function FolderRow({
  folder,
  canEdit,
  isNew = false,
  onSaved,
}: {
  folder: EpointPullFolderView;
  canEdit: boolean;
  isNew?: boolean;
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const keys = useIdempotencyKeys();
  const [path, setPath] = useState(folder.folder_path);
  const [enabled, setEnabled] = useState(folder.enabled);
  const [error, setError] = useState<string | undefined>();
  const dirty = isNew || path.trim() !== folder.folder_path || enabled !== folder.enabled;
  // A URL source's counts and body problems are worded for a URL (i18next context: `<key>_url`, else `<key>`).
  const context = isEpointPullUrl(folder.folder_path) ? 'url' : undefined;

  const save = async () => {
    const input = { folder_path: path.trim(), enabled };
    try {
      await saveEpointPullFolder(folder.location_id, input, keys.keyFor('save', input));
      keys.done('save');
      setError(undefined);
      onSaved?.();
    } catch (failure) {
      const problems = fieldErrorsOf(failure);
      setError(problems.folder_path ?? Object.values(problems)[0]);
    }
  };

  const scan = async () => {
    try {
      const result = await scanEpointPullFolder(folder.location_id, keys.keyFor('scan', Date.now()));
      showSuccess(
        t('epoint:pull.scanned', {
          files: result.files,
          accepted: result.accepted,
          rejected: result.rejected,
          context,
        }),
      );
    } catch {
      // the warning dialog shows the server's message
    }
  };

  return (
    <div
      className="flex flex-wrap items-end gap-3 rounded-md p-3 ring-1 ring-slate-200"
      data-testid={`pos-pull-${folder.location_id}`}
    >
      <div className="w-48 pb-2 text-sm font-medium text-slate-800">{folder.location_name}</div>
      <TextField
        label={t('epoint:pull.folder')}
        className="w-96"
        value={path}
        disabled={!canEdit}
        placeholder={t('epoint:pull.folderPlaceholder')}
        error={error}
        hint={isNew ? t('epoint:pull.folderHelp') : t('epoint:pull.blankRemoves')}
        onChange={(event) => {
          setPath(event.target.value);
          setError(undefined);
        }}
        data-testid="pos-pull-path"
      />
      <Switch
        className="pb-2"
        checked={enabled}
        onChange={setEnabled}
        disabled={!canEdit}
        label={t('epoint:pull.enabled')}
      />
      {canEdit && (
        <>
          <Button disabled={!dirty} onClick={() => void save()} data-testid="pos-pull-save">
            {t('epoint:pull.save')}
          </Button>
          {!isNew && (
            <Button variant="secondary" onClick={() => void scan()} data-testid="pos-pull-scan">
              <Icon name="refresh" />
              {t('epoint:pull.scanNow')}
            </Button>
          )}
        </>
      )}
      {!isNew && (
        <p className="w-full text-xs text-slate-500" data-testid="pos-pull-last">
          {folder.last_scan_time
            ? t('epoint:pull.lastScan', {
                time: formatDateTime(folder.last_scan_time),
                files: folder.last_scan_files,
                accepted: folder.last_scan_accepted,
                rejected: folder.last_scan_rejected,
                context,
              })
            : t('epoint:pull.neverScanned')}
          {folder.last_scan_error && (
            <span className="ml-2 text-red-700" data-testid="pos-pull-problem">
              {t(`epoint:pull.problems.${folder.last_scan_error.code}`, {
                file: folder.last_scan_error.file ?? '',
                context,
              })}
            </span>
          )}
        </p>
      )}
    </div>
  );
}
