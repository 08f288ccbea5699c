import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, paths } from './schema.js';
/** The API's schemas by name: `Schemas['ConfigDto']`. */
export type Schemas = components['schemas'];
export type ApiClient = Client<paths>;

/** Header naming the organization the user acts for (spec section 7). */
export const ORGANIZATION_HEADER = 'SelectedOrganizationId';

/** The API's error body: `{ statusCode, message, key, errors? }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    message: string,
    readonly errors?: Record<string, string>,
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** Seconds the API asked to wait before trying again (429, 503), when it said. */
  get retryAfter(): number | undefined {
    const v = (this.body as { retryAfter?: unknown } | undefined)?.retryAfter;
    return typeof v === 'number' && v > 0 ? v : undefined;
  }
}

export interface ApiClientOptions {
  baseUrl?: string;
  /** The current access token, if any and still valid. */
  getToken?: () => string | undefined;
  /**
   * The access token to send, renewed first when it is about to expire (session.freshToken);
   * used instead of getToken when given.
   */
  freshToken?: () => Promise<string | undefined>;
  /**
   * Renews the access token (session.renew): a 401 is then retried once with the new token
   * before it counts as a session error.
   */
  renew?: () => Promise<'renewed' | 'ended' | 'unavailable'>;
  /** The selected organization, if any. */
  getOrganizationId?: () => string | undefined;
  /** Called on an answer whose status ends the session (401, 403, 498, 302 for the applicant app). */
  onSessionError?: (status: number, request: Request) => void;
  sessionErrorStatuses?: number[];
  /** Called when the server cannot be reached (ERR_NETWORK). */
  onNetworkError?: (error: unknown) => void;
}

/** The one client both UIs use: typed from the generated schema, adds the token and organization headers. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl ?? '' });
  const statuses = options.sessionErrorStatuses ?? [401, 403, 498, 302];
  // Each request's untouched copy, to send again once after a renewal.
  const copies = new WeakMap<Request, Request>();
  const middleware: Middleware = {
    async onRequest({ request }) {
      const token = options.freshToken ? await options.freshToken() : options.getToken?.();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      const org = options.getOrganizationId?.();
      if (org) request.headers.set(ORGANIZATION_HEADER, org);
      if (options.renew && token) copies.set(request, request.clone());
      return request;
    },
    async onResponse({ request, response }) {
      let final = response;
      const copy = copies.get(request);
      copies.delete(request);
      if (response.status === 401 && copy && options.renew && (await options.renew()) === 'renewed') {
        const token = options.freshToken ? await options.freshToken() : options.getToken?.();
        if (token) {
          copy.headers.set('Authorization', `Bearer ${token}`);
          final = await fetch(copy);
        }
      }
      if (statuses.includes(final.status)) options.onSessionError?.(final.status, request);
      return final;
    },
    onError({ error }) {
      options.onNetworkError?.(error);
      return error instanceof Error ? error : new Error(String(error));
    },
  };
  client.use(middleware);
  return client;
}

/** Turns an openapi-fetch result into its data, or throws an ApiError carrying the i18n key. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const body = (error ?? {}) as { message?: string; key?: string; errors?: Record<string, string> };
  throw new ApiError(response.status, body.key ?? 'errors.http', body.message ?? response.statusText, body.errors, error);
}
export * from './session.js';
export * from './download.js';
