import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * The example framework and the empty template live in `docs/examples/` (made by
 * `scripts/make-example-framework.mjs`). This module sits at the same depth under
 * `api/src/` and `api/dist/`, so the folder is found from either.
 */
export const EXAMPLES_DIR = fileURLToPath(new URL('../../../../docs/examples/', import.meta.url));
export const EXAMPLE_FRAMEWORK_FILE = 'impact-framework-example.xlsx';
export const FRAMEWORK_TEMPLATE_FILE = 'impact-framework-template.xlsx';

export function readExampleFile(name: typeof EXAMPLE_FRAMEWORK_FILE | typeof FRAMEWORK_TEMPLATE_FILE): Promise<Buffer> {
  return readFile(EXAMPLES_DIR + name);
}
