import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { ApiError } from '../../api/client';
import { useIdempotencyKeys } from '../../lib/idempotency';
import { Button } from '../ui/Button';
import { Icon } from '../ui/icons';
import { TextField } from '../ui/TextField';
import { maxLengthAt } from './schema-limits';
import { issueMessage } from './zod-resolver';

export interface NewCategoryProps<Input> {
  /** The category select this creates an option for. */
  children: ReactNode;
  /** Read-only forms show the select alone. */
  readOnly?: boolean;
  /** The category resource's input schema: the dialog checks the name with the server's own rules. */
  schema: ZodType<unknown, Input>;
  /** The create body for a name (a category with sub-categories gets none: they are added on its own page). */
  toInput: (categoryName: string) => Input;
  /** The resource's create call (it revalidates the form's options before it answers). */
  create: (input: Input, idempotencyKey: string) => Promise<{ category_id: string }>;
  /** Selects the new category in the form (and clears what depends on the category). */
  onCreated: (categoryId: string) => void;
  'data-testid'?: string;
}

/**
 * A required category select with "+ New category" beside it: a small dialog asks for the name, creates the
 * category through the category's own API and selects it, so a half-filled location, supplier or SKU form is
 * kept. The dialog's form is portalled out of the page's form in the DOM, and its submit event is stopped so
 * React does not bubble it to the page's form either.
 */
export function NewCategory<Input>({
  children,
  readOnly,
  schema,
  toInput,
  create,
  onCreated,
  'data-testid': testId = 'new-category',
}: NewCategoryProps<Input>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const keys = useIdempotencyKeys();

  const close = () => {
    setOpen(false);
    setName('');
    setError(undefined);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const input = toInput(name);
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues.find((candidate) => candidate.path[0] === 'category_name');
      setError(issue ? issueMessage(issue) : issueMessage(parsed.error.issues[0]));
      return;
    }
    setSaving(true);
    try {
      const created = await create(input, keys.keyFor('create', input));
      keys.done('create');
      onCreated(created.category_id);
      close();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('web:errors.generic'));
    } finally {
      setSaving(false);
    }
  };

  if (readOnly) return <>{children}</>;
  return (
    <div className="flex items-start gap-2">
      <div className="min-w-0 flex-1">{children}</div>
      <Button
        variant="secondary"
        className="mt-6 h-9 w-9 shrink-0 px-0"
        aria-label={t('kit:newCategory.open')}
        title={t('kit:newCategory.open')}
        onClick={() => setOpen(true)}
        data-testid={`${testId}-open`}
      >
        <Icon name="plus" />
      </Button>
      <Dialog open={open} onClose={close} className="relative z-50">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-slate-900/40 transition-opacity duration-150 data-closed:opacity-0"
        />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel
            transition
            data-testid={testId}
            className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0"
          >
            <form noValidate onSubmit={(event) => void submit(event)}>
              <DialogTitle className="text-base font-semibold text-slate-900">{t('kit:newCategory.title')}</DialogTitle>
              <p className="mt-1 text-sm text-slate-600">{t('kit:newCategory.help')}</p>
              <TextField
                className="mt-4"
                label={t('kit:newCategory.name')}
                required
                maxChars={maxLengthAt(schema, 'category_name')}
                autoComplete="off"
                data-autofocus
                value={name}
                error={error}
                onChange={(event) => {
                  setName(event.target.value);
                  setError(undefined);
                }}
              />
              <div className="mt-6 flex justify-end gap-2">
                <Button variant="secondary" onClick={close}>
                  {t('kit:confirm.cancel')}
                </Button>
                <Button type="submit" disabled={saving}>
                  {t('kit:newCategory.create')}
                </Button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </Dialog>
    </div>
  );
}
