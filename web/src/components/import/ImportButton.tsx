import type { PermissionKey } from '@scm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { revalidate } from '../../api/resource';
import { useCan } from '../../lib/permissions';
import { Icon } from '../ui/icons';
import { ImportDialog } from './ImportDialog';
import { useImport } from './use-import';

export interface ImportButtonProps {
  /** The entity's path segment under `/api/<service>/imports/` (e.g. `suppliers`). */
  entity: string;
  /** The service that imports it (default `catalog`). */
  service?: string;
  /** Shown only to users with edit on this key, or on this list as `useCan` reads it (the server checks the same). */
  permissionKey: PermissionKey | readonly PermissionKey[];
  /** The entity's plural name as the page shows it ("Suppliers"). */
  name: string;
  /** SWR key prefix revalidated after a successful import (e.g. `suppliersApi.keys.all`). */
  refresh?: readonly unknown[];
}

/**
 * "Import" beside a list's Export button: opens the ImportDialog; the list refreshes after a successful
 * import. `<DataTable toolbar={<ImportButton entity="suppliers" permissionKey="SUPPLIER" name={...} />} />`
 */
export function ImportButton({ entity, service = 'catalog', permissionKey, name, refresh }: ImportButtonProps) {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState(false);
  const target = { service, entity };
  const { phase, start, reset } = useImport(target, () => {
    if (refresh) void revalidate(refresh);
  });
  if (!can(permissionKey, 'edit')) return null;

  const show = () => {
    // A finished success is done with: a new import starts afresh; a failure stays to be fixed.
    if (phase.kind === 'finished' && phase.job.status === 'succeeded') reset();
    setOpen(true);
  };
  const running = phase.kind === 'uploading' || phase.kind === 'running';

  return (
    <>
      <button
        type="button"
        onClick={show}
        data-testid="import-excel"
        className="inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        <Icon name="upload" className={`h-4 w-4 ${running ? 'animate-pulse text-blue-700' : ''}`} />
        <span className="hidden sm:inline">{t('import:button')}</span>
      </button>
      <ImportDialog
        open={open}
        onClose={() => setOpen(false)}
        target={target}
        name={name}
        phase={phase}
        onStart={(file) => void start(file)}
        onReset={reset}
      />
    </>
  );
}
