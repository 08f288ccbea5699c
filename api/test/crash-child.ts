/**
 * A real API process for the crash test (run by messages.spec.ts with `node --import
 * ./test/swc-loader.mjs`): it boots on the database and settings of its environment, makes an
 * applicant close a complete submission, prints `closed <submission id>`, and keeps running (its
 * SMTP server hangs) until the test kills it with SIGKILL.
 */
import 'reflect-metadata';
import { createTestApp } from './app.js';

const t = await createTestApp(
  { SMTP_URL: process.env.CHILD_SMTP_URL!, MAIL_ATTEMPT_TIMEOUT_SECONDS: '3', MAIL_RETRY_DELAY_SECONDS: '1' },
  process.env.CHILD_DATABASE_URL!,
);
const call = await t.factory.call({ steps: [{ kind: 'text', content: { html: '<p>Hello</p>' } }] });
const a = await t.factory.applicant(call.id);
const res = await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${a.submissionId}`).set(a.h);
if (res.status !== 200) {
  console.log(`error ${res.status} ${res.text}`);
  process.exit(1);
}
console.log(`closed ${a.submissionId}`);
