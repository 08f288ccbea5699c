import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve, join } from 'node:path';

/**
 * Every setting the product reads from the environment, validated once at start.
 * A wrong value stops the process with one line naming the setting (see main.ts).
 */
export interface Settings {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPostgresPort: number;
  jwtSecret: string;
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined } | undefined;
  adminEmails: string[];
  customizeEmailDomain: string | undefined;
  filesDir: string;
  s3: { bucket: string; endpoint: string | undefined; region: string; accessKeyId: string | undefined; secretAccessKey: string | undefined } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  chromiumPath: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  demoContent: boolean;
  bodyLimit: string;
  staticDirs: { applicant: string; admin: string };
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

function value(env: Env, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
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
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new SettingError(name, `"${raw}" is not a URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new SettingError(name, `protocol must be one of ${protocols.join(', ')}`);
  }
  return raw;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new SettingError(name, `must be one of ${allowed.join(', ')}`);
  return raw as T;
}

function emails(env: Env, name: string, fallback: string[]): string[] {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const list = raw
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const e of list) if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)) throw new SettingError(name, `"${e}" is not an e-mail address`);
  return list;
}

/** In development the JWT secret is generated once and kept under the data folder. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadSettings(env: Env = process.env, cwd = process.cwd()): Settings {
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

  const s3Bucket = value(env, 'S3_BUCKET');

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
    oidc: issuer ? { issuer, clientId: clientId!, clientSecret: value(env, 'OIDC_CLIENT_SECRET') } : undefined,
    // Without an external provider, the embedded one makes admin@example.org an administrator.
    adminEmails: emails(env, 'ADMIN_EMAILS', issuer ? [] : ['admin@example.org']),
    customizeEmailDomain: value(env, 'CUSTOMIZE_EMAIL_DOMAIN')?.toLowerCase() ?? (issuer ? undefined : 'example.org'),
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
    chromiumPath: value(env, 'CHROMIUM_PATH') ?? '/usr/bin/chromium',
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, nodeEnv === 'test' ? 'silent' : 'info'),
    demoContent: boolean(env, 'DEMO_CONTENT', nodeEnv !== 'test'),
    bodyLimit: /^\d+(kb|mb)$/i.test(value(env, 'BODY_LIMIT') ?? '1mb')
      ? (value(env, 'BODY_LIMIT') ?? '1mb')
      : (() => {
          throw new SettingError('BODY_LIMIT', 'must look like 512kb or 1mb');
        })(),
    staticDirs: {
      applicant: resolve(cwd, value(env, 'APPLICANT_UI_DIR') ?? 'applicant-ui/dist'),
      admin: resolve(cwd, value(env, 'ADMIN_UI_DIR') ?? 'admin-ui/dist'),
    },
  };
}

export const SETTINGS = Symbol('SETTINGS');
