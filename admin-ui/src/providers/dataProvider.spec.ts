import { createApiClient } from '@impact-calls/api-client';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider, parseContentRange, toHttpError } from './dataProvider';

interface Call {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** A fake server: records each request and answers with `respond`. */
function fakeApi(respond: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const call = { method: input.method, url: new URL(input.url), headers: input.headers, body: await input.text() };
    calls.push(call);
    return respond(call);
  });
  const client = createApiClient({ baseUrl: 'http://localhost', getToken: () => 'the-token', sessionErrorStatuses: [] });
  return { calls, provider: createDataProvider(client) };
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) } });

afterEach(() => vi.unstubAllGlobals());

describe('parseContentRange', () => {
  it('reads the total', () => {
    expect(parseContentRange('configurations 0-24/319')).toBe(319);
    expect(parseContentRange('configurations 0-0/0')).toBe(0);
  });
  it('answers undefined without a usable header', () => {
    expect(parseContentRange(null)).toBeUndefined();
    expect(parseContentRange('items */*')).toBeUndefined();
  });
});

describe('dataProvider', () => {
  it('lists with range, sort and filter and reads the total from Content-Range', async () => {
    const { calls, provider } = fakeApi(() =>
      json([{ id: 'a' }, { id: 'b' }], { headers: { 'Content-Range': 'configurations 25-26/27' } }),
    );
    const result = await provider.getList('configurations', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'rome' },
    });
    expect(result).toEqual({ data: [{ id: 'a' }, { id: 'b' }], total: 27 });
    const { method, url, headers } = calls[0];
    expect(method).toBe('GET');
    expect(url.pathname).toBe('/api/admin/configurations');
    expect(JSON.parse(url.searchParams.get('range')!)).toEqual([25, 49]);
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['name', 'ASC']);
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ q: 'rome' });
    expect(headers.get('Authorization')).toBe('Bearer the-token');
  });

  it('filters references on the target field', async () => {
    const { calls, provider } = fakeApi(() => json([], { headers: { 'Content-Range': 'steps 0-0/0' } }));
    const result = await provider.getManyReference('steps', {
      target: 'callTypeId',
      id: 'ct1',
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'sort', order: 'ASC' },
      filter: {},
    });
    expect(result.total).toBe(0);
    expect(JSON.parse(calls[0].url.searchParams.get('filter')!)).toEqual({ callTypeId: 'ct1' });
  });

  it('creates, updates, deletes and runs actions on the resource paths', async () => {
    const { calls, provider } = fakeApi((c) => json({ id: 'x1', name: c.body ? JSON.parse(c.body).name : 'gone' }));
    expect((await provider.create('configurations', { data: { name: 'N' } })).data).toEqual({ id: 'x1', name: 'N' });
    await provider.update('configurations', { id: 'x1', data: { name: 'M' }, previousData: { id: 'x1' } });
    await provider.delete('configurations', { id: 'x1', previousData: { id: 'x1' } });
    await provider.action('configurations', { id: 'x1', action: 'activate' });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /api/admin/configurations',
      'PUT /api/admin/configurations/x1',
      'DELETE /api/admin/configurations/x1',
      'POST /api/admin/configurations/x1/activate',
    ]);
    expect(JSON.parse(calls[1].body)).toEqual({ name: 'M' });
  });

  it('maps a validation error to an HttpError with the i18n key and the field errors', async () => {
    const { provider } = fakeApi(() =>
      json(
        { statusCode: 400, key: 'errors.validation', message: 'name must be shorter', errors: { name: 'name must be shorter' } },
        { status: 400 },
      ),
    );
    const error = await provider.create('configurations', { data: { name: 'x'.repeat(300) } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).message).toBe('errors.validation');
    expect((error as HttpError).body.errors).toEqual({ name: 'name must be shorter' });
  });

  it("keeps the server's message when the key is not in the catalogs", async () => {
    const { provider } = fakeApi(() => json({ statusCode: 409, key: 'some.unknown-key', message: 'Already there' }, { status: 409 }));
    const error = (await provider.getOne('configurations', { id: 'x' }).catch((e: unknown) => e)) as HttpError;
    expect(error.message).toBe('Already there');
    expect(error.status).toBe(409);
  });

  it('turns an unreachable server into a network error', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const provider = createDataProvider(createApiClient({ baseUrl: 'http://localhost', sessionErrorStatuses: [] }));
    const error = (await provider.getOne('configurations', { id: 'x' }).catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('errors.network');
  });
});

describe('toHttpError', () => {
  it('uses the known key as the message', () => {
    const error = toHttpError(409, {
      statusCode: 409,
      key: 'pages.admin.error-config-active',
      message: 'The active configuration cannot be deleted',
    });
    expect(error.message).toBe('pages.admin.error-config-active');
    expect(error.body.errors).toBeUndefined();
  });
  it('falls back to the status text for a body that is not JSON', () => {
    expect(toHttpError(502, undefined, 'Bad Gateway').message).toBe('Bad Gateway');
  });
});
