import { ApiError } from '@impact-calls/api-client';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDraft } from './drafts';
import { saveApi } from './fillApi';
import { RETRY_MAX_MS, retryDelayMs, useStepAutosave } from './useStepAutosave';

vi.mock('./fillApi', () => ({ saveApi: { POST: vi.fn() }, orgHeader: () => ({ SelectedOrganizationId: 'o1' }) }));
const post = vi.mocked(saveApi.POST);

const answer = (status: number, data: unknown) =>
  ({ data: status < 300 ? data : undefined, error: status < 300 ? undefined : data, response: new Response(null, { status }) }) as never;
const saved = (version: number, content: unknown) => answer(200, { id: 'r1', stepId: 's1', content, version });

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  post.mockReset();
});

describe('autosave while the server is unavailable', () => {
  it('keeps the answers, shows "retrying", waits as asked (Retry-After) and with backoff, and saves them once the server is back', async () => {
    post
      .mockResolvedValueOnce(answer(503, { statusCode: 503, key: 'errors.service-unavailable', message: 'down', retryAfter: 5 }))
      .mockResolvedValueOnce(answer(500, { statusCode: 500, key: 'errors.internal', message: 'boom' }))
      .mockResolvedValueOnce(answer(429, { statusCode: 429, key: 'errors.too-many-requests', message: 'slow down', retryAfter: 2 }))
      .mockResolvedValueOnce(saved(1, { data: { mission: 'typed during the outage' } }));
    const { result } = renderHook(() => useStepAutosave('sub1', 's1', undefined, true, () => undefined));
    act(() => result.current.setContent({ data: { mission: 'typed during the outage' } }));
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(post).toHaveBeenCalledTimes(1);
    expect(result.current.state).toBe('retrying');
    expect(readDraft('sub1', 's1')?.content).toEqual({ data: { mission: 'typed during the outage' } });
    // Retry-After: 5 s, not sooner.
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(post).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(post).toHaveBeenCalledTimes(2);
    expect(result.current.state).toBe('retrying');
    // A 500 without Retry-After: exponential backoff (second attempt: about 2 s).
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(post).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(post).toHaveBeenCalledTimes(4);
    expect(result.current.state).toBe('saved');
    expect(readDraft('sub1', 's1')).toBeUndefined();
    // Every attempt sent the same answers.
    for (const call of post.mock.calls)
      expect((call[1] as { body: { content: unknown } }).body.content).toEqual({ data: { mission: 'typed during the outage' } });
  });

  it('typing during a backoff does not cut it short, and the latest answers are the ones saved', async () => {
    post
      .mockResolvedValueOnce(answer(503, { statusCode: 503, key: 'errors.service-unavailable', message: 'down', retryAfter: 10 }))
      .mockImplementation(async (_path, init) => saved(1, (init as { body: { content: unknown } }).body.content));
    const { result } = renderHook(() => useStepAutosave('sub2', 's1', undefined, true, () => undefined));
    act(() => result.current.setContent({ data: { mission: 'first' } }));
    await act(() => vi.advanceTimersByTimeAsync(800));
    act(() => result.current.setContent({ data: { mission: 'first and more' } }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(post).toHaveBeenCalledTimes(1);
    expect(result.current.state).toBe('retrying');
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(post).toHaveBeenCalledTimes(2);
    expect((post.mock.calls[1][1] as { body: { content: unknown } }).body.content).toEqual({ data: { mission: 'first and more' } });
    expect(result.current.state).toBe('saved');
  });

  it('backoff doubles up to 30 s, with jitter', () => {
    const down = new ApiError(502, 'errors.http', 'bad gateway');
    expect(retryDelayMs(1, down, () => 0.5)).toBe(1000);
    expect(retryDelayMs(2, down, () => 0.5)).toBe(2000);
    expect(retryDelayMs(4, down, () => 0.5)).toBe(8000);
    expect(retryDelayMs(20, down, () => 0.5)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(1, down, () => 0)).toBe(800);
    expect(retryDelayMs(1, new ApiError(429, 'errors.too-many-requests', 'wait', undefined, { retryAfter: 3 }))).toBe(3000);
  });
});
