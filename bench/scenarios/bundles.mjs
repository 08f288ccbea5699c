// What each app's browser loads before its first screen: the entry script of dist/index.html,
// the chunks it modulepreloads and, transitively, every chunk a loaded one imports statically
// (dynamic imports are left out: lazy screens, the editor, other languages). Reported per app:
// kB (1,000 bytes) raw and gzipped (level 9) per chunk and in total, and the stylesheets apart.
// Needs no product; builds an app first when its sources are newer than its dist.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from '../../scripts/build.mjs';

export const name = 'bundles';
/** Runs without the database and the product. */
export const standalone = true;

const APPS = [
  { name: 'applicant-ui', base: '/' },
  { name: 'admin-ui', base: '/admin/' },
];
const root = new URL('../../', import.meta.url).pathname;

/** Static `import … from "x"`, `import "x"` and `export … from "x"` of a minified ES module. */
const STATIC_IMPORT = /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;

function attr(tag, name) {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/** The entry scripts, modulepreloads and stylesheets index.html names, as paths under dist/. */
export function htmlAssets(html, base) {
  const toFile = (href) => (href.startsWith(base) ? href.slice(base.length) : href.replace(/^\//, ''));
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((t) => attr(t, 'type') === 'module' && attr(t, 'src'));
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
  return {
    entries: scripts.map((t) => toFile(attr(t, 'src'))),
    preloads: links.filter((t) => attr(t, 'rel') === 'modulepreload').map((t) => toFile(attr(t, 'href'))),
    styles: links.filter((t) => attr(t, 'rel') === 'stylesheet').map((t) => toFile(attr(t, 'href'))),
  };
}

export function staticImports(code) {
  return [...code.matchAll(STATIC_IMPORT)].map((m) => m[1]).filter((s) => s.startsWith('.') || s.startsWith('/'));
}

const sizes = (file) => {
  const bytes = readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kb = (n) => +(n / 1000).toFixed(1);

/** The first load of one built app (its dist/ folder). */
export function firstLoad(dist, base) {
  const { entries, preloads, styles } = htmlAssets(readFileSync(join(dist, 'index.html'), 'utf8'), base);
  const seen = new Set();
  const queue = [...entries, ...preloads];
  while (queue.length) {
    const file = posix.normalize(queue.shift());
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of staticImports(readFileSync(join(dist, file), 'utf8'))) {
      queue.push(spec.startsWith('/') ? spec.slice(base.length) : posix.join(posix.dirname(file), spec));
    }
  }
  const chunks = [...seen].map((file) => ({ file, ...sizes(join(dist, file)) })).sort((a, b) => b.gzip - a.gzip);
  const css = styles.map((file) => ({ file, ...sizes(join(dist, file)) }));
  const sum = (list, key) => list.reduce((n, c) => n + c[key], 0);
  return {
    rawKb: kb(sum(chunks, 'raw')),
    gzipKb: kb(sum(chunks, 'gzip')),
    chunks: chunks.map((c) => ({ file: c.file, rawKb: kb(c.raw), gzipKb: kb(c.gzip) })),
    cssGzipKb: kb(sum(css, 'gzip')),
  };
}

export async function run() {
  const out = {};
  build({ only: ['libs/domain', ...APPS.map((a) => a.name)] });
  for (const app of APPS) {
    const r = firstLoad(join(root, app.name, 'dist'), app.base);
    out[`${app.name} first load`] = r;
    console.log(`${app.name}: ${r.gzipKb} kB gzipped (${r.rawKb} kB raw), ${r.chunks.length} chunks`);
    for (const c of r.chunks) console.log(`  ${c.file.padEnd(48)} ${String(c.gzipKb).padStart(7)} kB gz ${String(c.rawKb).padStart(8)} kB`);
  }
  return out;
}
