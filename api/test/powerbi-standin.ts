/**
 * A local stand-in for Entra ID and the Power BI REST API, implementing the documented shapes
 * of the endpoints the product calls, over HTTPS (MSAL refuses any other authority) with a
 * certificate made for the run by `openssl` (trusted by the product through POWERBI_CA_FILE):
 *
 *   GET  /common/discovery/instance                         Entra ID instance discovery
 *   GET  /{tenant}/v2.0/.well-known/openid-configuration    OpenID Connect discovery
 *   POST /{tenant}/oauth2/v2.0/token                        client credentials grant
 *   GET  /v1.0/myorg/groups/{groupId}/reports/{reportId}    Reports - Get Report In Group
 *   POST /v1.0/myorg/groups/{groupId}/reports/{reportId}/GenerateToken
 *                                                           Reports - Generate Token In Group
 *
 * References: learn.microsoft.com/entra/identity-platform/v2-oauth2-client-creds-grant-flow,
 * learn.microsoft.com/rest/api/power-bi/reports/get-report-in-group and
 * .../reports/generate-token-in-group. It counts every request and checks bearer tokens, so
 * tests can say how often the product asked for a token. Used by api/test/powerbi.spec.ts
 * and e2e/powerbi.e2e.ts.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StandInReport {
  groupId: string;
  reportId: string;
  name: string;
  datasetId: string;
}

export interface StandInRequest {
  method: string;
  path: string;
  body: string;
  authorization: string | undefined;
}

export interface PowerBiStandIn {
  /** Base of the authority host (POWERBI_AUTHORITY_HOST). */
  authorityHost: string;
  /** Base of the Power BI REST API (POWERBI_API_URL). */
  apiUrl: string;
  /** A PEM file of the stand-in's certificate (POWERBI_CA_FILE). */
  caFile: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** The settings that point the product here. */
  env: Record<string, string>;
  requests: StandInRequest[];
  count(method: string, pathPattern: RegExp): number;
  reports: Map<string, StandInReport>;
  addReport(r?: Partial<StandInReport>): StandInReport;
  /** Seconds of the access tokens issued from now on (expires_in). */
  tokenSeconds: number;
  /** Minutes of the embed tokens issued from now on. */
  embedMinutes: number;
  /** Failures to play: the next matching request answers this status (and body). */
  failNext(method: string, pathPattern: RegExp, status: number, body?: unknown, headers?: Record<string, string>): void;
  /** Requests matching this never get an answer (until close). */
  hang(method: string, pathPattern: RegExp): void;
  close(): Promise<void>;
}

interface Failure {
  method: string;
  pattern: RegExp;
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** A self-signed certificate for 127.0.0.1, valid two days. */
function certificate(dir: string): { key: string; cert: string; certFile: string } {
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};

/** Entra ID's error body (AADSTS codes) for the token endpoint. */
export const entraError = (error: string, code: number, description: string) => ({
  error,
  error_description: `AADSTS${code}: ${description} Trace ID: ${randomUUID()} Correlation ID: ${randomUUID()} Timestamp: ${new Date().toISOString()}`,
  error_codes: [code],
  timestamp: new Date().toISOString(),
  trace_id: randomUUID(),
  correlation_id: randomUUID(),
});

/** Power BI's error body. */
export const powerBiError = (code: string, message?: string) => ({ error: { code, ...(message ? { message } : {}) } });

export async function startPowerBiStandIn(): Promise<PowerBiStandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'powerbi-standin-'));
  const { key, cert, certFile } = certificate(dir);
  const tenantId = randomUUID();
  const clientId = randomUUID();
  const clientSecret = randomBytes(24).toString('base64url');
  const issued = new Map<string, number>(); // access token -> expiry (ms)
  const failures: Failure[] = [];
  const hangs: { method: string; pattern: RegExp }[] = [];
  const hanging = new Set<ServerResponse>();
  let base = '';

  const standIn: PowerBiStandIn = {
    authorityHost: '',
    apiUrl: '',
    caFile: certFile,
    tenantId,
    clientId,
    clientSecret,
    env: {},
    requests: [],
    count: (method, pattern) => standIn.requests.filter((r) => r.method === method && pattern.test(r.path)).length,
    reports: new Map(),
    addReport(r = {}) {
      const report: StandInReport = {
        groupId: r.groupId ?? randomUUID(),
        reportId: r.reportId ?? randomUUID(),
        name: r.name ?? 'Impact report',
        datasetId: r.datasetId ?? randomUUID(),
      };
      standIn.reports.set(`${report.groupId}/${report.reportId}`.toLowerCase(), report);
      return report;
    },
    tokenSeconds: 3599,
    embedMinutes: 60,
    failNext(method, pattern, status, body = {}, headers = {}) {
      failures.push({ method, pattern, status, body, headers });
    },
    hang(method, pattern) {
      hangs.push({ method, pattern });
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      rmSync(dir, { recursive: true, force: true });
    },
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;
    const method = req.method ?? 'GET';
    standIn.requests.push({ method, path, body, authorization: req.headers.authorization });

    if (hangs.some((h) => h.method === method && h.pattern.test(path))) {
      hanging.add(res);
      return;
    }
    const failure = failures.findIndex((f) => f.method === method && f.pattern.test(path));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return json(res, f.status, f.body, f.headers);
    }

    // ---------------------------------------------------------------- Entra ID
    if (method === 'GET' && path === '/common/discovery/instance') {
      const host = new URL(base).host;
      return json(res, 200, {
        tenant_discovery_endpoint: `${base}/${tenantId}/v2.0/.well-known/openid-configuration`,
        'api-version': '1.1',
        metadata: [{ preferred_network: host, preferred_cache: host, aliases: [host] }],
      });
    }
    let m = /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/.exec(path);
    if (method === 'GET' && m) {
      if (m[1] !== tenantId) return json(res, 400, entraError('invalid_tenant', 90002, `Tenant '${m[1]}' not found.`));
      return json(res, 200, {
        token_endpoint: `${base}/${tenantId}/oauth2/v2.0/token`,
        token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
        jwks_uri: `${base}/${tenantId}/discovery/v2.0/keys`,
        response_modes_supported: ['query', 'fragment', 'form_post'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
        scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
        issuer: `${base}/${tenantId}/v2.0`,
        request_uri_parameter_supported: false,
        userinfo_endpoint: `${base}/oidc/userinfo`,
        authorization_endpoint: `${base}/${tenantId}/oauth2/v2.0/authorize`,
        device_authorization_endpoint: `${base}/${tenantId}/oauth2/v2.0/devicecode`,
        http_logout_supported: true,
        frontchannel_logout_supported: true,
        end_session_endpoint: `${base}/${tenantId}/oauth2/v2.0/logout`,
        claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'tid'],
        tenant_region_scope: 'EU',
        cloud_instance_name: 'microsoftonline.com',
        cloud_graph_host_name: 'graph.windows.net',
        msgraph_host: 'graph.microsoft.com',
        rbac_url: 'https://pas.windows.net',
      });
    }
    m = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path);
    if (method === 'POST' && m) {
      const form = new URLSearchParams(body);
      if (m[1] !== tenantId) return json(res, 400, entraError('invalid_request', 90002, `Tenant '${m[1]}' not found.`));
      if (form.get('grant_type') !== 'client_credentials')
        return json(res, 400, entraError('unsupported_grant_type', 70003, 'The app requested an unsupported grant type.'));
      if (form.get('client_id') !== clientId)
        return json(
          res,
          400,
          entraError('unauthorized_client', 700016, `Application with identifier '${form.get('client_id')}' was not found.`),
        );
      if (form.get('client_secret') !== clientSecret)
        return json(res, 401, entraError('invalid_client', 7000215, 'Invalid client secret provided.'));
      if (form.get('scope') !== 'https://analysis.windows.net/powerbi/api/.default')
        return json(res, 400, entraError('invalid_scope', 1002012, 'The provided value for scope is not valid.'));
      const token = `standin.${randomBytes(24).toString('base64url')}`;
      issued.set(token, Date.now() + standIn.tokenSeconds * 1000);
      return json(res, 200, {
        token_type: 'Bearer',
        expires_in: standIn.tokenSeconds,
        ext_expires_in: standIn.tokenSeconds,
        access_token: token,
      });
    }

    // ---------------------------------------------------------------- Power BI
    m = /^\/v1\.0\/myorg\/groups\/([^/]+)\/reports\/([^/]+)(\/GenerateToken)?$/i.exec(path);
    if (m) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const expiry = bearer ? issued.get(bearer) : undefined;
      if (expiry === undefined || expiry <= Date.now()) {
        res.setHeader('WWW-Authenticate', 'Bearer authorization_uri=https://login.microsoftonline.com/common/oauth2/authorize');
        return json(res, 401, powerBiError('TokenExpired', 'Access token has expired, resubmit with a new access token'));
      }
      const report = standIn.reports.get(`${decodeURIComponent(m[1])}/${decodeURIComponent(m[2])}`.toLowerCase());
      if (!report) return json(res, 404, powerBiError('PowerBIEntityNotFound'));
      if (method === 'GET' && !m[3]) {
        return json(res, 200, {
          id: report.reportId,
          reportType: 'PowerBIReport',
          name: report.name,
          webUrl: `https://app.powerbi.com/groups/${report.groupId}/reports/${report.reportId}`,
          embedUrl: `https://app.powerbi.com/reportEmbed?reportId=${report.reportId}&groupId=${report.groupId}&w=2&config=eyJjbHVzdGVyVXJsIjoiaHR0cHM6Ly9XQUJJLVdFU1QtRVVST1BFLXJlZGlyZWN0LmFuYWx5c2lzLndpbmRvd3MubmV0In0%3d`,
          isFromPbix: true,
          isOwnedByMe: false,
          datasetId: report.datasetId,
          datasetWorkspaceId: report.groupId,
          users: [],
          subscriptions: [],
        });
      }
      if (method === 'POST' && m[3]) {
        let request: { accessLevel?: string; identities?: { username?: string; roles?: string[]; datasets?: string[] }[] };
        try {
          request = JSON.parse(body) as typeof request;
        } catch {
          return json(res, 400, powerBiError('InvalidRequest', 'The body is not JSON'));
        }
        if (request.accessLevel && !['View', 'Edit', 'Create'].includes(request.accessLevel))
          return json(res, 400, powerBiError('InvalidRequest', 'accessLevel'));
        for (const identity of request.identities ?? []) {
          if (!identity.username || !identity.datasets?.includes(report.datasetId))
            return json(
              res,
              400,
              powerBiError('InvalidRequest', 'Creating embed token for accessing dataset requires an effective identity'),
            );
        }
        const expiration = new Date(Date.now() + standIn.embedMinutes * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
        return json(res, 200, {
          token: `H4sI.${Buffer.from(JSON.stringify({ r: report.reportId, u: request.identities?.[0]?.username ?? null })).toString('base64url')}.${randomBytes(12).toString('base64url')}`,
          tokenId: randomUUID(),
          expiration,
        });
      }
    }
    return json(res, 404, powerBiError('NotFound', `${method} ${path}`));
  };

  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.authorityHost = base;
  standIn.apiUrl = `${base}/v1.0/myorg`;
  standIn.env = {
    POWERBI_TENANT_ID: tenantId,
    POWERBI_CLIENT_ID: clientId,
    POWERBI_CLIENT_SECRET: clientSecret,
    POWERBI_AUTHORITY_HOST: base,
    POWERBI_API_URL: standIn.apiUrl,
    POWERBI_CA_FILE: certFile,
    POWERBI_TIMEOUT_MS: '3000',
  };
  writeFileSync(join(dir, 'env.json'), JSON.stringify(standIn.env));
  return standIn;
}
