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

describe('a save made stale by another member', () => {
  const stale = (currentVersion: number, name?: string) =>
    answer(409, {
      statusCode: 409,
      key: 'errors.stale-version',
      message: 'changed elsewhere',
      currentVersion,
      changedAt: '2030-01-01T10:00:00.000Z',
      ...(name ? { changedBy: { name } } : {}),
    });
  const sent = (i: number) => post.mock.calls[i][1] as { body: { content: unknown; version: number } };

  it('tells who changed the answers and when; "keep mine" saves the same answers on the version saved meanwhile', async () => {
    post.mockResolvedValueOnce(stale(4, 'Ada Lovelace')).mockResolvedValueOnce(saved(5, { data: { mission: 'mine' } }));
    const { result } = renderHook(() =>
      useStepAutosave('sub3', 's1', { content: { data: { mission: 'old' } }, version: 3 }, true, () => undefined),
    );
    act(() => result.current.setContent({ data: { mission: 'mine' } }));
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(result.current.state).toBe('conflict');
    expect(result.current.conflict).toEqual({ changedBy: 'Ada Lovelace', changedAt: '2030-01-01T10:00:00.000Z' });
    // Nothing typed is lost meanwhile.
    expect(readDraft('sub3', 's1')?.content).toEqual({ data: { mission: 'mine' } });
    expect(result.current.content).toEqual({ data: { mission: 'mine' } });

    await act(async () => result.current.keepMine());
    expect(post).toHaveBeenCalledTimes(2);
    expect(sent(1).body).toMatchObject({ content: { data: { mission: 'mine' } }, version: 4 });
    expect(result.current.state).toBe('saved');
    expect(result.current.conflict).toBeUndefined();
    expect(readDraft('sub3', 's1')).toBeUndefined();
  });

  it('"reload" drops the answers of this device', async () => {
    post.mockResolvedValueOnce(stale(2));
    const { result } = renderHook(() => useStepAutosave('sub4', 's1', { content: { data: {} }, version: 1 }, true, () => undefined));
    act(() => result.current.setContent({ data: { mission: 'mine' } }));
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(result.current.conflict).toEqual({ changedAt: '2030-01-01T10:00:00.000Z', changedBy: undefined });
    act(() => result.current.discardMine());
    expect(readDraft('sub4', 's1')).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('a draft made from an older version: the saved answers show, and "keep mine" brings the draft back and saves it', async () => {
    localStorage.setItem(
      'ic_fill_draft:sub5:s1',
      JSON.stringify({ content: { data: { mission: 'offline draft' } }, baseVersion: 1, at: 0 }),
    );
    post.mockResolvedValueOnce(saved(3, { data: { mission: 'offline draft' } }));
    const { result } = renderHook(() =>
      useStepAutosave('sub5', 's1', { content: { data: { mission: 'theirs' } }, version: 2 }, true, () => undefined),
    );
    expect(result.current.state).toBe('conflict');
    expect(result.current.content).toEqual({ data: { mission: 'theirs' } });
    await act(async () => result.current.keepMine());
    expect(result.current.content).toEqual({ data: { mission: 'offline draft' } });
    expect(sent(0).body).toMatchObject({ content: { data: { mission: 'offline draft' } }, version: 2 });
    expect(result.current.state).toBe('saved');
  });
});
