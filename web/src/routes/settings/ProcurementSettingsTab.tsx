import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { saveReceivingSettings, useReceivingSettings } from '../../api/receiving-orders';
import { FormSection } from '../../components/form';
import { Button } from '../../components/ui/Button';
import { PageLoading } from '../../components/ui/PageLoading';
import { TextField } from '../../components/ui/TextField';
import { showError } from '../../state/feedback';
import { useIdempotencyKeys } from '../../lib/idempotency';

const PERCENT = /^\d{1,4}(\.\d{1,2})?$/;

/**
 * Settings › Procurement (key SETTING, read with RO view): the over-receipt tolerance. A receiving order may
 * receive up to this percent above the ordered quantity without the approval right; above it, only an approver
 * (RO approval) may receive. 0 means every over-receipt needs approval.
 */
export function ProcurementSettingsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const keys = useIdempotencyKeys();
  const { data: settings, isLoading } = useReceivingSettings();
  const saved = settings?.over_receipt_tolerance_percent ?? '';
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
  const save = async () => {
    if (!PERCENT.test(trimmed) || Number(trimmed) > 1000) {
      setError(t('receiving-order:settings.invalidTolerance'));
      return;
    }
    setError(undefined);
    setSaving(true);
    const input = { over_receipt_tolerance_percent: trimmed };
    try {
      await saveReceivingSettings(input, keys.keyFor('over-receipt-tolerance', input));
      keys.done('over-receipt-tolerance');
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldErrors.length > 0) setError(failure.fieldErrors[0].message);
      else if (failure instanceof ApiError) showError(failure.message);
      else throw failure;
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormSection
      title={t('receiving-order:settings.section')}
      description={t('receiving-order:settings.sectionHelp')}
      columns={1}
    >
      <div className="flex flex-wrap items-end gap-3" data-testid="over-receipt-tolerance">
        <TextField
          label={t('receiving-order:settings.tolerance')}
          className="w-56"
          inputMode="decimal"
          value={text}
          disabled={!canEdit}
          error={error}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          data-testid="over-receipt-tolerance-percent"
        />
        {canEdit && (
          <Button disabled={saving || trimmed === saved} onClick={() => void save()}>
            {t('receiving-order:settings.save')}
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-600" data-testid="over-receipt-tolerance-status">
        {Number(saved) === 0
          ? t('receiving-order:settings.noTolerance')
          : t('receiving-order:settings.toleranceIs', { percent: saved })}
      </p>
    </FormSection>
  );
}
