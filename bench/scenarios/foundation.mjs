// Issue 2: GetConfig and health against the bare baseline, and the start times.
import { load } from '../lib.mjs';

export const name = 'foundation';

export async function run({ product, baseline }) {
  const out = {};
  const routes = {
    'GET /api/Config/GetConfig': '/api/Config/GetConfig',
    'GET /api/health': '/api/health',
  };
  for (const [label, path] of Object.entries(routes)) {
    const p = await load(product.url + path, { pid: product.pid });
    const b = await load(baseline.url + path);
    out[label] = { product: p, baseline: b, ratio: +(p.requestsPerSecond / b.requestsPerSecond).toFixed(2) };
  }
  return out;
}

export const baselineRoutes = {
  '/api/Config/GetConfig': { sql: 'SELECT * FROM configuration WHERE is_active = true LIMIT 1', single: true },
  '/api/health': { sql: 'SELECT 1', single: true },
};
