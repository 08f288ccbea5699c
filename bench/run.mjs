// `npm run bench`: builds the product, starts it on a fresh database (demo content on),
// runs every scenario of bench/scenarios/ (or those named on the command line), each against a
// freshly started product on that database (bench/lib.mjs runScenario),
// and against a bare node:http + pg baseline, prints the figures and writes them to
// bench/results/.
import { readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { build } from '../scripts/build.mjs';
import { closeSessionPools, dropDatabase, prepareDatabase, runScenario, startPostgres } from './lib.mjs';

const only = process.argv.slice(2);
const files = readdirSync(new URL('./scenarios/', import.meta.url)).filter((f) => f.endsWith('.mjs'));
const scenarios = [];
for (const f of files.sort()) {
  const s = await import(new URL(`./scenarios/${f}`, import.meta.url));
  if (!only.length || only.includes(s.name)) scenarios.push(s);
}

const results = { date: new Date().toISOString(), machine: `${process.platform} ${process.arch}, node ${process.version}`, scenarios: {} };

// Scenarios that measure the build alone (`standalone`) need no database and no product.
for (const s of scenarios.filter((s) => s.standalone)) {
  console.log(`\n## ${s.name}`);
  results.scenarios[s.name] = await s.run({});
}
const served = scenarios.filter((s) => !s.standalone);
if (served.length) await runServed(served);

function writeResults() {
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const file = new URL(`./results/${only.length ? only.join('-') : 'all'}-latest.json`, import.meta.url);
  writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
  console.log(`\nwrote ${file.pathname}`);
}
writeResults();

async function runServed(scenarios) {
  build({ only: ['libs/domain', 'api'] });
  const server = await startPostgres();
  const databaseName = `ic_bench_${Date.now()}`;
  // Start times: the first start migrates an empty database and loads the demo content.
  const { databaseUrl, startSeconds } = await prepareDatabase(server.url, databaseName);
  results.startSeconds = startSeconds;
  console.log(`start: first ${startSeconds.first.toFixed(1)} s, later ${startSeconds.later.toFixed(1)} s`);

  for (const s of scenarios) {
    const r = await runScenario(s, { databaseUrl, serverUrl: server.url });
    results.scenarios[s.name] = r;
    for (const [label, v] of Object.entries(r)) {
      if (v && v.product) {
        console.log(
          `${label}: product ${v.product.requestsPerSecond} req/s (p50 ${v.product.p50} ms, p99 ${v.product.p99} ms, errors ${v.product.errors}` +
            `${v.product.cpuMsPerRequest !== undefined ? `, CPU ${v.product.cpuMsPerRequest} ms/request` : ''})` +
            ` | baseline ${v.baseline.requestsPerSecond} req/s (p99 ${v.baseline.p99} ms) | ratio ${v.ratio}`,
        );
      } else {
        console.log(`${label}: ${JSON.stringify(v)}`);
      }
    }
  }

  await closeSessionPools();
  // BENCH_KEEP_DATABASE=1 keeps it, to look at its rows and plans afterwards.
  if (process.env.BENCH_KEEP_DATABASE) console.log(`kept database ${databaseName}`);
  else await dropDatabase(server.url, databaseName);
  await server.stop();
}
