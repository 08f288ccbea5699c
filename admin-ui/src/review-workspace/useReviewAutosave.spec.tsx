import { ApiError } from '@impact-calls/api-client';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyReview, SaveReview } from './reviewApi';
import { DEBOUNCE_MS, RETRY_MAX_MS, retryDelayMs, useReviewAutosave } from './useReviewAutosave';

const review = (overrides: Partial<MyReview> = {}): MyReview => ({
  scores: {},
  score: null,
  recommendation: null,
  commentApplicant: '',
  commentPanel: '',
  abstained: false,
  abstainReason: '',
  version: 0,
  state: 'to-do',
  submittedAt: null,
  editable: true,
  ...overrides,
});

/** The API's answer to a save: the body taken, the version moved on. */
const answered = async (body: SaveReview): Promise<MyReview> => {
  const { version, ...rest } = body;
  return review({ ...rest, version: version + 1, state: 'in-progress' });
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the review autosave', () => {
  it('waits for a pause in typing, then saves the latest draft with the version read', async () => {
    const save = vi.fn(answered);
    const { result } = renderHook(() => useReviewAutosave(review({ version: 4 }), save, true));
    act(() => result.current.update({ scores: { c1: 3 } }));
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 100));
    act(() => result.current.update({ commentPanel: 'Solid plan' }));
    expect(result.current.state).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 100));
    expect(save).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0][0]).toEqual({
      version: 4,
      scores: { c1: 3 },
      recommendation: null,
      commentApplicant: '',
      commentPanel: 'Solid plan',
      abstained: false,
      abstainReason: '',
    });
    expect(result.current.state).toBe('saved');
    expect(result.current.draft.scores).toEqual({ c1: 3 });
  });

  it('sends the version the last save answered', async () => {
    const save = vi.fn(answered);
    const { result } = renderHook(() => useReviewAutosave(review({ version: 1 }), save, true));
    act(() => result.current.update({ recommendation: 'fund' }));
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS));
    act(() => result.current.update({ recommendation: 'maybe' }));
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS));
    expect(save.mock.calls.map(([b]) => [b.version, b.recommendation])).toEqual([
      [1, 'fund'],
      [2, 'maybe'],
    ]);
  });

  it('flush saves at once and answers the review with its current version (submit, save and next)', async () => {
    const save = vi.fn(answered);
    const { result } = renderHook(() => useReviewAutosave(review({ version: 7 }), save, true));
    act(() => result.current.update({ abstained: true, abstainReason: 'Outside my field' }));
    let flushed: MyReview | undefined;
    await act(async () => {
      flushed = await result.current.flush();
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(flushed?.version).toBe(8);
    // Nothing left: a second flush sends nothing and answers the same review.
    await act(async () => {
      flushed = await result.current.flush();
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(flushed?.version).toBe(8);
  });

  it('stops on a stale version (errors.review.stale): conflict, nothing more sent, flush refuses', async () => {
    const save = vi.fn().mockRejectedValue(new ApiError(409, 'errors.review.stale', 'stale'));
    const { result } = renderHook(() => useReviewAutosave(review(), save, true));
    act(() => result.current.update({ scores: { c1: 2 } }));
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS));
    expect(result.current.state).toBe('conflict');
    expect(result.current.errorKey).toBe('errors.review.stale');
    act(() => result.current.update({ scores: { c1: 4 } }));
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS * 3));
    expect(save).toHaveBeenCalledTimes(1);
    await expect(result.current.flush()).rejects.toMatchObject({ key: 'errors.review.stale' });
  });

  it('stops when the phase closed (errors.review.phase-closed)', async () => {
    const save = vi.fn().mockRejectedValue(new ApiError(409, 'errors.review.phase-closed', 'closed'));
    const { result } = renderHook(() => useReviewAutosave(review(), save, true));
    act(() => result.current.update({ commentApplicant: 'x' }));
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS));
    expect(result.current.state).toBe('closed');
  });

  it('keeps what was typed while the server is down and saves it once it is back', async () => {
    const save = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(503, 'errors.service-unavailable', 'down', undefined, { retryAfter: 5 }))
      .mockImplementation(answered);
    const { result } = renderHook(() => useReviewAutosave(review(), save, true));
    act(() => result.current.update({ scores: { c1: 1 } }));
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS));
    expect(result.current.state).toBe('retrying');
    // Typing during the backoff does not cut it short.
    act(() => result.current.update({ scores: { c1: 2 } }));
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(save).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1][0].scores).toEqual({ c1: 2 });
    expect(result.current.state).toBe('saved');
  });

  it('shows a refused save with its key and field errors, and sends again with the next change', async () => {
    const save = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(400, 'errors.validation', 'bad', { c1: 'out-of-scale' }))
      .mockImplementation(answered);
    const { result } = renderHook(() => useReviewAutosave(review(), save, true));
    act(() => result.current.update({ scores: { c1: 99 } }));
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS));
    expect(result.current.state).toBe('error');
    expect(result.current.fieldErrors).toEqual({ c1: 'out-of-scale' });
    act(() => result.current.update({ scores: { c1: 5 } }));
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS));
    expect(result.current.state).toBe('saved');
    expect(result.current.fieldErrors).toBeUndefined();
  });

  it('saves nothing while the review is read-only (phase closed)', async () => {
    const save = vi.fn(answered);
    const { result } = renderHook(() => useReviewAutosave(review({ editable: false }), save, false));
    act(() => result.current.update({ scores: { c1: 3 } }));
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS * 2));
    expect(save).not.toHaveBeenCalled();
    expect(result.current.draft.scores).toEqual({});
  });

  it('sends what is pending when the screen is left', async () => {
    const save = vi.fn(answered);
    const { result, unmount } = renderHook(() => useReviewAutosave(review(), save, true));
    act(() => result.current.update({ commentPanel: 'Leaving now' }));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('takes the version a submit answered for the next save', async () => {
    const save = vi.fn(answered);
    const { result } = renderHook(() => useReviewAutosave(review({ version: 2 }), save, true));
    act(() => result.current.accept(review({ version: 9, state: 'done' })));
    act(() => result.current.update({ commentApplicant: 'after submit' }));
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS));
    expect(save.mock.calls[0][0].version).toBe(9);
  });

  it('backs off 1 s, 2 s, 4 s ... up to 30 s, or as the API asks', () => {
    const down = new ApiError(502, 'errors.http', 'bad gateway');
    expect(retryDelayMs(1, down, () => 0.5)).toBe(1000);
    expect(retryDelayMs(3, down, () => 0.5)).toBe(4000);
    expect(retryDelayMs(20, down, () => 0.5)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(1, new ApiError(429, 'errors.too-many-requests', 'wait', undefined, { retryAfter: 3 }))).toBe(3000);
  });
});
