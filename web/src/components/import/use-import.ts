import type { ImportJobView } from '@scm/contracts';
import { isFinishedImport } from '@scm/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchImportJob, uploadImport } from './import-api';
import type { ImportTarget } from './import-api';

/** How often a running import is asked how far it is. */
export const IMPORT_POLL_MS = 500;

/**
 * Where an import is: nothing started; the file going up (share sent); the job queued or running (polled);
 * finished (succeeded, or failed with row errors or a reason); or the upload refused (wrong type, too large).
 */
export type ImportPhase =
  | { kind: 'idle' }
  | { kind: 'uploading'; fraction: number }
  | { kind: 'running'; job: ImportJobView }
  | { kind: 'finished'; job: ImportJobView }
  | { kind: 'refused'; message: string };

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Stopped', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * Runs one import at a time: upload with progress, then polls the job until it finishes; `onImported` after
 * a success (to refresh the list). Kept by the button that owns the dialog, so closing the dialog while rows
 * are checked does not lose the result.
 */
export function useImport(target: ImportTarget, onImported?: () => void) {
  const [phase, setPhase] = useState<ImportPhase>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const imported = useRef(onImported);
  useEffect(() => {
    imported.current = onImported;
  }, [onImported]);
  const { service, entity } = target;

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (file: File) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const where = { service, entity };
      setPhase({ kind: 'uploading', fraction: 0 });
      try {
        let job = await uploadImport(where, file, {
          signal: abort.signal,
          onProgress: (fraction) => setPhase({ kind: 'uploading', fraction }),
        });
        while (!isFinishedImport(job.status)) {
          setPhase({ kind: 'running', job });
          await wait(IMPORT_POLL_MS, abort.signal);
          job = await fetchImportJob(where, job.job_id, abort.signal);
        }
        setPhase({ kind: 'finished', job });
        if (job.status === 'succeeded') imported.current?.();
      } catch (error) {
        if (abort.signal.aborted) return;
        setPhase({ kind: 'refused', message: (error as Error).message });
      }
    },
    [service, entity],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setPhase({ kind: 'idle' });
  }, []);

  return { phase, start, reset };
}
