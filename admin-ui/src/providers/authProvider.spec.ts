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

/** The API answering by path: GET /api/User and GET /api/reviews/calls, each with its own status. */
function setupRoutes(routes: Record<string, { status?: number; body: unknown }>) {
  const fetchMock = vi.fn(async (request: Request) => {
    const route = routes[new URL(request.url).pathname] ?? { status: 404, body: { key: 'errors.not-found', message: 'no' } };
    return new Response(JSON.stringify(route.body), { status: route.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const leave = vi.fn();
  const clearSession = vi.fn();
  const provider = createAuthProvider({
    client: createApiClient({ baseUrl: 'http://localhost', getToken: () => 't', sessionErrorStatuses: [] }),
    leave,
    isAuthenticated: () => true,
    clearSession,
  });
  const paths = () => fetchMock.mock.calls.map(([r]) => new URL((r as Request).url).pathname);
  return { provider, leave, clearSession, paths };
}

const applicant = user({ isAdmin: false, canCustomize: false, roles: [] });
const reviewCall = { callId: 'c1', callName: 'Green futures', phase: null, nextPhaseStartsAt: null, toDo: 1, inProgress: 0, done: 0 };

describe('authProvider, reviewer mode', () => {
  it('lets a user who reviews a call in, reviewer-only', async () => {
    const { provider, leave } = setupRoutes({ '/api/User': { body: applicant }, '/api/reviews/calls': { body: [reviewCall] } });
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    await expect(provider.getPermissions!({})).resolves.toEqual({ isAdmin: false, canCustomize: false, reviewerOnly: true });
    expect(leave).not.toHaveBeenCalled();
  });

  it('lets a holder of the reviewer role in without asking for their calls (any case)', async () => {
    const { provider, paths } = setupRoutes({ '/api/User': { body: user({ isAdmin: false, canCustomize: false, roles: ['Reviewer'] }) } });
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    await expect(provider.getPermissions!({})).resolves.toMatchObject({ reviewerOnly: true });
    expect(paths()).toEqual(['/api/User']);
  });

  it('sends out, still signed in, a user who reviews nothing, or whose review calls cannot be read', async () => {
    for (const calls of [{ body: [] }, { status: 500, body: { key: 'errors.internal', message: 'boom' } }]) {
      const { provider, leave, clearSession } = setupRoutes({ '/api/User': { body: applicant }, '/api/reviews/calls': calls });
      await expect(provider.checkAuth({})).rejects.toMatchObject({ redirectTo: false });
      expect(leave).toHaveBeenCalledWith();
      await expect(provider.logout({})).resolves.toBe(false);
      expect(clearSession).not.toHaveBeenCalled();
    }
  });

  it('gives a reviewer no react-admin resource', async () => {
    const { provider } = setupRoutes({ '/api/User': { body: applicant }, '/api/reviews/calls': { body: [reviewCall] } });
    for (const resource of ['calls', 'submissions', 'organizations', 'users', 'configurations'])
      await expect(provider.canAccess!({ resource, action: 'list' })).resolves.toBe(false);
  });

  it('keeps a reviewer signed in when an administrators’ call answers 403', async () => {
    const { provider, leave, clearSession } = setupRoutes({
      '/api/User': { body: applicant },
      '/api/reviews/calls': { body: [reviewCall] },
    });
    await provider.checkAuth({});
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    expect(clearSession).not.toHaveBeenCalled();
    expect(leave).not.toHaveBeenCalled();
  });

  it('reads the review calls once per page load', async () => {
    const { provider, paths } = setupRoutes({ '/api/User': { body: applicant }, '/api/reviews/calls': { body: [reviewCall] } });
    await provider.checkAuth({});
    await provider.checkAuth({});
    await provider.getPermissions!({});
    expect(paths()).toEqual(['/api/User', '/api/reviews/calls']);
  });

  it('keeps an administrator who also reviews a full administrator, without asking for their review calls', async () => {
    const { provider, paths } = setupRoutes({
      '/api/User': { body: user({ roles: ['admin', 'reviewer'] }) },
      '/api/reviews/calls': { body: [reviewCall] },
    });
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    await expect(provider.getPermissions!({})).resolves.toEqual({ isAdmin: true, canCustomize: true });
    await expect(provider.canAccess!({ resource: 'calls', action: 'list' })).resolves.toBe(true);
    expect(paths()).toEqual(['/api/User']);
  });
});
