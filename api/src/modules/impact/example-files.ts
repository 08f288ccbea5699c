import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** docs/examples/ (scripts/make-example-framework.mjs), found from api/src/ and api/dist/ alike: this module sits at the same depth in both. */
export const EXAMPLES_DIR = fileURLToPath(new URL('../../../../docs/examples/', import.meta.url));
export const EXAMPLE_FRAMEWORK_FILE = 'impact-framework-example.xlsx';
export const FRAMEWORK_TEMPLATE_FILE = 'impact-framework-template.xlsx';

export function readExampleFile(name: typeof EXAMPLE_FRAMEWORK_FILE | typeof FRAMEWORK_TEMPLATE_FILE): Promise<Buffer> {
  return readFile(EXAMPLES_DIR + name);
}
