// The import rules of docs/architecture.md (.dependency-cruiser.cjs), run from `npm run lint`.
// Uses dependency-cruiser's API: its command line refuses Node 20, which the product supports.
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');
const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['api/src', 'applicant-ui/src', 'admin-ui/src', 'libs'];
const result = await cruise(roots, { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } });
const { summary } = result.output;
if (summary.error > 0) {
  for (const v of summary.violations) console.error(`${v.rule.name}: ${v.from} -> ${v.to}`);
  console.error(`\n${summary.error} import(s) against the rules of docs/architecture.md (.dependency-cruiser.cjs)`);
  process.exit(1);
}
console.log(`architecture: ${summary.totalCruised} modules, ${summary.totalDependenciesCruised} imports, no rule broken`);
