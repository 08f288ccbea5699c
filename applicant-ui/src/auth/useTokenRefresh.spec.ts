import { session } from '@impact-calls/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { fakeToken } from '../test/render';
import { refreshIfExpiring } from './useTokenRefresh';

vi.mock('../api/client', () => ({ api: { GET: vi.fn(), POST: vi.fn() } }));
afterEach(() => vi.clearAllMocks());
const post = vi.mocked(api.POST);

describe('token refresh', () => {
  it('leaves a fresh token alone', async () => {
    session.setTokens(fakeToken(20 * 24 * 3600), 'refresh-1');
    await refreshIfExpiring();
    expect(post).not.toHaveBeenCalled();
  });

  it('exchanges the refresh token when the access token expires within a week', async () => {
    session.setTokens(fakeToken(2 * 24 * 3600), 'refresh-1');
    const renewed = fakeToken(30 * 24 * 3600);
    post.mockResolvedValue({
      data: { token: renewed, refresh_token: 'refresh-2' },
      response: new Response(null, { status: 200 }),
    } as never);
    await refreshIfExpiring();
    expect(post).toHaveBeenCalledWith('/api/Jwt/refresh', { body: { refresh_token: 'refresh-1' } });
    expect(session.getToken()).toBe(renewed);
    expect(session.getRefreshToken()).toBe('refresh-2');
  });
});
