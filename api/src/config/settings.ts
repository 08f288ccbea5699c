import { createPrivateKey, randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { parseNetwork } from '../common/http/networks.js';
import { CACHE_NAMES, type CacheName } from '../database/invalidation.js';

/**
 * Every setting the product reads from the environment, validated once at start.
 * A wrong value stops the process with one line naming the setting (see main.ts).
 */
export type Settings = ReturnType<typeof loadSettings>;
export type PowerBiSettings = NonNullable<Settings['powerBi']>;
export type RateLimitSettings = Settings['rateLimits'];
export type RateBudget = RateLimitSettings['write'];

/** How the product authenticates at the provider's token endpoint (RFC 6749 2.3, OpenID Connect Core 9). */
export const TOKEN_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'] as const;
export type TokenAuthMethod = (typeof TOKEN_AUTH_METHODS)[number];

/** A private key for `private_key_jwt`: PKCS#8 PEM, the JWS algorithm its type implies, an optional key id. */
export interface ClientPrivateKey {
  pem: string;
  alg: 'RS256' | 'PS256' | 'ES256' | 'ES384' | 'ES512' | 'EdDSA';
  kid: string | undefined;
}

export class SettingError extends Error {
  constructor(
    readonly setting: string,
    problem: string,
  ) {
    super(`Invalid setting ${setting}: ${problem}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function value(env: Env, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new SettingError(name, `"${raw}" is not a whole number`);
  const n = Number(raw);
  if (n < min || n > max) throw new SettingError(name, `${n} is outside ${min}..${max}`);
  return n;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new SettingError(name, `"${raw}" is not true or false`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  const parsed = URL.parse(raw);
  if (!parsed) throw new SettingError(name, `"${raw}" is not a URL`);
  if (!protocols.includes(parsed.protocol)) throw new SettingError(name, `protocol must be one of ${protocols.join(', ')}`);
  return raw;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new SettingError(name, `must be one of ${allowed.join(', ')}`);
  return raw as T;
}

/** A value that must match `pattern`; `problem` says what is wrong with one that does not. */
function matching(env: Env, name: string, pattern: RegExp, problem: (raw: string) => string): string | undefined {
  const raw = value(env, name);
  if (raw !== undefined && !pattern.test(raw)) throw new SettingError(name, problem(raw));
  return raw;
}

/** A comma-separated list without blanks; undefined when the setting is unset. */
function list(env: Env, name: string): string[] | undefined {
  return value(env, name)
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function emails(env: Env, name: string, fallback: string[]): string[] {
  const found = list(env, name)?.map((e) => e.toLowerCase()) ?? fallback;
  for (const e of found) if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)) throw new SettingError(name, `"${e}" is not an e-mail address`);
  return found;
}

/** Addresses or networks (CIDR), or one of the `named` ranges Express knows (TRUST_PROXY). */
function networks(env: Env, name: string, fallback: string[], named: string[] = []): string[] {
  const found = list(env, name) ?? fallback;
  for (const n of found)
    if (!named.includes(n) && !parseNetwork(n)) {
      const expected = named.length ? `neither ${named.join(', ')} nor` : 'not an address or';
      throw new SettingError(name, `"${n}" is ${expected} a network such as 10.0.0.0/8`);
    }
  return found;
}

const errorCode = (e: unknown) => (e as NodeJS.ErrnoException).code ?? 'error';

/** OIDC_CLIENT_PRIVATE_KEY_FILE: a PKCS#8 PEM file whose key type gives the algorithm (RSA: RS256, EC: ES256/384/512, Ed25519: EdDSA). */
function clientPrivateKey(env: Env, cwd: string): ClientPrivateKey | undefined {
  const file = value(env, 'OIDC_CLIENT_PRIVATE_KEY_FILE');
  if (file === undefined) return undefined;
  let pem: string;
  try {
    pem = readFileSync(resolve(cwd, file), 'utf8');
  } catch (e) {
    throw new SettingError('OIDC_CLIENT_PRIVATE_KEY_FILE', `cannot read ${file} (${errorCode(e)})`);
  }
  let alg: ClientPrivateKey['alg'];
  try {
    const key = createPrivateKey(pem);
    const curve = key.asymmetricKeyDetails?.namedCurve;
    const byType: Record<string, ClientPrivateKey['alg'] | undefined> = {
      rsa: 'RS256',
      'rsa-pss': 'PS256',
      ed25519: 'EdDSA',
      ec: curve === 'prime256v1' ? 'ES256' : curve === 'secp384r1' ? 'ES384' : curve === 'secp521r1' ? 'ES512' : undefined,
    };
    const found = byType[key.asymmetricKeyType ?? ''];
    if (!found) throw new Error('unsupported');
    alg = found;
  } catch {
    throw new SettingError('OIDC_CLIENT_PRIVATE_KEY_FILE', 'must hold an RSA, EC (P-256/384/521) or Ed25519 private key in PEM');
  }
  if (!pem.includes('BEGIN PRIVATE KEY'))
    throw new SettingError('OIDC_CLIENT_PRIVATE_KEY_FILE', 'must be PKCS#8 PEM (openssl pkcs8 -topk8 -nocrypt converts it)');
  return { pem, alg, kid: value(env, 'OIDC_CLIENT_KEY_ID') };
}

/** The external provider's client: id, secret or key, and how to authenticate at the token endpoint. */
function oidcSettings(env: Env, cwd: string, issuer: string, clientId: string) {
  const clientSecret = value(env, 'OIDC_CLIENT_SECRET');
  const privateKey = clientPrivateKey(env, cwd);
  const raw = value(env, 'OIDC_TOKEN_AUTH_METHOD');
  // Unset or `auto`: chosen from the provider's `token_endpoint_auth_methods_supported`.
  const tokenAuthMethod =
    raw === undefined || raw === 'auto' ? undefined : oneOf(env, 'OIDC_TOKEN_AUTH_METHOD', TOKEN_AUTH_METHODS, 'none');
  if ((tokenAuthMethod === 'client_secret_basic' || tokenAuthMethod === 'client_secret_post') && !clientSecret)
    throw new SettingError('OIDC_CLIENT_SECRET', `is required with OIDC_TOKEN_AUTH_METHOD=${tokenAuthMethod}`);
  if (tokenAuthMethod === 'private_key_jwt' && !privateKey)
    throw new SettingError('OIDC_CLIENT_PRIVATE_KEY_FILE', 'is required with OIDC_TOKEN_AUTH_METHOD=private_key_jwt');
  return { issuer, clientId, clientSecret, tokenAuthMethod, privateKey };
}

/** A PEM file of certificates, read once. */
function pemFile(env: Env, name: string, cwd: string): string | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(resolve(cwd, raw), 'utf8');
  } catch {
    throw new SettingError(name, `cannot read ${raw}`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) throw new SettingError(name, `${raw} holds no PEM certificate`);
  return text;
}

/**
 * Power BI embedding: on only when the service principal is complete (tenant, client id and
 * secret); one of them alone names the missing ones. Base URLs must be https (MSAL refuses
 * any other authority, and the bearer token must not travel in clear).
 */
function powerBiSettings(env: Env, cwd: string) {
  const names = ['POWERBI_TENANT_ID', 'POWERBI_CLIENT_ID', 'POWERBI_CLIENT_SECRET'] as const;
  const [tenantId, clientId, clientSecret] = names.map((n) => value(env, n));
  if (!tenantId && !clientId && !clientSecret) return undefined;
  const missing = names.filter((n) => !value(env, n));
  if (missing.length) throw new SettingError(missing[0], `is required when ${names.filter((n) => value(env, n)).join(', ')} is set`);
  if (!/^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$/.test(tenantId!))
    throw new SettingError('POWERBI_TENANT_ID', 'must be the directory (tenant) id or its domain name');
  if (!/^[A-Za-z0-9-]{1,100}$/.test(clientId!)) throw new SettingError('POWERBI_CLIENT_ID', 'must be the application (client) id');
  const base = (name: string, fallback: string) => (url(env, name, ['https:']) ?? fallback).replace(/\/+$/, '');
  return {
    tenantId: tenantId!,
    clientId: clientId!,
    clientSecret: clientSecret!,
    authorityHost: base('POWERBI_AUTHORITY_HOST', 'https://login.microsoftonline.com'),
    apiUrl: base('POWERBI_API_URL', 'https://api.powerbi.com/v1.0/myorg'),
    scope: value(env, 'POWERBI_SCOPE') ?? 'https://analysis.windows.net/powerbi/api/.default',
    // Trusted for these two hosts only: a TLS-inspecting proxy, or the tests' stand-in.
    ca: pemFile(env, 'POWERBI_CA_FILE', cwd),
    timeoutMs: integer(env, 'POWERBI_TIMEOUT_MS', 10_000, 500, 120_000),
    rlsRoles: list(env, 'POWERBI_RLS_ROLES') ?? [],
  };
}

/** In development the JWT secret is generated once and kept under the data folder. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  try {
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } catch (e) {
    throw new SettingError('DATA_DIR', `cannot keep the development JWT secret in ${dataDir} (${errorCode(e)})`);
  }
}

function cacheNames(env: Env, name: string): CacheName[] {
  const names = list(env, name) ?? [];
  const unknown = names.filter((n) => !(CACHE_NAMES as readonly string[]).includes(n));
  if (unknown.length) throw new SettingError(name, `names no cache: ${unknown.join(', ')} (known: ${CACHE_NAMES.join(', ')})`);
  return names as CacheName[];
}

export function loadSettings(env: Env = process.env, cwd = process.cwd()) {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const dataDir = resolve(cwd, value(env, 'DATA_DIR') ?? 'data');
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');

  const jwtSecretRaw = value(env, 'JWT_SECRET');
  if (jwtSecretRaw !== undefined && jwtSecretRaw.length < 32) throw new SettingError('JWT_SECRET', 'must be at least 32 characters');
  if (jwtSecretRaw === undefined && nodeEnv === 'production') throw new SettingError('JWT_SECRET', 'is required in production');

  const issuer = url(env, 'OIDC_ISSUER', ['http:', 'https:']);
  const clientId = value(env, 'OIDC_CLIENT_ID');
  if (issuer && !clientId) throw new SettingError('OIDC_CLIENT_ID', 'is required when OIDC_ISSUER is set');
  // The embedded development provider lets anyone sign in as anyone: never in production.
  if (!issuer && nodeEnv === 'production') {
    throw new SettingError('OIDC_ISSUER', 'is required in production (the embedded development sign-in never runs there)');
  }
  /** The embedded provider, outside production: the only case with development bootstrap defaults. */
  const embeddedDevelopment = !issuer && nodeEnv !== 'production';

  const s3Bucket = value(env, 'S3_BUCKET');
  /** Requests per user and per client address in a window (0: no limit). */
  const budget = (perUser: [string, number] | undefined, perIp: [string, number], windowSeconds: number) => ({
    perUser: perUser ? integer(env, perUser[0], perUser[1], 0, 1_000_000) : 0,
    perIp: integer(env, perIp[0], perIp[1], 0, 10_000_000),
    windowSeconds,
  });

  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  return {
    nodeEnv,
    port,
    host: value(env, 'HOST') ?? '0.0.0.0',
    publicUrl,
    dataDir,
    databaseUrl,
    embeddedPostgresPort: integer(env, 'EMBEDDED_PG_PORT', 54329, 1024, 65535),
    jwtSecret: jwtSecretRaw ?? developmentSecret(dataDir),
    accessTokenMinutes: integer(env, 'ACCESS_TOKEN_MINUTES', 10, 1, 60),
    oidc: issuer ? oidcSettings(env, cwd, issuer, clientId!) : undefined,
    // Only the embedded development provider (never in production) makes admin@example.org an administrator.
    adminEmails: emails(env, 'ADMIN_EMAILS', embeddedDevelopment ? ['admin@example.org'] : []),
    customizeEmailDomain: value(env, 'CUSTOMIZE_EMAIL_DOMAIN')?.toLowerCase() ?? (embeddedDevelopment ? 'example.org' : undefined),
    filesDir: resolve(cwd, value(env, 'FILES_DIR') ?? join(dataDir, 'files')),
    s3: s3Bucket
      ? {
          bucket: s3Bucket,
          endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']),
          region: value(env, 'S3_REGION') ?? 'us-east-1',
          accessKeyId: value(env, 'S3_ACCESS_KEY_ID'),
          secretAccessKey: value(env, 'S3_SECRET_ACCESS_KEY'),
        }
      : undefined,
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: value(env, 'MAIL_FROM') ?? 'Impact Calls <no-reply@localhost>',
    messages: {
      attempts: integer(env, 'MAIL_MAX_ATTEMPTS', 8, 1, 50),
      retryDelaySeconds: integer(env, 'MAIL_RETRY_DELAY_SECONDS', 60, 1, 86_400),
      retryDelayMaxSeconds: integer(env, 'MAIL_RETRY_MAX_DELAY_SECONDS', 6 * 3600, 1, 7 * 86_400),
      attemptTimeoutSeconds: integer(env, 'MAIL_ATTEMPT_TIMEOUT_SECONDS', 300, 2, 3600),
      reminderCron:
        matching(env, 'MAIL_REMINDER_SCHEDULE', /^[\d*/,-]+(\s+[\d*/,-]+){4}$/, (raw) => `"${raw}" is not a five-field cron expression`) ??
        '0 * * * *',
    },
    chromiumPath: value(env, 'CHROMIUM_PATH') ?? '/usr/bin/chromium',
    pdf: {
      concurrency: integer(env, 'PDF_CONCURRENCY', 3, 1, 32),
      queueMax: integer(env, 'PDF_QUEUE_MAX', 200, 0, 100_000),
      timeoutMs: integer(env, 'PDF_TIMEOUT_MS', 30_000, 1000, 600_000),
    },
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    demoContent: boolean(env, 'DEMO_CONTENT', nodeEnv !== 'test'),
    rateLimits: {
      write: budget(['RATE_LIMIT_WRITES_PER_MINUTE', 240], ['RATE_LIMIT_WRITES_PER_IP_PER_MINUTE', 12_000], 60),
      upload: budget(['RATE_LIMIT_UPLOADS_PER_MINUTE', 30], ['RATE_LIMIT_UPLOADS_PER_IP_PER_MINUTE', 600], 60),
      organization: budget(['RATE_LIMIT_ORGANIZATIONS_PER_HOUR', 10], ['RATE_LIMIT_ORGANIZATIONS_PER_IP_PER_HOUR', 100], 3600),
      // Token exchange and refresh: per address only.
      'sign-in': budget(undefined, ['RATE_LIMIT_SIGN_INS_PER_IP_PER_MINUTE', 300], 60),
    },
    quotas: {
      organizationsPerUser: integer(env, 'QUOTA_ORGANIZATIONS_PER_USER', 20, 1, 1_000_000),
      bytesPerOrganization: integer(env, 'QUOTA_MB_PER_ORGANIZATION', 500, 1, 10_000_000) * 1024 * 1024,
      filesPerSubmission: integer(env, 'QUOTA_FILES_PER_SUBMISSION', 50, 1, 1_000_000),
    },
    bodyLimit: matching(env, 'BODY_LIMIT', /^\d+(kb|mb)$/i, () => 'must look like 512kb or 1mb') ?? '1mb',
    staticDirs: {
      applicant: resolve(cwd, value(env, 'APPLICANT_UI_DIR') ?? 'applicant-ui/dist'),
      admin: resolve(cwd, value(env, 'ADMIN_UI_DIR') ?? 'admin-ui/dist'),
    },
    surveyJsLicenseKey: matching(
      env,
      'SURVEYJS_LICENSE_KEY',
      /^[\x21-\x7e]{1,4000}$/,
      () => 'must be the key as SurveyJS gives it (printable characters, no spaces)',
    ),
    powerBi: powerBiSettings(env, cwd),
    shutdown: {
      // In production a load balancer must see the 503 of /api/health/ready before the port closes.
      drainMs: integer(env, 'SHUTDOWN_DRAIN_MS', nodeEnv === 'production' ? 5000 : 0, 0, 120_000),
      timeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    },
    // Whose X-Forwarded-For is believed: by default a proxy on the same machine.
    trustProxy: networks(env, 'TRUST_PROXY', ['loopback'], ['loopback', 'linklocal', 'uniquelocal']),
    metrics: { token: value(env, 'METRICS_TOKEN'), networks: networks(env, 'METRICS_NETWORKS', ['127.0.0.0/8', '::1/128']) },
    // The benchmarks turn caches off to measure what each one buys.
    cachesOff: cacheNames(env, 'CACHES_OFF'),
  };
}

/**
 * At start: the folders the product writes to exist and are writable, so a container whose user
 * cannot write its volume stops with one line naming the setting, not an EACCES stack trace.
 */
export function checkWritableFolders(settings: Settings): void {
  const folders: [string, string][] = [['DATA_DIR', settings.dataDir]];
  if (!settings.s3) folders.push(['FILES_DIR', settings.filesDir]);
  for (const [name, dir] of folders) {
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK | constants.X_OK);
    } catch (e) {
      const who = process.getuid ? `user ${process.getuid()}` : 'this user';
      throw new SettingError(
        name,
        `${dir} cannot be written by ${who} (${(e as NodeJS.ErrnoException).code ?? 'error'}): give it a writable folder or volume`,
      );
    }
  }
}

export const SETTINGS = Symbol('SETTINGS');
