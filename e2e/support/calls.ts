import { type APIRequestContext, expect } from '@playwright/test';
import { adminSession } from './session';

/** The step types seeded by the migration (fixed ids). */
export const STEP_KIND = {
  text: '5e0c0001-0000-4000-8000-000000000001',
  upload: '5e0c0001-0000-4000-8000-000000000002',
  miniDyi: '5e0c0001-0000-4000-8000-000000000003',
  results: '5e0c0001-0000-4000-8000-000000000004',
  survey: '5e0c0001-0000-4000-8000-000000000005',
  quiz: '5e0c0001-0000-4000-8000-000000000006',
};

const DAY = 86_400_000;

/** A call open since yesterday for 30 days, with these steps, made through the console API by the admin. */
export async function createOpenCall(
  request: APIRequestContext,
  o: { namePrefix: string; description: string; steps: Record<string, unknown>[]; extra?: Record<string, unknown> },
): Promise<{ id: string; name: string }> {
  const admin = await adminSession();
  const name = `${o.namePrefix} ${Date.now().toString(36)}`;
  const res = await request.post('/api/Call/CreateCall', {
    headers: admin.headers,
    data: {
      name,
      description: o.description,
      openingAt: new Date(Date.now() - DAY).toISOString(),
      closingAt: new Date(Date.now() + 30 * DAY).toISOString(),
      ...o.extra,
      callType: { steps: o.steps },
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return { id: ((await res.json()) as { id: string }).id, name };
}
