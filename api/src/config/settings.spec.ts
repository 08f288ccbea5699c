import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSettings, SettingError } from './settings.js';

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ic-settings-')), JWT_SECRET: 'y'.repeat(40) });

describe('loadSettings', () => {
  it('has working embedded defaults', () => {
    const s = loadSettings({ DATA_DIR: base().DATA_DIR });
    expect(s.port).toBe(3000);
    expect(s.databaseUrl).toBeUndefined();
    expect(s.oidc).toBeUndefined();
    expect(s.adminEmails).toEqual(['admin@example.org']);
    expect(s.publicUrl).toBe('http://localhost:3000');
    expect(s.jwtSecret.length).toBeGreaterThanOrEqual(32);
    // The generated development secret is kept: a restart keeps sessions.
    expect(loadSettings({ DATA_DIR: s.dataDir }).jwtSecret).toBe(s.jwtSecret);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ OIDC_ISSUER: 'https://id.example.org' }, 'OIDC_CLIENT_ID'],
    [{ ADMIN_EMAILS: 'a@b.org, nonsense' }, 'ADMIN_EMAILS'],
    [{ DEMO_CONTENT: 'maybe' }, 'DEMO_CONTENT'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ BODY_LIMIT: 'lots' }, 'BODY_LIMIT'],
    [{ SURVEYJS_LICENSE_KEY: 'two words' }, 'SURVEYJS_LICENSE_KEY'],
    [{ POWERBI_TENANT_ID: 'contoso.onmicrosoft.com' }, 'POWERBI_CLIENT_ID'],
    [{ POWERBI_TENANT_ID: 't', POWERBI_CLIENT_ID: 'c' }, 'POWERBI_CLIENT_SECRET'],
    [
      { POWERBI_TENANT_ID: 't', POWERBI_CLIENT_ID: 'c', POWERBI_CLIENT_SECRET: 's', POWERBI_API_URL: 'http://api.powerbi.com' },
      'POWERBI_API_URL',
    ],
    [
      { POWERBI_TENANT_ID: 't', POWERBI_CLIENT_ID: 'c', POWERBI_CLIENT_SECRET: 's', POWERBI_CA_FILE: '/nonexistent.pem' },
      'POWERBI_CA_FILE',
    ],
    [{ POWERBI_TENANT_ID: 't/../x', POWERBI_CLIENT_ID: 'c', POWERBI_CLIENT_SECRET: 's' }, 'POWERBI_TENANT_ID'],
    [{ NODE_ENV: 'production', JWT_SECRET: '' }, 'JWT_SECRET'],
    [{ OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'a', OIDC_TOKEN_AUTH_METHOD: 'client_secret_jwt' }, 'OIDC_TOKEN_AUTH_METHOD'],
    [{ OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'a', OIDC_TOKEN_AUTH_METHOD: 'client_secret_post' }, 'OIDC_CLIENT_SECRET'],
    [
      { OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'a', OIDC_TOKEN_AUTH_METHOD: 'private_key_jwt' },
      'OIDC_CLIENT_PRIVATE_KEY_FILE',
    ],
    [
      { OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_PRIVATE_KEY_FILE: '/nonexistent.pem' },
      'OIDC_CLIENT_PRIVATE_KEY_FILE',
    ],
    // The embedded development sign-in never runs in production.
    [{ NODE_ENV: 'production' }, 'OIDC_ISSUER'],
  ])('names the setting at fault: %j', (env, setting) => {
    let error: unknown;
    try {
      loadSettings({ ...base(), ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SettingError);
    expect((error as SettingError).setting).toBe(setting);
    expect((error as Error).message).toMatch(new RegExp(`^Invalid setting ${setting}: .+`));
    expect((error as Error).message).not.toContain('\n');
  });

  it('bootstraps admin@example.org only with the embedded provider outside production', () => {
    const external = { OIDC_ISSUER: 'https://id.example.org/realms/x', OIDC_CLIENT_ID: 'app' };
    expect(loadSettings({ ...base(), NODE_ENV: 'test' }).adminEmails).toEqual(['admin@example.org']);
    expect(loadSettings({ ...base(), ...external }).adminEmails).toEqual([]);
    const production = loadSettings({ ...base(), ...external, NODE_ENV: 'production' });
    expect(production.adminEmails).toEqual([]);
    expect(production.customizeEmailDomain).toBeUndefined();
  });

  it('reads an external provider and normalizes lists', () => {
    const s = loadSettings({
      ...base(),
      OIDC_ISSUER: 'https://id.example.org/realms/x',
      OIDC_CLIENT_ID: 'app',
      ADMIN_EMAILS: ' Boss@Example.org ,x@y.it ',
      PUBLIC_URL: 'https://calls.example.org/',
    });
    expect(s.oidc).toEqual({
      issuer: 'https://id.example.org/realms/x',
      clientId: 'app',
      clientSecret: undefined,
      tokenAuthMethod: undefined,
      privateKey: undefined,
    });
    expect(s.adminEmails).toEqual(['boss@example.org', 'x@y.it']);
    expect(s.publicUrl).toBe('https://calls.example.org');
    expect(s.customizeEmailDomain).toBeUndefined();
  });

  it('reads the SurveyJS licence key (none by default)', () => {
    expect(loadSettings(base()).surveyJsLicenseKey).toBeUndefined();
    expect(loadSettings({ ...base(), SURVEYJS_LICENSE_KEY: ' Zm9v-YmFy_123= ' }).surveyJsLicenseKey).toBe('Zm9v-YmFy_123=');
  });

  it('turns Power BI embedding on only with the whole service principal, with the public cloud by default', () => {
    expect(loadSettings(base()).powerBi).toBeUndefined();
    const s = loadSettings({
      ...base(),
      POWERBI_TENANT_ID: 'contoso.onmicrosoft.com',
      POWERBI_CLIENT_ID: 'app-id',
      POWERBI_CLIENT_SECRET: 'secret',
      POWERBI_RLS_ROLES: ' Org , Viewer ',
    });
    expect(s.powerBi).toEqual({
      tenantId: 'contoso.onmicrosoft.com',
      clientId: 'app-id',
      clientSecret: 'secret',
      authorityHost: 'https://login.microsoftonline.com',
      apiUrl: 'https://api.powerbi.com/v1.0/myorg',
      scope: 'https://analysis.windows.net/powerbi/api/.default',
      ca: undefined,
      timeoutMs: 10_000,
      rlsRoles: ['Org', 'Viewer'],
    });
  });
});
