import type { ApiClient } from '@impact-calls/api-client';
import { HttpError, type DataProvider, type Identifier, type RaRecord } from 'react-admin';
import { hasMessage } from './i18nProvider';

/** The API's error body (`{ statusCode, message, key, errors? }`). */
interface ApiErrorBody {
  statusCode?: number;
  message?: string;
  key?: string;
  errors?: Record<string, string>;
}

/** True when the shared catalogs define this key (then react-admin translates it). */
export function isMessageKey(key: string | undefined): key is string {
  return !!key && hasMessage(key);
}

/**
 * Maps an API error to react-admin's HttpError: the message is the i18n key when the
 * catalogs know it (react-admin translates notifications), else the server's text; the
 * body keeps `errors` (field -> message) so forms show them beside the inputs.
 */
export function toHttpError(status: number, body: unknown, statusText = ''): HttpError {
  const b = (body && typeof body === 'object' ? body : {}) as ApiErrorBody;
  const message = isMessageKey(b.key) ? b.key : b.message || statusText || 'ra.notification.http_error';
  return new HttpError(message, status, b);
}

/** Total of a list from `Content-Range: <resource> 0-24/319`. */
export function parseContentRange(header: string | null): number | undefined {
  const match = header ? /\/(\d+)\s*$/.exec(header) : null;
  return match ? Number(match[1]) : undefined;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface AdminDataProvider extends DataProvider {
  /** POST /api/admin/<resource>/<id>/<action> (e.g. `activate`); answers the updated record. */
  action<R extends RaRecord = RaRecord>(resource: string, params: { id: Identifier; action: string }): Promise<{ data: R }>;
}

/**
 * react-admin data provider for the console resources under `/api/admin/<resource>`
 * (ra-data-simple-rest conventions: `range`, `sort`, `filter` JSON query parameters and a
 * `Content-Range` total), through the generated client so the token header is the same.
 */
export function createDataProvider(client: ApiClient, basePath = '/api/admin'): AdminDataProvider {
  // The paths are built at run time, so the client is used untyped here.
  const request = client.request as unknown as (
    method: Method,
    url: string,
    init?: { params?: { query?: Record<string, string> }; body?: unknown },
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

  const url = (resource: string, id?: Identifier, action?: string) =>
    [basePath, resource, ...(id === undefined ? [] : [encodeURIComponent(String(id))]), ...(action ? [action] : [])].join('/');

  async function send<T>(
    method: Method,
    path: string,
    init?: { query?: Record<string, string>; body?: unknown },
  ): Promise<{ data: T; response: Response }> {
    let result: Awaited<ReturnType<typeof request>>;
    try {
      result = await request(method, path, { params: init?.query ? { query: init.query } : undefined, body: init?.body });
    } catch (e) {
      if (e instanceof HttpError) throw e;
      throw new HttpError('errors.network', 0, { message: e instanceof Error ? e.message : String(e) });
    }
    const { data, error, response } = result;
    if (!response.ok) throw toHttpError(response.status, error, response.statusText);
    return { data: data as T, response };
  }

  const listQuery = (params: {
    pagination?: { page: number; perPage: number };
    sort?: { field: string; order: string };
    filter?: unknown;
  }) => {
    const query: Record<string, string> = { filter: JSON.stringify(params.filter ?? {}) };
    if (params.pagination) {
      const { page, perPage } = params.pagination;
      query.range = JSON.stringify([(page - 1) * perPage, page * perPage - 1]);
    }
    if (params.sort?.field) query.sort = JSON.stringify([params.sort.field, params.sort.order]);
    return query;
  };

  const page = async (resource: string, query: Record<string, string>) => {
    const { data, response } = await send<RaRecord[]>('GET', url(resource), { query });
    const rows = Array.isArray(data) ? data : [];
    return { data: rows, total: parseContentRange(response.headers.get('Content-Range')) ?? rows.length };
  };

  const provider: AdminDataProvider = {
    getList: (resource, params) => page(resource, listQuery(params)) as never,
    getManyReference: (resource, params) =>
      page(resource, listQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } })) as never,
    getOne: async (resource, params) => ({ data: (await send('GET', url(resource, params.id))).data }) as never,
    // One GET per id: every resource answers GET /:id, not every one filters on id lists.
    getMany: async (resource, params) =>
      ({ data: await Promise.all(params.ids.map(async (id) => (await send<RaRecord>('GET', url(resource, id))).data)) }) as never,
    create: async (resource, params) => ({ data: (await send('POST', url(resource), { body: params.data })).data }) as never,
    update: async (resource, params) => ({ data: (await send('PUT', url(resource, params.id), { body: params.data })).data }) as never,
    updateMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => send('PUT', url(resource, id), { body: params.data })));
      return { data: params.ids };
    },
    delete: async (resource, params) => {
      const { data } = await send<RaRecord | undefined>('DELETE', url(resource, params.id));
      return { data: (data ?? params.previousData ?? { id: params.id }) as never };
    },
    deleteMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => send('DELETE', url(resource, id))));
      return { data: params.ids };
    },
    action: async (resource, { id, action }) => ({ data: (await send('POST', url(resource, id, action))).data as never }),
  };
  return provider;
}
