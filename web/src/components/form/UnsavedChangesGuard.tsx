import { useCallback, useContext, useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import type { BlockerFunction } from 'react-router-dom';
import { ConfirmDialog } from '../ui/ConfirmDialog';

function RouterBlocker({ when, bypass }: { when: RefObject<boolean>; bypass: RefObject<boolean> }) {
  const { t } = useTranslation();
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      when.current &&
      !bypass.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [when, bypass],
  );
  const blocker = useBlocker(shouldBlock);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      tone="danger"
      title={t('kit:form.unsavedTitle')}
      message={t('kit:form.unsavedMessage')}
      confirmLabel={t('kit:form.leave')}
      cancelLabel={t('kit:form.stay')}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

/**
 * Unsaved-changes guard: while `when` holds, leaving the page in the app asks first (react-router
 * `useBlocker`, which needs a data router) and closing or reloading the tab asks the browser's question
 * (beforeunload). Call `allowNavigation()` before navigating away after a save.
 */
export function useUnsavedChangesGuard(when: boolean) {
  const whenRef = useRef(when);
  const bypass = useRef(false);
  useEffect(() => {
    whenRef.current = when;
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (bypass.current) return;
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const allowNavigation = useCallback(() => {
    bypass.current = true;
  }, []);
  return { dialog: dataRouter ? <RouterBlocker when={whenRef} bypass={bypass} /> : null, allowNavigation };
}
