// Lints an OpenAPI document with Redocly's `recommended` ruleset (@redocly/openapi-core, the engine of
// `redocly lint`). `npm run openapi` and `npm run openapi:check` (so `npm run check`) run it on
// openapi/openapi.json; `node scripts/openapi-lint.mjs [file]` runs it alone. Errors fail; warnings are shown.
import { createConfig, formatProblems, getTotals, lint } from '@redocly/openapi-core';

/** Redocly's recommended rules, none turned off: a rule that is wrong for this API goes here, with the reason beside it. */
const RULES = { extends: ['recommended'] };

/** Lints `file`; prints the problems and answers how many errors there are. */
export async function lintOpenApi(file = 'openapi/openapi.json') {
  const config = await createConfig(RULES);
  const problems = await lint({ ref: file, config });
  const totals = getTotals(problems);
  if (problems.length) formatProblems(problems, { format: 'stylish', totals, version: 'openapi-core' });
  console.log(`${file}: Redocly recommended, ${totals.errors} error(s), ${totals.warnings} warning(s).`);
  return totals.errors;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if ((await lintOpenApi(process.argv[2])) > 0) process.exit(1);
}
