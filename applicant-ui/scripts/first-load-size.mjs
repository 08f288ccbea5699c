// Prints the gzipped size of the JavaScript a browser loads for the first screen: the
// entry script and every modulepreload of dist/index.html (lazy screens are not counted).
// Usage: node scripts/first-load-size.mjs [distDir] [budgetKB]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
const budget = Number(process.argv[3] ?? 250);
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const base = /<script[^>]+src="([^"]+)"/.exec(html)?.[1].replace(/assets\/.*$/, '') ?? '/';
const files = [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1].slice(base.length));
let total = 0;
for (const file of [...new Set(files)]) {
  const kb = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
  total += kb;
  console.log(`${kb.toFixed(1).padStart(8)} KB  ${file}`);
}
console.log(`${total.toFixed(1).padStart(8)} KB  first-load JavaScript, gzipped (budget ${budget} KB)`);
process.exit(total > budget ? 1 : 0);
