import { createApiClient } from '@impact-calls/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from './authProvider';

const user = (overrides: Record<string, unknown> = {}) => ({
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  roles: ['admin'],
  isAdmin: true,
  canCustomize: true,
  ...overrides,
});

function setup({ authenticated = true, me = user(), status = 200 }: { authenticated?: boolean; me?: unknown; status?: number } = {}) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(me), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  const leave = vi.fn();
  const clearSession = vi.fn();
  const provider = createAuthProvider({
    client: createApiClient({ baseUrl: 'http://localhost', getToken: () => 't', sessionErrorStatuses: [] }),
    leave,
    isAuthenticated: () => authenticated,
    clearSession,
  });
  return { provider, leave, clearSession, fetchMock };
}

afterEach(() => vi.unstubAllGlobals());

describe('authProvider', () => {
  it('lets an administrator in and names them', async () => {
    const { provider, leave } = setup();
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    await expect(provider.getIdentity!()).resolves.toEqual({ id: 'u1', fullName: 'Ada Lovelace' });
    expect(leave).not.toHaveBeenCalled();
  });

  it('sends an anonymous visitor out without asking the API', async () => {
    const { provider, leave, fetchMock } = setup({ authenticated: false });
    await expect(provider.checkAuth({})).rejects.toMatchObject({ redirectTo: false, message: false });
    expect(leave).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a signed-in user who is not an administrator out, still signed in', async () => {
    const { provider, leave, clearSession } = setup({ me: user({ isAdmin: false, canCustomize: false, roles: [] }) });
    await expect(provider.checkAuth({})).rejects.toBeDefined();
    expect(leave).toHaveBeenCalled();
    // react-admin calls logout after a refused checkAuth: the session must survive it.
    await expect(provider.logout({})).resolves.toBe(false);
    expect(clearSession).not.toHaveBeenCalled();
  });

  it('sends the user out when the API refuses the token', async () => {
    const { provider, leave } = setup({ me: { statusCode: 401, key: 'errors.unauthorized', message: 'no' }, status: 401 });
    await expect(provider.checkAuth({})).rejects.toBeDefined();
    expect(leave).toHaveBeenCalled();
  });

  it('gives access to customize only to users who may customize', async () => {
    const admin = setup({ me: user({ canCustomize: false }) });
    await expect(admin.provider.canAccess!({ resource: 'configurations', action: 'list' })).resolves.toBe(false);
    await expect(admin.provider.canAccess!({ resource: 'calls', action: 'list' })).resolves.toBe(true);
    await expect(admin.provider.getPermissions!({})).resolves.toEqual({ isAdmin: true, canCustomize: false });
    const customizer = setup();
    await expect(customizer.provider.canAccess!({ resource: 'configurations', action: 'edit' })).resolves.toBe(true);
  });

  it('ends the session on 401 and 498, not on 403', async () => {
    const { provider, clearSession, leave } = setup();
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(clearSession).not.toHaveBeenCalled();
    await expect(provider.checkError({ status: 498 })).rejects.toBeDefined();
    expect(clearSession).toHaveBeenCalled();
    expect(leave).toHaveBeenCalled();
  });

  it('logout ends the session on the server, clears it here and leaves through the provider’s end-session URL', async () => {
    const endSessionUrl = 'http://localhost/oidc/session/end?id_token_hint=abc&client_id=impact-calls';
    const { provider, clearSession, leave, fetchMock } = setup({ me: { endSessionUrl } });
    await expect(provider.logout({})).resolves.toBe(false);
    const [request] = fetchMock.mock.calls[0] as unknown as [Request];
    expect([request.method, new URL(request.url).pathname]).toEqual(['POST', '/api/Jwt/logout']);
    expect(clearSession).toHaveBeenCalled();
    expect(leave).toHaveBeenCalledWith(endSessionUrl);
  });

  it('logout still leaves when the API cannot be reached', async () => {
    const { provider, clearSession, leave, fetchMock } = setup();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(provider.logout({})).resolves.toBe(false);
    expect(clearSession).toHaveBeenCalled();
    expect(leave).toHaveBeenCalledWith(undefined);
  });
});
