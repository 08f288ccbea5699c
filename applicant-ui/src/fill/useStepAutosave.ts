import { ApiError, unwrap } from '@impact-calls/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, readDraft, startingPoint, writeDraft } from './drafts';
import { orgHeader, saveApi, type StepResult } from './fillApi';

/** What the save indicator shows ('retrying': the server is busy or briefly down; the answers wait here). */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'offline' | 'retrying' | 'error' | 'conflict';

const DEBOUNCE_MS = 800;
/** Backoff after a failed save: 1 s, 2 s, 4 s ... up to 30 s, with a little jitter; Retry-After when the API gives one. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 30_000;

/** Who saved the answers meanwhile and when, as the API's 409 tells (each when known). */
export interface SaveConflict {
  changedBy?: string;
  changedAt?: string;
}

export interface StepAutosave {
  content: unknown;
  state: SaveState;
  /** The API's message key of the last failure, if any. */
  errorKey?: string;
  /** While the state is 'conflict': who changed the answers, and when. */
  conflict?: SaveConflict;
  setContent(content: Record<string, unknown>): void;
  /** Saves what is pending now; resolves when nothing is left to save (or rejects). */
  flush(): Promise<void>;
  /** After a conflict: saves this device's answers again on the version saved meanwhile, so nothing typed is lost. */
  keepMine(): void;
  /** After a conflict: drops this device's answers (the caller loads the saved ones). */
  discardMine(): void;
}

/** The details of a 409 errors.stale-version: the version saved meanwhile, by whom and when. */
function staleDetails(e: ApiError): SaveConflict & { currentVersion?: number } {
  const b = (e.body ?? {}) as { currentVersion?: unknown; changedAt?: unknown; changedBy?: { name?: unknown } | null };
  return {
    currentVersion: typeof b.currentVersion === 'number' ? b.currentVersion : undefined,
    changedAt: typeof b.changedAt === 'string' ? b.changedAt : undefined,
    changedBy: typeof b.changedBy?.name === 'string' && b.changedBy.name ? b.changedBy.name : undefined,
  };
}

const isNetworkError = (e: unknown) => !(e instanceof ApiError) || e.status === 0;
/** Worth trying again as it is: no connection, too many requests (429), or a server that is down or failing (5xx). */
const isRetryable = (e: unknown) => isNetworkError(e) || (e instanceof ApiError && (e.status === 429 || e.status >= 500));

/** How long to wait before the `attempt`-th retry (1, 2, ...): what the API asked, else exponential backoff. */
export function retryDelayMs(attempt: number, e: unknown, random = Math.random): number {
  const asked = e instanceof ApiError ? e.retryAfter : undefined;
  if (asked !== undefined) return Math.min(RETRY_MAX_MS, asked * 1000);
  const base = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Autosave of one step's answers: every change is written to localStorage at once, then
 * sent after a short pause with the version it was made from. The draft is removed only
 * when the API confirms. A lost connection, a busy server (429) or a server that is down
 * (5xx, 503) is retried with backoff (and at once on `online`), showing "saving paused,
 * retrying" and losing nothing typed; a stale version (409) shows who changed the answers
 * and when, and the applicant reloads theirs (discardMine) or keeps their own (keepMine).
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
  const [conflict, setConflict] = useState<SaveConflict>();
  const version = useRef(start.version);
  const pending = useRef<Record<string, unknown> | undefined>(start.unsaved ? (start.content as Record<string, unknown>) : undefined);
  /** This device's answers a conflict set aside: the draft made from an older version (the saved answers are shown). */
  const setAside = useRef<Record<string, unknown> | undefined>(start.conflict ? start.draft : undefined);
  /** The version saved meanwhile, which "keep mine" saves on. */
  const freshVersion = useRef<number | undefined>(undefined);
  const inFlight = useRef<Promise<void> | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Failed attempts in a row, and when the next may go (typing does not cut a backoff short). */
  const attempts = useRef(0);
  const retryAt = useRef(0);
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
        attempts.current = 0;
        retryAt.current = 0;
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
        if (isRetryable(e)) {
          attempts.current += 1;
          const wait = retryDelayMs(attempts.current, e);
          retryAt.current = Date.now() + wait;
          setState(isNetworkError(e) ? 'offline' : 'retrying');
          timer.current = setTimeout(() => void sendAgain.current().catch(() => undefined), wait);
        } else if (e instanceof ApiError && e.key === 'errors.stale-version') {
          const { currentVersion, ...who } = staleDetails(e);
          freshVersion.current = currentVersion;
          setConflict(who);
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
      setState((s) => (s === 'offline' || s === 'retrying' || s === 'conflict' ? s : 'pending'));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void send().catch(() => undefined), Math.max(DEBOUNCE_MS, retryAt.current - Date.now()));
    },
    [enabled, send, stepId, submissionId],
  );

  // A restored draft is sent at once; coming back online sends what waits.
  useEffect(() => {
    if (pending.current && enabled) void send().catch(() => undefined);
    const online = () => {
      retryAt.current = 0;
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

  const keepMine = useCallback(() => {
    const mine = pending.current ?? setAside.current;
    if (!enabled || !mine) return;
    if (freshVersion.current !== undefined) version.current = freshVersion.current;
    freshVersion.current = undefined;
    setAside.current = undefined;
    pending.current = mine;
    setLocal(mine);
    writeDraft(submissionId, stepId, { content: mine, baseVersion: version.current, at: Date.now() });
    setConflict(undefined);
    setState('pending');
    void send().catch(() => undefined);
  }, [enabled, send, stepId, submissionId]);

  const discardMine = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = undefined;
    setAside.current = undefined;
    clearDraft(submissionId, stepId);
    setConflict(undefined);
  }, [stepId, submissionId]);

  return { content, state, errorKey, conflict, setContent, flush, keepMine, discardMine };
}
