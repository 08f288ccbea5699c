// `npm test`: every test of the product. Builds, checks the generated contract, then runs
// domain, API, UI and end-to-end tests. Works with no DATABASE_URL (embedded PostgreSQL)
// and with DATABASE_URL pointing at a server.
import './node-version.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { build } from './build.mjs';

const only = process.argv.slice(2);
const steps = [
  ['openapi', 'node', ['scripts/openapi.mjs', '--check']],
  ['domain', 'npm', ['test', '-w', 'libs/domain', '--silent']],
  ['api', 'npm', ['test', '-w', 'api', '--silent']],
  ['step-views', 'npm', ['test', '-w', 'libs/step-views', '--silent']],
  ['applicant-ui', 'npm', ['test', '-w', 'applicant-ui', '--silent']],
  ['admin-ui', 'npm', ['test', '-w', 'admin-ui', '--silent']],
  ['e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
];

build();
const results = [];
for (const [name, cmd, args] of steps) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (name === 'e2e' && !existsSync(chromium)) {
    // Said once, instead of every end-to-end test failing on its own.
    console.log(`No Chromium at ${chromium}: install Debian's (apt-get install chromium) or set CHROMIUM_PATH.`);
    results.push({ name, ok: false, seconds: 0 });
    continue;
  }
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  results.push({ name, ok: r.status === 0, seconds: (Date.now() - started) / 1000 });
}
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(0)} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`suites: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
