import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from '@swc/core';

const SWC = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, importAttributes: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2023',
    experimental: { keepImportAttributes: true, emitAssertForImportAttributes: false },
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

/** `./x.js` imports of the sources name `./x.ts` files. */
export async function resolve(specifier, context, next) {
  if (context.parentURL?.includes('/api/') && !context.parentURL.includes('/node_modules/') && /^\.{1,2}\/.*\.js$/.test(specifier)) {
    const ts = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (existsSync(fileURLToPath(ts))) return next(ts.href, context);
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts') || url.includes('/node_modules/')) return next(url, context);
  const source = await readFile(fileURLToPath(url), 'utf8');
  const { code } = await transform(source, { ...SWC, filename: fileURLToPath(url) });
  return { format: 'module', source: code, shortCircuit: true };
}
