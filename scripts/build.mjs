// Builds the stale parts (all of them with --all).
import './node-version.mjs';
import { execSync } from 'node:child_process';
import { PARTS, isStale, markBuilt } from './build-state.mjs';

export function build({ all = false, only } = {}) {
  for (const part of PARTS) {
    if (only && !only.includes(part.name)) continue;
    if (!all && !isStale(part)) continue;
    const started = Date.now();
    process.stdout.write(`building ${part.name}... `);
    execSync(`npm run build -w ${part.name} --silent`, { stdio: ['ignore', 'inherit', 'inherit'] });
    markBuilt(part);
    console.log(`${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `--only <part>` builds one part when stale (lint and typecheck need the domain library's types).
  const i = process.argv.indexOf('--only');
  build({ all: process.argv.includes('--all'), only: i > 0 ? [process.argv[i + 1]] : undefined });
}
