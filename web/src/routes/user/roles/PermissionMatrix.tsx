import { Checkbox } from '@headlessui/react';
import { PERMISSION_MODULES } from '@scm/contracts';
import type { PermissionKey } from '@scm/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icons';
import { PERMISSION_FLAGS, groupState, withFlag, withFlags } from './permission-matrix';
import type { MatrixEntry, PermissionFlag } from './permission-matrix';

/** A bare checkbox of the matrix: the row or column says what it is, `label` names it for screen readers. */
function MatrixCheckbox({
  checked,
  indeterminate = false,
  onChange,
  label,
  disabled,
  testId,
}: {
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled: boolean;
  testId?: string;
}) {
  return (
    <Checkbox
      checked={checked}
      indeterminate={indeterminate}
      onChange={onChange}
      disabled={disabled}
      aria-label={label}
      data-testid={testId}
      className="group inline-flex h-4.5 w-4.5 shrink-0 cursor-pointer items-center justify-center rounded border border-slate-300 bg-white align-middle focus:outline-none data-checked:border-blue-700 data-checked:bg-blue-700 data-disabled:cursor-default data-disabled:border-slate-200 data-disabled:bg-slate-50 data-disabled:data-checked:border-blue-600 data-disabled:data-checked:bg-blue-600 data-focus:ring-2 data-focus:ring-blue-500 data-focus:ring-offset-1 data-indeterminate:border-blue-700 data-indeterminate:bg-blue-700"
    >
      <Icon name="check" className="hidden h-3 w-3 text-white group-data-checked:block" strokeWidth={3} />
      <span aria-hidden="true" className="hidden h-0.5 w-2 rounded bg-white group-data-indeterminate:block" />
    </Checkbox>
  );
}

/**
 * The role form's permissions (SPEC.md §6): a table per module group of PERMISSION_MODULES, a row per key with
 * View / Edit / Approval, and per-group "all" checkboxes in the header. Clicking keeps approval ⇒ edit ⇒ view.
 * `onChange` receives the whole next matrix; the form decides (e.g. asks before Stock Adjustment approval).
 */
export function PermissionMatrix({
  value,
  onChange,
  readOnly,
}: {
  value: readonly MatrixEntry[];
  onChange: (next: MatrixEntry[]) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const entryOf = (key: PermissionKey) => value.find((entry) => entry.permission.key === key);
  const flagLabel = (flag: PermissionFlag) => t(`roles:flags.${flag}`);

  /** The checkbox of one key and flag. */
  const keyCheckbox = (entry: MatrixEntry, flag: PermissionFlag, name: string) => (
    <MatrixCheckbox
      checked={entry[flag]}
      onChange={(on) => onChange(value.map((item) => (item === entry ? withFlag(entry, flag, on) : item)))}
      label={t('roles:flagOf', { flag: flagLabel(flag), name })}
      disabled={readOnly}
      testId={`perm-${entry.permission.key}-${flag}`}
    />
  );

  return (
    <div className="gap-4 xl:columns-2" data-testid="permission-matrix">
      {PERMISSION_MODULES.map((module) => {
        const group = t(`roles:modules.${module.id}`);
        const granted = module.keys.filter((key) => entryOf(key)?.view).length;
        // A group of one key is one row: its header holds the key's own checkboxes.
        const single = module.keys.length === 1 ? entryOf(module.keys[0]) : undefined;
        return (
          <div
            key={module.id}
            className="mb-4 min-w-0 break-inside-avoid overflow-hidden rounded-md ring-1 ring-slate-200 last:mb-0"
            data-module={module.id}
          >
            <table className="w-full table-fixed text-sm">
              <thead className="bg-slate-50">
                <tr data-key={single?.permission.key}>
                  <th scope={single ? 'row' : 'col'} className="px-3 py-2 text-left align-middle">
                    <span className="block font-semibold break-words text-slate-800">{group}</span>
                    {single ? (
                      <span className="block font-mono text-[11px] leading-4 font-normal text-slate-400">
                        {single.permission.key}
                      </span>
                    ) : (
                      <span className="block text-xs font-normal text-slate-500">
                        {granted === 0
                          ? t('roles:noneGranted')
                          : t('roles:granted', { count: granted, total: module.keys.length })}
                      </span>
                    )}
                  </th>
                  {PERMISSION_FLAGS.map((flag) => {
                    const state = groupState(value, module.keys, flag);
                    return (
                      <th key={flag} scope="col" className="w-14 px-0.5 py-2 text-center align-middle sm:w-16 xl:w-14">
                        <span className="flex flex-col items-center gap-1">
                          <span className="text-[11px] leading-4 font-medium text-slate-600">{flagLabel(flag)}</span>
                          {single
                            ? keyCheckbox(single, flag, t(`roles:keys.${single.permission.key}`))
                            : !readOnly && (
                                <MatrixCheckbox
                                  checked={state === 'all'}
                                  indeterminate={state === 'some'}
                                  onChange={() => onChange(withFlags(value, module.keys, flag, state !== 'all'))}
                                  label={t('roles:allOf', { flag: flagLabel(flag), group })}
                                  disabled={readOnly}
                                  testId={`all-${module.id}-${flag}`}
                                />
                              )}
                        </span>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              {!single && (
                <tbody className="divide-y divide-slate-100">
                  {module.keys.map((key) => {
                    const entry = entryOf(key);
                    if (!entry) return null;
                    const name = t(`roles:keys.${key}`);
                    return (
                      <tr key={key} data-key={key} className={entry.view ? '' : 'text-slate-500'}>
                        <th scope="row" className="px-3 py-2 text-left font-normal">
                          <span className={`block break-words ${entry.view ? 'text-slate-800' : ''}`}>{name}</span>
                          <span className="block font-mono text-[11px] leading-4 text-slate-400">{key}</span>
                        </th>
                        {PERMISSION_FLAGS.map((flag) => (
                          <td key={flag} className="px-1 py-2 text-center align-middle">
                            {keyCheckbox(entry, flag, name)}
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              )}
            </table>
          </div>
        );
      })}
    </div>
  );
}
