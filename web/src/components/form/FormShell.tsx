import type { CheckType, PermissionKey, RouteType } from '@scm/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { formatDateTime } from '../../lib/format';
import { useIdempotencyKeys } from '../../lib/idempotency';
import { useCan } from '../../lib/permissions';
import { Button } from '../ui/Button';
import { useConfirm } from '../ui/ConfirmDialog';
import type { ConfirmOptions } from '../ui/ConfirmDialog';
import { Icon, Spinner } from '../ui/icons';
import { recordTitle, useMatchedRoute } from '../layout/route-title';
import { PageHeader } from '../ui/PageHeader';
import { StatusBadge } from '../ui/StatusBadge';
import { ActivityPanel } from './ActivityPanel';
import type { RecordStamp } from './ActivityPanel';
import { useFormDraft } from './use-form-draft';
import { useUnsavedChangesGuard } from './UnsavedChangesGuard';

const EDITABLE_MODES: readonly RouteType[] = ['new', 'create', 'clone', 'edit'];

/** Known document actions: default label, look, permission and where they show. */
const PRESETS: Record<
  string,
  { variant: 'primary' | 'secondary' | 'danger'; permission: CheckType; modes: readonly RouteType[]; validate: boolean }
> = {
  saveDraft: { variant: 'secondary', permission: 'edit', modes: EDITABLE_MODES, validate: true },
  submit: { variant: 'primary', permission: 'edit', modes: EDITABLE_MODES, validate: true },
  approve: { variant: 'primary', permission: 'approval', modes: ['view'], validate: false },
  reject: { variant: 'danger', permission: 'approval', modes: ['view'], validate: false },
};

/** Where to go after a save or action (e.g. the view of the saved record); nothing to stay. */
export type AfterSave = string | void;

/**
 * A button slot of the shell for document pages: `saveDraft`, `submit`, `approve`, `reject` come with
 * their label, look, permission (approve/reject need approval) and modes; any other id is custom.
 */
export interface FormAction<Output> {
  id: 'saveDraft' | 'submit' | 'approve' | 'reject' | (string & {});
  label?: string;
  variant?: 'primary' | 'secondary' | 'danger';
  permission?: CheckType;
  /** Modes that show it (presets: editable modes for save draft/submit, view for approve/reject). */
  modes?: readonly RouteType[];
  /** Hide it by status (e.g. approve only when PENDING APPROVAL). */
  hidden?: boolean;
  /** Validate the form first and pass the values (presets: save draft and submit). */
  validate?: boolean;
  /** Ask before running. */
  confirm?: ConfirmOptions;
  run: (values: Output | undefined, context: { idempotencyKey: string }) => Promise<AfterSave>;
}

export interface FormShellProps<Input extends FieldValues, Output> {
  form: UseFormReturn<Input, unknown, Output>;
  mode: RouteType;
  /** Route title (e.g. `t('routes:uom')`); the heading prefixes the mode. */
  title: string;
  /** Under the heading (e.g. the record's name). */
  subtitle?: ReactNode;
  /** The page's permission key(s): Save/Edit need edit, approve/reject approval. */
  permissionKey: PermissionKey | readonly PermissionKey[];
  /** The loaded record (status badge, activity); absent for a new record. */
  record?: RecordStamp | null;
  /** The record's values in the form's shape: the form is reset to them when they arrive (and while untouched). */
  values?: Input;
  loading?: boolean;
  /** The record could not be loaded. */
  loadError?: unknown;
  /** Back / Cancel target. */
  listPath: string;
  /** View mode: the Edit button's target. */
  editPath?: string;
  /** Whether the record's status allows editing (e.g. not archived). Default true. */
  editable?: boolean;
  /** Master data: the Save button. Return where to go next (normally the record's view). */
  onSave?: (values: Output, context: { idempotencyKey: string }) => Promise<AfterSave>;
  /** The Save button's label when saving means more (e.g. "Send invitation"). */
  saveLabel?: string;
  /** Document buttons (Save draft / Submit / Approve / Reject / custom). */
  actions?: FormAction<Output>[];
  /** Server error code → field, for refusals without a field (e.g. a duplicate name). */
  errorFields?: Record<string, Path<Input>>;
  /** Slot for the attachments panel (built separately). */
  attachments?: ReactNode;
  /** Replaces the activity panel; `false` hides it. */
  activity?: ReactNode | false;
  /** Extra buttons in the header (e.g. print). */
  extraButtons?: ReactNode;
  /** Documents with a wide line grid: the form takes the whole width and the activity goes below it. */
  wide?: boolean;
  children: ReactNode;
}

/**
 * The form shell of master data and documents: mode from the route (view / new / edit / create / clone),
 * read-only view with Edit when permitted, schema-validated react-hook-form, server field errors on the
 * fields, unsaved-changes guard, buttons by permission and status, status badge, activity, attachments.
 */
export function FormShell<Input extends FieldValues, Output>({
  form,
  mode,
  title,
  subtitle,
  permissionKey,
  record,
  values,
  loading = false,
  loadError,
  listPath,
  editPath,
  editable = true,
  onSave,
  saveLabel,
  actions = [],
  errorFields,
  attachments,
  activity,
  extraButtons,
  wide = false,
  children,
}: FormShellProps<Input, Output>) {
  const { t } = useTranslation();
  const matchedRoute = useMatchedRoute();
  const can = useCan();
  const navigate = useNavigate();
  const formId = useId();
  const keys = useIdempotencyKeys();
  const [confirm, confirmDialog] = useConfirm();
  const [busy, setBusy] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const canEdit = can(permissionKey, 'edit');
  /** View mode, or an edit the record's status does not allow (e.g. archived): fields are read-only. */
  const locked = mode === 'edit' && !editable && record !== undefined && record !== null;
  const readOnly = mode === 'view' || locked;
  const { isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty && !readOnly && busy === null);
  const draft = useFormDraft(form as UseFormReturn<Input, unknown, unknown>, !readOnly && !loading);

  // The record's values become the form's: on arrival, and on later revalidation while the user has not typed.
  const loaded = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!values) return;
    const text = JSON.stringify(values);
    if (text === loaded.current || (loaded.current !== undefined && form.formState.isDirty)) return;
    loaded.current = text;
    form.reset(values);
  }, [values, form]);

  /** Server refusal → messages under the fields it names, the rest in the banner. */
  function showServerError(error: unknown) {
    if (!(error instanceof ApiError)) {
      setFormError(t('web:errors.generic'));
      return;
    }
    const current = form.getValues() as Record<string, unknown>;
    const unplaced: string[] = [];
    for (const fieldError of error.fieldErrors) {
      const root = fieldError.field.split('.')[0];
      if (root in current)
        form.setError(
          fieldError.field as Path<Input>,
          { type: 'server', message: fieldError.message },
          { shouldFocus: true },
        );
      else unplaced.push(fieldError.message);
    }
    const codeField = error.code ? errorFields?.[error.code] : undefined;
    if (codeField) form.setError(codeField, { type: 'server', message: error.message }, { shouldFocus: true });
    const placed = error.fieldErrors.length > unplaced.length || codeField !== undefined;
    setFormError(
      unplaced.length > 0 ? unplaced.join('\n') : placed ? (codeField ? null : t('kit:form.fixErrors')) : error.message,
    );
  }

  async function perform(
    id: string,
    values: Output | undefined,
    run: (values: Output | undefined, context: { idempotencyKey: string }) => Promise<AfterSave>,
  ) {
    setFormError(null);
    setBusy(id);
    try {
      const next = await run(values, { idempotencyKey: keys.keyFor(id, values) });
      keys.done(id);
      draft.clear();
      if (next) {
        guard.allowNavigation();
        void navigate(next, { replace: true });
      } else {
        form.reset(form.getValues());
      }
    } catch (error) {
      showServerError(error);
    } finally {
      setBusy(null);
    }
  }

  const invalid = () => setFormError(t('kit:form.fixErrors'));
  const onSubmit = onSave
    ? form.handleSubmit((output) => perform('save', output, (v, context) => onSave(v as Output, context)), invalid)
    : undefined;

  const shownActions = actions
    .map((action) => ({ ...PRESETS[action.id], ...action }))
    .filter(
      (action) =>
        !action.hidden &&
        (action.modes ?? EDITABLE_MODES).includes(mode) &&
        can(permissionKey, action.permission ?? 'edit'),
    );

  async function runAction(action: (typeof shownActions)[number]) {
    if (action.confirm && !(await confirm(action.confirm))) return;
    if (action.validate) await form.handleSubmit((output) => perform(action.id, output, action.run), invalid)();
    else await perform(action.id, undefined, action.run);
  }

  // On a route of the tree the heading names one record of it ("New Location", not "New Location List").
  const heading = t('kit:form.heading', {
    type: t(`routes:types.${mode}`),
    title: matchedRoute ? recordTitle(t, matchedRoute.node.id) : title,
  });
  const status = mode === 'clone' ? undefined : record?.status;

  const buttons = readOnly ? (
    <>
      <Link
        to={listPath}
        className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
      >
        <Icon name="arrowLeft" />
        {t('kit:form.back')}
      </Link>
      {extraButtons}
      {shownActions.map((action) => (
        <Button
          key={action.id}
          variant={action.variant}
          disabled={busy !== null || loading}
          onClick={() => void runAction(action)}
          data-action={action.id}
        >
          {busy === action.id && <Spinner className="h-3.5 w-3.5" />}
          {action.label ?? t(`kit:form.${action.id}`)}
        </Button>
      ))}
      {editPath && canEdit && editable && record && (
        <Link
          to={editPath}
          className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800"
          data-testid="form-edit"
        >
          <Icon name="pencil" />
          {t('kit:form.edit')}
        </Link>
      )}
    </>
  ) : (
    <>
      <Link
        to={listPath}
        className="inline-flex items-center rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        data-testid="form-cancel"
      >
        {t('kit:form.cancel')}
      </Link>
      {extraButtons}
      {shownActions.map((action) => (
        <Button
          key={action.id}
          variant={action.variant}
          disabled={busy !== null || loading}
          onClick={() => void runAction(action)}
          data-action={action.id}
        >
          {busy === action.id && <Spinner className="h-3.5 w-3.5" />}
          {action.label ?? t(`kit:form.${action.id}`)}
        </Button>
      ))}
      {onSave && canEdit && !locked && (
        <Button type="submit" form={formId} disabled={busy !== null || loading} data-testid="form-save">
          {busy === 'save' ? <Spinner className="h-3.5 w-3.5" /> : <Icon name="check" />}
          {saveLabel ?? t('kit:form.save')}
        </Button>
      )}
    </>
  );

  return (
    <div data-testid="form-shell" data-mode={mode}>
      <PageHeader
        title={heading}
        badge={status ? <StatusBadge status={status} /> : undefined}
        description={subtitle}
        actions={buttons}
      />
      {locked && (
        <div
          role="status"
          className="mb-4 flex items-start gap-2 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-800 ring-1 ring-amber-200"
          data-testid="form-locked"
        >
          <Icon name="alert" className="mt-0.5 h-4 w-4" />
          <span>{t('kit:form.notEditable')}</span>
        </div>
      )}
      {draft.offered && (
        <div
          role="status"
          className="mb-4 flex flex-wrap items-center gap-3 rounded-md bg-blue-50 px-4 py-3 text-sm text-blue-900 ring-1 ring-blue-200"
          data-testid="form-draft"
        >
          <Icon name="alert" className="h-4 w-4" />
          <span className="flex-1">{t('kit:draft.found', { time: formatDateTime(draft.offered.savedAt) })}</span>
          <Button variant="secondary" onClick={draft.discard}>
            {t('kit:draft.discard')}
          </Button>
          <Button onClick={draft.restore}>{t('kit:draft.restore')}</Button>
        </div>
      )}
      {formError && (
        <div
          role="alert"
          className="mb-4 flex items-start gap-2 rounded-md bg-red-50 px-4 py-3 text-sm whitespace-pre-line text-red-700 ring-1 ring-red-200"
          data-testid="form-error"
        >
          <Icon name="alert" className="mt-0.5 h-4 w-4" />
          <span>{formError}</span>
        </div>
      )}
      {loadError ? (
        <div
          className="rounded-lg bg-white p-10 text-center shadow-sm ring-1 ring-slate-200"
          data-testid="form-not-found"
        >
          <Icon name="alert" className="mx-auto h-8 w-8 text-amber-500" />
          <p className="mt-2 text-sm text-slate-600">
            {loadError instanceof ApiError && loadError.status !== 404 ? loadError.message : t('kit:form.notFound')}
          </p>
          <Link to={listPath} className="mt-3 inline-block text-sm font-medium text-blue-700 hover:underline">
            {t('kit:form.back')}
          </Link>
        </div>
      ) : (
        <div className={wide ? 'grid grid-cols-1 gap-4' : 'grid grid-cols-1 gap-4 lg:grid-cols-3'}>
          <div className={wide ? 'min-w-0 space-y-4' : 'space-y-4 lg:col-span-2'}>
            {loading ? (
              <div className="space-y-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-busy="true">
                {[0, 1, 2].map((index) => (
                  <div key={index} className="space-y-2">
                    <div className="h-3 w-24 animate-pulse rounded bg-slate-100" />
                    <div className="h-9 animate-pulse rounded bg-slate-100" />
                  </div>
                ))}
              </div>
            ) : (
              <form id={formId} onSubmit={onSubmit ?? ((event) => event.preventDefault())} noValidate>
                <fieldset disabled={readOnly || busy !== null} className="min-w-0 space-y-4">
                  {children}
                </fieldset>
              </form>
            )}
            {attachments}
          </div>
          {activity !== false && (
            <aside className="space-y-4">
              {activity ?? (mode === 'clone' || !record ? null : <ActivityPanel record={record} />)}
            </aside>
          )}
        </div>
      )}
      {guard.dialog}
      {confirmDialog}
    </div>
  );
}
