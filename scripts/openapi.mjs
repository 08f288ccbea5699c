// `npm run openapi`: writes openapi/openapi.json from the API's decorators and generates
// libs/api-client/src/schema.ts from it. `--check` fails when either committed file is stale.
// Both then lint openapi/openapi.json with Redocly's recommended rules (scripts/openapi-lint.mjs): an error fails.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from './build.mjs';
import { lintOpenApi } from './openapi-lint.mjs';

const check = process.argv.includes('--check');
build({ only: ['libs/domain', 'api'] });
const dir = mkdtempSync(join(tmpdir(), 'ic-openapi-'));
const spec = join(dir, 'openapi.json');
execFileSync(process.execPath, ['api/dist/openapi/sync.js', spec], { stdio: 'inherit' });
const schema = join(dir, 'schema.ts');
execFileSync(process.execPath, ['node_modules/openapi-typescript/bin/cli.js', spec, '-o', schema, '--alphabetize'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
const banner = '// Generated from openapi/openapi.json by `npm run openapi`. Do not edit.\n';
const outputs = [
  ['openapi/openapi.json', readFileSync(spec, 'utf8')],
  ['libs/api-client/src/schema.ts', banner + readFileSync(schema, 'utf8')],
];
let stale = [];
for (const [file, content] of outputs) {
  if (check) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== content) stale.push(file);
  } else {
    writeFileSync(file, content);
    console.log(`wrote ${file}`);
  }
}
if (stale.length) console.error(`Stale generated files: ${stale.join(', ')}. Run \`npm run openapi\` and commit the result.`);
else if (check) console.log('openapi.json and the API client are up to date.');
const lintErrors = await lintOpenApi('openapi/openapi.json');
if (lintErrors)
  console.error('Fix the API decorators or api/src/openapi/document.ts (never openapi.json by hand), then `npm run openapi`.');
if (stale.length || lintErrors) process.exit(1);
