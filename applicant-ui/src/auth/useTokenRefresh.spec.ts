import { session } from '@impact-calls/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '../test/render';
import { refreshIfExpiring } from './useTokenRefresh';

vi.mock('../api/client', () => ({ returnToLanding: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  session.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  session.clear();
});

const answer = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('silent renewal of the access token', () => {
  it('leaves a token with minutes left alone', async () => {
    session.setTokens(fakeToken(5 * 60), fakeToken(30 * 24 * 3600));
    await refreshIfExpiring();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('renews a token that expires within a minute through the refresh token, and keeps the rotated pair', async () => {
    const refresh = fakeToken(30 * 24 * 3600);
    session.setTokens(fakeToken(30), refresh);
    const renewed = fakeToken(10 * 60);
    const rotated = fakeToken(30 * 24 * 3600 - 1);
    fetchMock.mockResolvedValue(answer(200, { token: renewed, refresh_token: rotated }));
    await refreshIfExpiring();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/Jwt/refresh',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ refresh_token: refresh }) }),
    );
    expect(session.getToken()).toBe(renewed);
    expect(session.getRefreshToken()).toBe(rotated);
  });

  it('an expired access token with a live refresh token is still signed in, and renewed before the next request', async () => {
    session.setTokens(fakeToken(-5), fakeToken(30 * 24 * 3600));
    expect(session.isAuthenticated()).toBe(true);
    expect(session.getToken()).toBeUndefined();
    const renewed = fakeToken(10 * 60);
    fetchMock.mockResolvedValue(answer(200, { token: renewed, refresh_token: fakeToken(30 * 24 * 3600) }));
    await expect(session.freshToken()).resolves.toBe(renewed);
  });

  it('a session ended elsewhere (401) signs out here; a network error or a busy server keeps it', async () => {
    session.setTokens(fakeToken(30), fakeToken(30 * 24 * 3600));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(session.renew()).resolves.toBe('unavailable');
    fetchMock.mockResolvedValueOnce(answer(503, { key: 'errors.service-unavailable' }));
    await expect(session.renew()).resolves.toBe('unavailable');
    expect(session.isAuthenticated()).toBe(true);
    fetchMock.mockResolvedValueOnce(answer(401, { key: 'errors.invalid-token' }));
    await expect(session.renew()).resolves.toBe('ended');
    expect(session.isAuthenticated()).toBe(false);
  });

  it('asks once for requests that need a renewal at the same moment', async () => {
    session.setTokens(fakeToken(10), fakeToken(30 * 24 * 3600));
    fetchMock.mockResolvedValue(answer(200, { token: fakeToken(600), refresh_token: fakeToken(30 * 24 * 3600) }));
    await Promise.all([session.freshToken(), session.freshToken(), session.freshToken()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
