import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { useSessionInBrowser } from '../fixtures';
import { uniqueEmail } from '../pages/SignInPage';
import { E2E } from './env';
import { userSession, type TestUser } from './session';

export type Language = 'it' | 'en' | 'fr';

export interface Applicant {
  me: TestUser;
  orgId: string;
  /** Bearer token and SelectedOrganizationId: the applicant's API calls. */
  headers: Record<string, string>;
}

/** A new user with an organization (through the API), not yet in any browser. */
export async function applicant(request: APIRequestContext, tag: string, firstName = 'Bruna', lastName = 'Rossi'): Promise<Applicant> {
  const email = uniqueEmail(tag.replace(/[^a-z0-9]+/gi, '-'));
  const me = await userSession(email, { firstName, lastName });
  const res = await request.post('/api/Organization/CreateOrganization', {
    headers: me.headers,
    data: {
      name: `Cooperativa ${tag} ${Date.now().toString(36)}`,
      reg_number: 'IT01234567890',
      street_name: 'Via Roma 1',
      city_name: 'Torino',
      country: 'Italia',
      contact_name: firstName,
      contact_surname: lastName,
      contact_role: 'Presidente',
      contact_email: email,
      personalData: true,
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const orgId = ((await res.json()) as { id: string }).id;
  return { me, orgId, headers: { ...me.headers, SelectedOrganizationId: orgId } };
}

/** Signs the applicant in the browser, in a language (the remembered choice of the language menu). */
export async function signIn(page: Page, a: Applicant, language: Language): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('ic_language', l), language);
  await useSessionInBrowser(page, a.me);
  await page.context().addCookies([{ name: 'ic_organization', value: a.orgId, url: E2E.baseURL }]);
}

/** The applicant's submission of a call (UpsertCallSubmission). */
export async function start(request: APIRequestContext, a: Applicant, callId: string): Promise<string> {
  const res = await request.post('/api/Call/UpsertCallSubmission', { headers: a.headers, data: { callId } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { id: string }).id;
}

export async function saveAnswer(request: APIRequestContext, a: Applicant, submissionId: string, stepId: string, content: object) {
  const res = await request.post('/api/Call/UpsertCallStepResult', {
    headers: a.headers,
    data: { callSubmissionId: submissionId, stepId, content },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function closeSubmission(request: APIRequestContext, a: Applicant, submissionId: string): Promise<void> {
  const res = await request.post(`/api/Call/CloseCallSubmission?callSubmissionId=${submissionId}`, { headers: a.headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** The steps of a call as the console's API answers them (ids by name). */
export async function stepIds(
  request: APIRequestContext,
  headers: Record<string, string>,
  callId: string,
): Promise<Record<string, string>> {
  const res = await request.get(`/api/Call/GetCallByIdAdmin?id=${callId}`, { headers });
  expect(res.status()).toBe(200);
  const steps = ((await res.json()) as { callType: { steps: { id: string; name: string }[] } }).callType.steps;
  return Object.fromEntries(steps.map((s) => [s.name, s.id]));
}
