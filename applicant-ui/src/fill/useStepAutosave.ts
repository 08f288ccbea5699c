import { ApiError, unwrap } from '@impact-calls/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, readDraft, startingPoint, writeDraft } from './drafts';
import { orgHeader, saveApi, type StepResult } from './fillApi';

/** What the save indicator shows. */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'offline' | 'error' | 'conflict';

const DEBOUNCE_MS = 800;
const RETRY_MS = 3000;

export interface StepAutosave {
  content: unknown;
  state: SaveState;
  /** The API's message key of the last failure, if any. */
  errorKey?: string;
  setContent(content: Record<string, unknown>): void;
  /** Saves what is pending now; resolves when nothing is left to save (or rejects). */
  flush(): Promise<void>;
}

const isNetworkError = (e: unknown) => !(e instanceof ApiError) || e.status === 0;

/**
 * Autosave of one step's answers: every change is written to localStorage at once, then
 * sent after a short pause with the version it was made from. The draft is removed only
 * when the API confirms; a lost connection is retried (and on `online`), a stale version
 * (409) shows "changed elsewhere".
 */
export function useStepAutosave(
  submissionId: string,
  stepId: string,
  saved: { content: unknown; version: number } | undefined,
  enabled: boolean,
  onSaved: (result: StepResult) => void,
): StepAutosave {
  const [start] = useState(() => startingPoint(enabled ? readDraft(submissionId, stepId) : undefined, saved));
  const [content, setLocal] = useState<unknown>(start.content);
  const [state, setState] = useState<SaveState>(start.conflict ? 'conflict' : start.unsaved ? 'pending' : 'idle');
  const [errorKey, setErrorKey] = useState<string>();
  const version = useRef(start.version);
  const pending = useRef<Record<string, unknown> | undefined>(start.unsaved ? (start.content as Record<string, unknown>) : undefined);
  const inFlight = useRef<Promise<void> | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const savedCallback = useRef(onSaved);
  useEffect(() => {
    savedCallback.current = onSaved;
  });
  // `send` calls itself again when more was typed meanwhile: through this ref.
  const sendAgain = useRef<() => Promise<void>>(() => Promise.resolve());

  const send = useCallback((): Promise<void> => {
    if (inFlight.current) return inFlight.current.then(() => (pending.current ? sendAgain.current() : undefined));
    const body = pending.current;
    if (!body || !enabled) return Promise.resolve();
    clearTimeout(timer.current);
    setState('saving');
    const run = (async () => {
      try {
        const result = await unwrap(
          saveApi.POST('/api/Call/UpsertCallStepResult', {
            params: { header: orgHeader() },
            body: { callSubmissionId: submissionId, stepId, content: body, version: version.current },
          }),
        );
        version.current = result.version;
        savedCallback.current(result);
        if (pending.current === body) {
          pending.current = undefined;
          clearDraft(submissionId, stepId);
          setState('saved');
        } else {
          // Typed again meanwhile: the draft now rests on the new version.
          writeDraft(submissionId, stepId, { content: pending.current!, baseVersion: version.current, at: Date.now() });
        }
        setErrorKey(undefined);
      } catch (e) {
        if (isNetworkError(e)) {
          setState('offline');
          timer.current = setTimeout(() => void sendAgain.current().catch(() => undefined), RETRY_MS);
        } else if (e instanceof ApiError && e.key === 'errors.stale-version') {
          setState('conflict');
        } else {
          setState('error');
          setErrorKey(e instanceof ApiError ? e.key : 'fill.save-error');
        }
        throw e;
      } finally {
        inFlight.current = undefined;
      }
    })();
    inFlight.current = run;
    return run.then(() => (pending.current && pending.current !== body ? sendAgain.current() : undefined));
  }, [enabled, stepId, submissionId]);
  useEffect(() => {
    sendAgain.current = send;
  }, [send]);

  const setContent = useCallback(
    (next: Record<string, unknown>) => {
      if (!enabled) return;
      setLocal(next);
      pending.current = next;
      writeDraft(submissionId, stepId, { content: next, baseVersion: version.current, at: Date.now() });
      setState((s) => (s === 'offline' || s === 'conflict' ? s : 'pending'));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void send().catch(() => undefined), DEBOUNCE_MS);
    },
    [enabled, send, stepId, submissionId],
  );

  // A restored draft is sent at once; coming back online sends what waits.
  useEffect(() => {
    if (pending.current && enabled) void send().catch(() => undefined);
    const online = () => {
      if (pending.current) void send().catch(() => undefined);
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
      // Leaving the step: what is pending goes now (the draft stays until confirmed).
      if (pending.current) void send().catch(() => undefined);
    };
  }, [enabled, send]);

  const flush = useCallback(() => send(), [send]);
  return { content, state, errorKey, setContent, flush };
}
