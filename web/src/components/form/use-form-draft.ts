import { useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useSession } from '../../api/session';
import { discardDraft, hasDraft, loadDraft, saveDraft } from '../../lib/draft-store';
import type { Draft } from '../../lib/draft-store';

const SAVE_DELAY_MS = 800;

/**
 * Keeps an unsaved form as an encrypted draft while the user types, and offers it back when they return to
 * the same form (same user, page and record). Saving the form, or discarding, removes it.
 */
export function useFormDraft<Input extends FieldValues>(form: UseFormReturn<Input, unknown, unknown>, active: boolean) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = user ? `${user.user_id}.${pathname}.${params.get('id') ?? 'new'}` : undefined;
  const [offered, setOffered] = useState<Draft<Input> | undefined>();

  // A draft left from an earlier visit is offered once the form is ready.
  useEffect(() => {
    if (!active || !id || !hasDraft(id)) return;
    let current = true;
    void loadDraft<Input>(id).then((draft) => {
      if (current) setOffered(draft);
    });
    return () => {
      current = false;
    };
  }, [active, id]);

  // Typing keeps the draft up to date; an untouched form keeps none.
  useEffect(() => {
    if (!active || !id) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = form.watch(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (form.formState.isDirty) void saveDraft(id, form.getValues()).catch(() => undefined);
      }, SAVE_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [active, id, form]);

  const forget = () => {
    if (id) discardDraft(id);
    setOffered(undefined);
  };
  return {
    offered,
    restore: () => {
      if (!offered) return;
      form.reset(offered.values, { keepDefaultValues: true });
      setOffered(undefined);
    },
    discard: forget,
    /** After a successful save: the draft has served its purpose. */
    clear: forget,
  };
}
