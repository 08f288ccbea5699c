import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfidentialClientApplication, INetworkModule, NetworkRequestOptions, NetworkResponse } from '@azure/msal-node';

/** MSAL, loaded when Power BI is first asked for a token (only configured products use it), not at start. */
const loadMsal = () => import('@azure/msal-node');
import { SETTINGS, type PowerBiSettings, type Settings } from '../../config/settings.js';
import { httpsJson, UpstreamUnreachable, type JsonAnswer } from './https-json.js';

/**
 * What went wrong on the way to Power BI (PowerBiService answers it): unreachable (cannot be reached, times out, 5xx,
 * 429: 503), refused (the service principal or the report refused: 401, 403, 400: 502), not-found (no such report: 404).
 */
export type PowerBiFailure = 'unreachable' | 'refused' | 'not-found';

export class PowerBiError extends Error {
  constructor(
    readonly failure: PowerBiFailure,
    message: string,
    /** Seconds Power BI asked to wait (429 Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** The time the caches read; a provider so tests can move it. */
@Injectable()
export class PowerBiClock {
  now(): number {
    return Date.now();
  }
}

/** A report ready to embed: Get Report In Group's id and embedUrl, GenerateToken's token and expiry. */
export interface EmbedInfo {
  reportId: string;
  embedUrl: string;
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** Tokens are used until this long before they expire (MSAL's own renewal offset is the same). */
export const TOKEN_RENEWAL_MS = 5 * 60_000;
/** Embed tokens kept, per report and identity (an LRU: the oldest go first). */
const EMBED_CACHE_MAX = 500;

/** MSAL's requests through httpsJson: the settings' time limit and certificate authorities. */
class MsalNetwork implements INetworkModule {
  constructor(private readonly settings: PowerBiSettings) {}

  sendGetRequestAsync = <T>(url: string, options?: NetworkRequestOptions) => this.send<T>('GET', url, options);
  sendPostRequestAsync = <T>(url: string, options?: NetworkRequestOptions) => this.send<T>('POST', url, options);

  private async send<T>(method: 'GET' | 'POST', url: string, options?: NetworkRequestOptions): Promise<NetworkResponse<T>> {
    const answer = await httpsJson(method, url, {
      headers: options?.headers,
      body: options?.body,
      timeoutMs: this.settings.timeoutMs,
      ca: this.settings.ca,
    });
    // 5xx and 429 of Entra ID: unavailable, not a refusal of the service principal.
    if (answer.status >= 500 || answer.status === 429) throw new UpstreamUnreachable(url, `HTTP ${answer.status}`);
    return { status: answer.status, headers: answer.headers, body: answer.body as T };
  }
}

/**
 * Power BI embedding ("app owns data" with a service principal): an Entra ID token (MSAL), then Get Report In Group and
 * GenerateToken. Tokens are kept until shortly before they expire; concurrent requests for one token share one call.
 */
@Injectable()
export class PowerBiClient {
  private readonly log = new Logger('PowerBi');
  private readonly settings: PowerBiSettings | undefined;
  private msal: ConfidentialClientApplication | undefined;
  private accessToken: { token: string; expiresAt: number } | undefined;
  private pendingToken: Promise<string> | undefined;
  private readonly embeds = new Map<string, EmbedInfo>();
  private readonly pendingEmbeds = new Map<string, Promise<EmbedInfo>>();

  constructor(
    @Inject(SETTINGS) settings: Settings,
    private readonly clock: PowerBiClock,
  ) {
    this.settings = settings.powerBi;
  }

  get configured(): boolean {
    return !!this.settings;
  }

  /** The embed data of a report; with `identity`, for that user name (row-level security on the report's dataset). */
  async embed(workspaceId: string, reportId: string, identity?: string): Promise<EmbedInfo> {
    const key = `${workspaceId}/${reportId}/${identity ?? ''}`;
    let info = this.embeds.get(key);
    if (!info || !this.fresh(info.expiresAt)) {
      const pending =
        this.pendingEmbeds.get(key) ?? this.fetchEmbed(workspaceId, reportId, identity).finally(() => this.pendingEmbeds.delete(key));
      this.pendingEmbeds.set(key, pending);
      info = await pending;
    }
    // Most recently used last: the Map's order is the LRU order.
    this.embeds.delete(key);
    this.embeds.set(key, info);
    while (this.embeds.size > EMBED_CACHE_MAX) this.embeds.delete(this.embeds.keys().next().value!);
    return info;
  }

  private fresh(expiresAt: number): boolean {
    return this.clock.now() < expiresAt - TOKEN_RENEWAL_MS;
  }

  private async fetchEmbed(workspaceId: string, reportId: string, identity: string | undefined): Promise<EmbedInfo> {
    const base = `${this.require().apiUrl}/groups/${encodeURIComponent(workspaceId)}/reports/${encodeURIComponent(reportId)}`;
    const report = (await this.call('GET', base)) as { id?: unknown; embedUrl?: unknown; datasetId?: unknown };
    if (typeof report.id !== 'string' || typeof report.embedUrl !== 'string' || !/^https:\/\//i.test(report.embedUrl))
      throw new PowerBiError('refused', 'Power BI answered a report without an https embedUrl');
    const body: Record<string, unknown> = { accessLevel: 'View' };
    if (identity !== undefined) {
      if (typeof report.datasetId !== 'string') throw new PowerBiError('refused', 'Power BI answered a report without its datasetId');
      const roles = this.require().rlsRoles;
      body.identities = [{ username: identity, datasets: [report.datasetId], ...(roles.length ? { roles } : {}) }];
    }
    const generated = (await this.call('POST', `${base}/GenerateToken`, body)) as { token?: unknown; expiration?: unknown };
    const expiresAt = typeof generated.expiration === 'string' ? Date.parse(generated.expiration) : NaN;
    if (typeof generated.token !== 'string' || !Number.isFinite(expiresAt))
      throw new PowerBiError('refused', 'Power BI answered GenerateToken without a token and its expiration');
    return { reportId: report.id, embedUrl: report.embedUrl, token: generated.token, expiresAt };
  }

  /** One Power BI REST call with the service principal's token; a 401 gets one new token and one more try. */
  private async call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> {
    const s = this.require();
    let answer: JsonAnswer | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      const token = await this.token(attempt > 0);
      try {
        answer = await httpsJson(method, url, {
          headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
          body: body !== undefined ? JSON.stringify(body) : undefined,
          timeoutMs: s.timeoutMs,
          ca: s.ca,
        });
      } catch (e) {
        throw new PowerBiError('unreachable', e instanceof Error ? e.message : String(e));
      }
      if (answer.status !== 401) break;
    }
    const { status, headers } = answer!;
    if (status >= 200 && status < 300) return answer!.body;
    const what = `Power BI ${method} ${new URL(url).pathname}: HTTP ${status} ${describe(answer!.body)}`;
    if (status === 404) throw new PowerBiError('not-found', what);
    if (status === 429 || status >= 500) {
      const retry = Number(headers['retry-after']);
      throw new PowerBiError('unreachable', what, Number.isFinite(retry) && retry > 0 ? Math.min(retry, 3600) : undefined);
    }
    throw new PowerBiError('refused', what);
  }

  /** The service principal's Entra ID token, from memory until shortly before it expires. */
  private async token(renew = false): Promise<string> {
    if (renew) this.accessToken = undefined;
    if (this.accessToken && this.fresh(this.accessToken.expiresAt)) return this.accessToken.token;
    this.pendingToken ??= this.acquireToken().finally(() => (this.pendingToken = undefined));
    return this.pendingToken;
  }

  private async acquireToken(): Promise<string> {
    const s = this.require();
    try {
      // MSAL's own cache is skipped: this class decides when a token is stale, on its clock.
      const result = await (await this.app()).acquireTokenByClientCredential({ scopes: [s.scope], skipCache: true });
      if (!result?.accessToken || !result.expiresOn) throw new PowerBiError('refused', 'Entra ID answered no access token');
      this.accessToken = { token: result.accessToken, expiresAt: this.clock.now() + (result.expiresOn.getTime() - Date.now()) };
      return result.accessToken;
    } catch (e) {
      if (e instanceof PowerBiError) throw e;
      throw toPowerBiError(e, await loadMsal());
    }
  }

  private async app(): Promise<ConfidentialClientApplication> {
    if (this.msal) return this.msal;
    const s = this.require();
    const { ConfidentialClientApplication, LogLevel } = await loadMsal();
    const host = new URL(s.authorityHost).host;
    this.msal = new ConfidentialClientApplication({
      auth: {
        clientId: s.clientId,
        clientSecret: s.clientSecret,
        authority: `${s.authorityHost}/${s.tenantId}`,
        // The host is trusted as configured: no instance discovery call to Microsoft's own host.
        knownAuthorities: [host],
      },
      system: {
        networkClient: new MsalNetwork(s),
        loggerOptions: {
          logLevel: LogLevel.Warning,
          piiLoggingEnabled: false,
          loggerCallback: (level, message) => {
            if (level <= LogLevel.Warning) this.log.warn(message);
          },
        },
      },
    });
    return this.msal;
  }

  private require(): PowerBiSettings {
    if (!this.settings) throw new PowerBiError('unreachable', 'Power BI is not configured');
    return this.settings;
  }
}

/** Power BI's error body, shortened for the log: `{ error: { code, message } }`. */
function describe(body: unknown): string {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  if (error && typeof error === 'object') return [error.code, error.message].filter((x) => typeof x === 'string').join(': ');
  return typeof body === 'string' ? body.slice(0, 200) : '';
}

/** An MSAL failure: the network (unreachable) or Entra ID refusing the service principal (refused). */
function toPowerBiError(e: unknown, { AuthError, ServerError }: Awaited<ReturnType<typeof loadMsal>>): PowerBiError {
  if (e instanceof ServerError)
    return new PowerBiError('refused', `Entra ID refused the service principal: ${e.errorCode} ${e.errorMessage}`.trim());
  if (e instanceof AuthError) {
    const unreachable = ['network_error', 'endpoints_resolution_error', 'openid_config_error', 'untrusted_authority'].includes(e.errorCode);
    return new PowerBiError(unreachable ? 'unreachable' : 'refused', `Entra ID: ${e.errorCode} ${e.errorMessage}`.trim());
  }
  return new PowerBiError('unreachable', e instanceof Error ? e.message : String(e));
}
