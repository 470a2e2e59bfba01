import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveInventorySettings, useInventorySettings } from '../../api/inventory';
import { FormSection } from '../../components/form';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { parseDay } from '../../components/ui/calendar-days';
import { DateField } from '../../components/ui/DateField';
import { PageLoading } from '../../components/ui/PageLoading';
import { useIdempotencyKeys } from '../../lib/idempotency';

/**
 * Settings › Inventory (key SETTING; docs/stock-ledger.md): the period lock date. Postings dated on or before it are
 * refused; empty locks nothing. Saved with the revision read, so a change made meanwhile by someone else is refused
 * by the server rather than overwritten.
 */
export function InventorySettingsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const keys = useIdempotencyKeys();
  const { data: settings, isLoading } = useInventorySettings();
  const saved = settings?.period_lock_date ?? '';
  const [text, setText] = useState(saved);
  const [shown, setShown] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  if (saved !== shown) {
    setShown(saved);
    setText(saved);
  }

  if (isLoading || !settings) return <PageLoading />;

  const trimmed = text.trim();
  const dirty = trimmed !== saved;
  const save = async (value: string | null) => {
    if (value !== null && !parseDay(value)) {
      setError(t('inventory:settings.invalidDate'));
      return;
    }
    setError(undefined);
    setSaving(true);
    const input = { period_lock_date: value, revision: settings.revision };
    try {
      await saveInventorySettings(input, keys.keyFor('period-lock', input));
      keys.done('period-lock');
    } catch {
      // the warning dialog shows the server's message (a stale revision, a refused date)
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormSection title={t('inventory:settings.section')} description={t('inventory:settings.sectionHelp')} columns={1}>
      <div className="flex flex-wrap items-end gap-3" data-testid="period-lock">
        <DateField
          label={t('inventory:settings.periodLockDate')}
          className="w-56"
          value={text}
          disabled={!canEdit}
          error={error}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          data-testid="period-lock-date"
        />
        {canEdit && (
          <>
            <Button disabled={saving || !dirty} onClick={() => void save(trimmed === '' ? null : trimmed)}>
              {t('inventory:settings.save')}
            </Button>
            {saved && (
              <Button variant="ghost" disabled={saving} onClick={() => void save(null)}>
                {t('inventory:settings.unlock')}
              </Button>
            )}
          </>
        )}
      </div>
      <p className="text-sm text-slate-600" data-testid="period-lock-status">
        {saved ? (
          <>
            <Badge tone="amber" dot className="mr-2">
              {t('inventory:settings.locked')}
            </Badge>
            {t('inventory:settings.lockedUntil', { date: saved })}
          </>
        ) : (
          <>
            <Badge tone="green" dot className="mr-2">
              {t('inventory:settings.open')}
            </Badge>
            {t('inventory:settings.nothingLocked')}
          </>
        )}
      </p>
    </FormSection>
  );
}
