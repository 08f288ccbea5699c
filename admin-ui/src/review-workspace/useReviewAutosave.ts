import { ApiError } from '@impact-calls/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MyReview, SaveReview } from './reviewApi';

/** What the reviewer edits; the version travels beside it. */
export type ReviewDraft = Omit<SaveReview, 'version'>;

/**
 * What the save indicator shows. 'conflict': saved elsewhere meanwhile (409 errors.review.stale,
 * reload); 'closed': the phase no longer lets reviewers score (409 errors.review.phase-closed).
 */
export type ReviewSaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'offline' | 'retrying' | 'error' | 'conflict' | 'closed';

export const DEBOUNCE_MS = 800;
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 30_000;

export interface ReviewAutosave {
  draft: ReviewDraft;
  state: ReviewSaveState;
  /** The API's message key of the last failure, if any. */
  errorKey?: string;
  /** The API's field errors of the last failure (criterion id -> reason). */
  fieldErrors?: Record<string, string>;
  /** Changes some fields; saved after a pause of DEBOUNCE_MS. */
  update(patch: Partial<ReviewDraft>): void;
  /** Saves what is pending now; resolves with the review as the API last answered it (its version current). */
  flush(): Promise<MyReview>;
  /** Takes a review the API answered elsewhere (submit): its version is the one the next save sends. */
  accept(review: MyReview): void;
}

export const draftOf = (r: MyReview): ReviewDraft => ({
  scores: r.scores,
  recommendation: r.recommendation,
  commentApplicant: r.commentApplicant,
  commentPanel: r.commentPanel,
  abstained: r.abstained,
  abstainReason: r.abstainReason,
});

const isNetworkError = (e: unknown) => !(e instanceof ApiError) || e.status === 0;
const isRetryable = (e: unknown) => isNetworkError(e) || (e instanceof ApiError && (e.status === 429 || e.status >= 500));

/** The wait before the `attempt`-th retry: what the API asked (Retry-After), else 1 s, 2 s, 4 s ... up to 30 s with jitter. */
export function retryDelayMs(attempt: number, e: unknown, random = Math.random): number {
  const asked = e instanceof ApiError ? e.retryAfter : undefined;
  if (asked !== undefined) return Math.min(RETRY_MAX_MS, asked * 1000);
  const base = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * The review saved as the reviewer types: each change waits DEBOUNCE_MS, then goes with the
 * version it was made from (PUT saveMyReview). A lost connection or a failing server is retried
 * with backoff, keeping what was typed; a stale version or a closed phase stops saving (the
 * screen offers a reload). `save` is the API call (a parameter, so tests hand in their own).
 */
export function useReviewAutosave(initial: MyReview, save: (body: SaveReview) => Promise<MyReview>, enabled: boolean): ReviewAutosave {
  const [draft, setDraft] = useState<ReviewDraft>(() => draftOf(initial));
  const [state, setState] = useState<ReviewSaveState>('idle');
  const [errorKey, setErrorKey] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>();
  const last = useRef<MyReview>(initial);
  const current = useRef<ReviewDraft>(draftOf(initial));
  /** The draft waiting to be sent (undefined: all saved). */
  const pending = useRef<ReviewDraft | undefined>(undefined);
  const inFlight = useRef<Promise<void> | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const attempts = useRef(0);
  const retryAt = useRef(0);
  /** Set by a stale version or a closed phase: nothing more is sent. */
  const stopped = useRef<unknown>(undefined);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  const sendAgain = useRef<() => Promise<void>>(() => Promise.resolve());

  const send = useCallback((): Promise<void> => {
    if (inFlight.current) return inFlight.current.then(() => (pending.current ? sendAgain.current() : undefined));
    const body = pending.current;
    if (!body || !enabled || stopped.current) return Promise.resolve();
    clearTimeout(timer.current);
    setState('saving');
    const run = (async () => {
      try {
        const result = await saveRef.current({ ...body, version: last.current.version });
        last.current = result;
        attempts.current = 0;
        retryAt.current = 0;
        if (pending.current === body) {
          pending.current = undefined;
          setState('saved');
        }
        setErrorKey(undefined);
        setFieldErrors(undefined);
      } catch (e) {
        if (isRetryable(e)) {
          attempts.current += 1;
          const wait = retryDelayMs(attempts.current, e);
          retryAt.current = Date.now() + wait;
          setState(isNetworkError(e) ? 'offline' : 'retrying');
          timer.current = setTimeout(() => void sendAgain.current().catch(() => undefined), wait);
        } else if (e instanceof ApiError && (e.key === 'errors.review.stale' || e.key === 'errors.review.phase-closed')) {
          stopped.current = e;
          setState(e.key === 'errors.review.stale' ? 'conflict' : 'closed');
          setErrorKey(e.key);
        } else {
          // Sent again with the next change (a refused value stays refused until corrected).
          setState('error');
          setErrorKey(e instanceof ApiError ? e.key : undefined);
          setFieldErrors(e instanceof ApiError ? e.errors : undefined);
        }
        throw e;
      } finally {
        inFlight.current = undefined;
      }
    })();
    inFlight.current = run;
    return run.then(() => (pending.current && pending.current !== body ? sendAgain.current() : undefined));
  }, [enabled]);
  useEffect(() => {
    sendAgain.current = send;
  }, [send]);

  const update = useCallback(
    (patch: Partial<ReviewDraft>) => {
      if (!enabled || stopped.current) return;
      const next = { ...current.current, ...patch };
      current.current = next;
      pending.current = next;
      setDraft(next);
      setState((s) => (s === 'offline' || s === 'retrying' ? s : 'pending'));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void send().catch(() => undefined), Math.max(DEBOUNCE_MS, retryAt.current - Date.now()));
    },
    [enabled, send],
  );

  const flush = useCallback(async (): Promise<MyReview> => {
    if (stopped.current) throw stopped.current;
    clearTimeout(timer.current);
    await send();
    return last.current;
  }, [send]);

  const accept = useCallback((review: MyReview) => {
    last.current = review;
  }, []);

  // Leaving the screen: what is pending goes now.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (pending.current) void sendAgain.current().catch(() => undefined);
    },
    [],
  );

  return { draft, state, errorKey, fieldErrors, update, flush, accept };
}
