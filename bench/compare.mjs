// Before and after in one run: `node bench/compare.mjs <git-ref> <scenario>...` builds the
// product at <git-ref> in a git worktree outside the repository (/tmp/ic-before-<commit>: kept
// and reused by later comparisons with the same commit, its `npm ci` and build done once; remove
// it with `git worktree remove --force <dir>`) and this tree as it is (libs/domain and api, as
// scripts/build.mjs builds them), then runs the named scenarios (this tree's bench code) against
// both products, each product on a fresh database of its own (migrated, demo content), in
// BENCH_ROUNDS rounds (default 1) whose order alternates (before-after, after-before, ...).
// Prints each figure side by side (before | after; with rounds, the median and every round's
// value) and writes bench/results/<scenario>-compare-latest.json.
// `node bench/compare.mjs --off <cache,...> <scenario>...` compares this tree with itself, the
// named caches on (before) and turned off (after, CACHES_OFF): what each cache buys.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../scripts/build.mjs';
import { closeSessionPools, dropDatabase, prepareDatabase, runScenario, startPostgres } from './lib.mjs';

const args = process.argv.slice(2);
const off = args[0] === '--off' ? args.splice(0, 2)[1] : undefined;
const [ref, ...names] = off ? ['HEAD', ...args] : args;
if (!ref || !names.length || off === '') {
  console.error('usage: node bench/compare.mjs <git-ref> <scenario>... | --off <cache,...> <scenario>...');
  process.exit(2);
}
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const git = (...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
const sh = (cwd, command, ...args) => execFileSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });

const scenarios = [];
for (const f of readdirSync(new URL('./scenarios/', import.meta.url)).filter((f) => f.endsWith('.mjs'))) {
  const s = await import(new URL(`./scenarios/${f}`, import.meta.url));
  if (names.includes(s.name)) scenarios.push(s);
}
const unknown = names.filter((n) => !scenarios.some((s) => s.name === n && !s.standalone));
if (unknown.length) throw new Error(`no served scenario named ${unknown.join(', ')}`);

// The products: <ref>'s in its worktree, built once; this tree's, rebuilt when stale.
const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
const beforeDir = off ? root : join(tmpdir(), `ic-before-${commit.slice(0, 12)}`);
// --force: a worktree registered but removed from /tmp is added again.
if (!existsSync(beforeDir)) git('worktree', 'add', '--force', '--detach', beforeDir, commit);
// npm writes node_modules/.package-lock.json last: an interrupted `npm ci` runs again.
if (!existsSync(join(beforeDir, 'node_modules', '.package-lock.json')))
  sh(beforeDir, 'npm', 'ci', '--no-audit', '--no-fund', '--prefer-offline');
// Its own scripts/build.mjs: skipped when its build stamps are up to date.
if (!off) for (const part of ['libs/domain', 'api']) sh(beforeDir, process.execPath, 'scripts/build.mjs', '--only', part);
build({ only: ['libs/domain', 'api'] });
const head = git('rev-parse', 'HEAD');
const dirty = git('status', '--porcelain', '--', 'api', 'libs/domain') !== '';
const tree = `this tree (${head.slice(0, 8)}${dirty ? ' + changes' : ''})`;
const arms = off
  ? {
      before: { dir: root, label: `${tree}, caches on` },
      after: { dir: root, label: `${tree}, CACHES_OFF=${off}`, env: { CACHES_OFF: off } },
    }
  : { before: { dir: beforeDir, label: `${ref} (${commit.slice(0, 8)})` }, after: { dir: root, label: tree } };

const runs = Object.fromEntries(scenarios.map((s) => [s.name, { before: [], after: [] }]));
const starts = { before: [], after: [] };
const server = await startPostgres();
for (let round = 0; round < ROUNDS; round++) {
  for (const arm of round % 2 ? ['after', 'before'] : ['before', 'after']) {
    // startProduct starts this arm's build, the scenarios' own starts included.
    process.env.BENCH_PRODUCT_DIR = arms[arm].dir;
    if (arms[arm].env) Object.assign(process.env, arms[arm].env);
    else delete process.env.CACHES_OFF;
    const databaseName = `ic_compare_${arm}_${Date.now()}`;
    console.log(`\n# round ${round + 1}/${ROUNDS}: ${arm}, ${arms[arm].label}`);
    const { databaseUrl, startSeconds } = await prepareDatabase(server.url, databaseName);
    starts[arm].push(startSeconds);
    for (const s of scenarios) runs[s.name][arm].push(await runScenario(s, { databaseUrl, serverUrl: server.url }));
    await closeSessionPools();
    await dropDatabase(server.url, databaseName);
  }
}
delete process.env.BENCH_PRODUCT_DIR;
delete process.env.CACHES_OFF;
await server.stop();

/** Every leaf of a scenario's figures, by its path ("label › save › p99"). */
const leaves = (v, path, out) => {
  if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) leaves(x, path ? `${path} › ${k}` : k, out);
  else out[path] = v;
  return out;
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const numeric = (xs) => xs.length > 0 && xs.every((x) => typeof x === 'number');
const cell = (xs) => {
  if (numeric(xs) && xs.length > 1) return `${+median(xs).toFixed(2)} [${xs.join(', ')}]`;
  const text = xs.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(', ');
  return text.length > 70 ? `${text.slice(0, 67)}...` : text;
};

mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
console.log(`\nbefore: ${arms.before.label} | after: ${arms.after.label}; ${ROUNDS} round(s)`);
for (const s of scenarios) {
  const flat = { before: runs[s.name].before.map((r) => leaves(r, '', {})), after: runs[s.name].after.map((r) => leaves(r, '', {})) };
  const paths = [...new Set([...flat.before, ...flat.after].flatMap((f) => Object.keys(f)))];
  const figures = {};
  console.log(`\n## ${s.name}: before | after`);
  let group;
  for (const path of paths) {
    const before = flat.before.map((f) => f[path]).filter((x) => x !== undefined);
    const after = flat.after.map((f) => f[path]).filter((x) => x !== undefined);
    figures[path] = { before, after };
    const [label, ...rest] = path.split(' › ');
    if (label !== group) console.log((group = label));
    const change =
      numeric(before) && numeric(after) && median(before) !== 0
        ? ` (${median(after) >= median(before) ? '+' : ''}${Math.round((100 * (median(after) - median(before))) / Math.abs(median(before)))}%)`
        : '';
    console.log(`  ${rest.join(' › ') || '(value)'}: ${cell(before)} | ${cell(after)}${change}`);
  }
  const file = new URL(`./results/${s.name}-${off ? `off-${off.replace(/,/g, '-')}` : 'compare'}-latest.json`, import.meta.url);
  const result = {
    date: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    before: off ? { cachesOn: true } : { ref, commit, dir: beforeDir },
    after: off ? { commit: head, uncommittedChanges: dirty, cachesOff: off } : { commit: head, uncommittedChanges: dirty },
    rounds: ROUNDS,
    startSeconds: starts,
    figures,
    runs: runs[s.name],
  };
  writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  console.log(`wrote ${file.pathname}`);
}
