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
    [{ NODE_ENV: 'production', JWT_SECRET: '' }, 'JWT_SECRET'],
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

  it('reads an external provider and normalizes lists', () => {
    const s = loadSettings({ ...base(), OIDC_ISSUER: 'https://id.example.org/realms/x', OIDC_CLIENT_ID: 'app', ADMIN_EMAILS: ' Boss@Example.org ,x@y.it ', PUBLIC_URL: 'https://calls.example.org/' });
    expect(s.oidc).toEqual({ issuer: 'https://id.example.org/realms/x', clientId: 'app', clientSecret: undefined });
    expect(s.adminEmails).toEqual(['boss@example.org', 'x@y.it']);
    expect(s.publicUrl).toBe('https://calls.example.org');
    expect(s.customizeEmailDomain).toBeUndefined();
  });
});
