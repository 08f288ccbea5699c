import { createApiClient, unwrap } from '@impact-calls/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the API client and the session', () => {
  it('a 401 is retried once with a renewed token, body and all; the session error is not raised', async () => {
    const seen: { auth: string | null; body: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        seen.push({ auth: input.headers.get('Authorization'), body: await input.text() });
        return seen.length === 1 ? json(401, { key: 'errors.unauthorized' }) : json(200, { id: 'o1' });
      }),
    );
    let token = 'old';
    const renew = vi.fn(async () => {
      token = 'new';
      return 'renewed' as const;
    });
    const onSessionError = vi.fn();
    const client = createApiClient({ baseUrl: 'http://localhost', freshToken: async () => token, renew, onSessionError });
    const created = await unwrap(client.POST('/api/Organization/CreateOrganization', { body: { name: 'Org' } as never }));
    expect(created).toEqual({ id: 'o1' });
    expect(renew).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([
      { auth: 'Bearer old', body: '{"name":"Org"}' },
      { auth: 'Bearer new', body: '{"name":"Org"}' },
    ]);
    expect(onSessionError).not.toHaveBeenCalled();
  });

  it('a session that cannot be renewed is a session error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { key: 'errors.unauthorized' })),
    );
    const onSessionError = vi.fn();
    const client = createApiClient({
      baseUrl: 'http://localhost',
      freshToken: async () => 't',
      renew: async () => 'ended',
      onSessionError,
    });
    await expect(unwrap(client.GET('/api/User'))).rejects.toMatchObject({ status: 401 });
    expect(onSessionError).toHaveBeenCalledWith(401, expect.anything());
  });

  it('carries the Retry-After the API asked for on 429 and 503', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(429, { statusCode: 429, key: 'errors.too-many-requests', message: 'wait', retryAfter: 7 })),
    );
    const client = createApiClient({ baseUrl: 'http://localhost' });
    await expect(unwrap(client.GET('/api/User'))).rejects.toMatchObject({ status: 429, key: 'errors.too-many-requests', retryAfter: 7 });
  });
});
