// Which parts of the product need building: a part is stale when any of its sources is
// newer than its build stamp. Lets `npm start` skip work on later starts.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PARTS = [
  {
    name: 'libs/domain',
    sources: ['libs/domain/src', 'libs/domain/package.json', 'libs/domain/tsconfig.json'],
    stamp: 'libs/domain/dist/.stamp',
  },
  {
    name: 'api',
    sources: ['api/src', 'api/package.json', 'api/tsconfig.json', 'api/tsconfig.build.json', 'libs/domain/src'],
    stamp: 'api/dist/.stamp',
  },
  {
    name: 'applicant-ui',
    sources: [
      'applicant-ui/src',
      'applicant-ui/index.html',
      'applicant-ui/vite.config.ts',
      'applicant-ui/public',
      'libs/domain/src',
      'libs/api-client/src',
      'libs/step-views/src',
    ],
    stamp: 'applicant-ui/dist/.stamp',
  },
  {
    name: 'admin-ui',
    sources: [
      'admin-ui/src',
      'admin-ui/index.html',
      'admin-ui/vite.config.ts',
      'libs/domain/src',
      'libs/api-client/src',
      'libs/step-views/src',
    ],
    stamp: 'admin-ui/dist/.stamp',
  },
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

export function isStale(part) {
  if (!existsSync(part.stamp)) return true;
  const built = statSync(part.stamp).mtimeMs;
  return part.sources.some((s) => newest(s) > built);
}

export function markBuilt(part) {
  writeFileSync(part.stamp, new Date().toISOString());
}
