// The import rules of docs/architecture.md (.dependency-cruiser.cjs) and the table owners (table-owners.mjs), run from `npm run lint`.
// Uses dependency-cruiser's API rather than its command line, to print the folder loops itself.
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';
import { tableOwnerViolations } from './table-owners.mjs';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');
const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['api/src', 'applicant-ui/src', 'admin-ui/src', 'libs'];
const result = await cruise(roots, { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } });
const { summary, modules } = result.output;
if (summary.error > 0) {
  for (const v of summary.violations) console.error(`${v.rule.name}: ${v.from} -> ${v.to}`);
  console.error(`\n${summary.error} import(s) against the rules of docs/architecture.md (.dependency-cruiser.cjs)`);
  process.exit(1);
}
const cycles = folderCycles(modules);
if (cycles.length) {
  for (const c of cycles) console.error(`folder cycle: ${c.folders.join(' <-> ')}\n  ${c.examples.join('\n  ')}`);
  console.error(
    `\n${cycles.length} folder cycle(s) in api/src: a folder's code imports a folder that imports it back (docs/architecture.md)`,
  );
  process.exit(1);
}
const writes = tableOwnerViolations();
if (writes.length) {
  for (const w of writes) console.error(w);
  console.error(`\n${writes.length} write(s) of a table by a folder that does not own it (scripts/table-owners.mjs, docs/architecture.md)`);
  process.exit(1);
}
console.log(
  `architecture: ${summary.totalCruised} modules, ${summary.totalDependenciesCruised} imports, no rule broken, no folder cycle in api/src, every table written by its owner only`,
);

/**
 * The folders of api/src (common, config, database, each modules/<name>) and the imports
 * between them: any group of folders that reach one another is a cycle (Tarjan's strongly
 * connected components). The entry files at the top of api/src (main.ts, app.module.ts, ...)
 * import everything and are no folder.
 */
function folderCycles(cruised) {
  const folderOf = (path) => /^api\/src\/(modules\/[^/]+|[^/]+)\//.exec(path)?.[1];
  const edges = new Map();
  for (const m of cruised) {
    const from = folderOf(m.source);
    if (!from) continue;
    for (const d of m.dependencies) {
      const to = folderOf(d.resolved);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${m.source} -> ${d.resolved}`);
    }
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = stack.splice(stack.indexOf(v));
    if (group.length < 2) return;
    const examples = group.flatMap((a) => group.map((b) => edges.get(a)?.get(b)).filter(Boolean));
    found.push({ folders: group, examples });
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}
