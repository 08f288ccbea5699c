/**
 * Issue 13, finding 5: a product that restarts after a crash. Each test starts a product of its
 * own (support/product.ts: the built API with its own embedded PostgreSQL), kills its API process
 * with SIGKILL, and looks at what is left and at the next start. No browser: this is about the
 * server process.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import pg from 'pg';
import { expect, test } from './fixtures';
import { databaseRuns, postmasterPid, startOwnProduct, type OwnProduct } from './support/product';
import { freePort } from './support/free-port';

const STEP_KIND = { text: '5e0c0001-0000-4000-8000-000000000001', survey: '5e0c0001-0000-4000-8000-000000000005' };
const APPLICANTS = 20;

test.describe.configure({ mode: 'serial' });

let product: OwnProduct | undefined;
test.afterEach(async () => {
  await product?.close();
  product = undefined;
});

/** An open call with a survey step, and applicants (user, organization, submission), made as the console and the app make them. */
async function applicants(p: OwnProduct) {
  const admin = await p.session('admin@example.org', { admin: true });
  const day = 86_400_000;
  const res = await fetch(`${p.url}/api/Call/CreateCall`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Crash call',
      openingAt: new Date(Date.now() - day).toISOString(),
      closingAt: new Date(Date.now() + day).toISOString(),
      callType: {
        steps: [
          { name: 'Welcome', stepTypeId: STEP_KIND.text, content: { html: '<p>Hi</p>' } },
          {
            name: 'Survey',
            stepTypeId: STEP_KIND.survey,
            content: { pages: [{ elements: [{ type: 'comment', name: 'mission' }] }] },
          },
        ],
      },
    }),
  });
  const call = (await res.json()) as { id: string; callType: { steps: { id: string; name: string }[] } };
  expect(res.status).toBe(200);
  const stepId = call.callType.steps.find((s) => s.name === 'Survey')!.id;
  const out: { headers: Record<string, string>; submissionId: string }[] = [];
  for (let i = 0; i < APPLICANTS; i++) {
    const user = await p.session(`crash-${i}@applicant.test`);
    const headers = { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' };
    const org = await fetch(`${p.url}/api/Organization/CreateOrganization`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `Crash org ${i}`,
        reg_number: 'IT01234567890',
        street_name: 'Via Roma 1',
        city_name: 'Milano',
        country: 'Italia',
        contact_name: 'Ada',
        contact_surname: 'Lovelace',
        contact_role: 'Director',
        contact_email: 'ada@applicant.test',
        personalData: true,
      }),
    });
    const orgId = ((await org.json()) as { id: string }).id;
    const withOrg = { ...headers, SelectedOrganizationId: orgId };
    const sub = await fetch(`${p.url}/api/Call/UpsertCallSubmission`, {
      method: 'POST',
      headers: withOrg,
      body: JSON.stringify({ callId: call.id }),
    });
    out.push({ headers: withOrg, submissionId: ((await sub.json()) as { id: string }).id });
  }
  return { stepId, applicants: out };
}

test('after kill -9 in the middle of saves, the next start serves within 10 s and every confirmed save is there', async () => {
  test.setTimeout(180_000);
  product = await startOwnProduct();
  const p = product;
  const { stepId, applicants: people } = await applicants(p);

  // Every applicant autosaves again and again, each save with the version the last one answered.
  const confirmed = new Map<string, { version: number; text: string }>();
  let stop = false;
  let killedAt = Infinity;
  const loops = people.map(async (a, i) => {
    let version = 0;
    for (let n = 0; !stop; n++) {
      const text = `applicant ${i}, save ${n}`;
      try {
        const res = await fetch(`${p.url}/api/Call/UpsertCallStepResult`, {
          method: 'POST',
          headers: a.headers,
          body: JSON.stringify({ callSubmissionId: a.submissionId, stepId, content: { data: { mission: text } }, version }),
        });
        if (res.status !== 200) throw new Error(`save answered ${res.status}`);
        const body = (await res.json()) as { version: number };
        version = body.version;
        confirmed.set(a.submissionId, { version, text });
      } catch {
        if (performance.now() < killedAt) throw new Error(`a save failed before the kill: applicant ${i}`);
        return; // the API is gone: what it confirmed must survive
      }
    }
  });
  await new Promise((r) => setTimeout(r, 1500));
  killedAt = performance.now();
  await p.kill();
  stop = true;
  await Promise.all(loops);
  expect(confirmed.size).toBe(APPLICANTS);

  const seconds = await p.start();
  console.log(`serving again ${seconds.toFixed(1)} s after the start that followed the kill`);
  expect(seconds).toBeLessThan(10);
  expect(p.log()).not.toContain('undefined');

  const db = new pg.Client({ connectionString: p.databaseUrl });
  await db.connect();
  try {
    for (const a of people) {
      const { rows } = await db.query<{ version: number; content: { data: { mission: string } } }>(
        'SELECT version, content FROM step_result WHERE submission_id = $1 AND step_id = $2',
        [a.submissionId, stepId],
      );
      const saved = confirmed.get(a.submissionId)!;
      // A save sent just before the kill may have committed without its answer arriving: never older than the last confirmed.
      expect(rows[0].version).toBeGreaterThanOrEqual(saved.version);
      if (rows[0].version === saved.version) expect(rows[0].content.data.mission).toBe(saved.text);
    }
  } finally {
    await db.end();
  }
  // And it works: a read through the API.
  const again = await fetch(`${p.url}/api/Call/GetSubmissionByID?submissionId=${people[0].submissionId}`, { headers: people[0].headers });
  expect(again.status).toBe(200);
});

test('the embedded PostgreSQL does not outlive a killed product: its watchdog stops it', async () => {
  test.setTimeout(120_000);
  product = await startOwnProduct();
  const server = postmasterPid(product.pgDataDir)!;
  expect(databaseRuns(product.pgDataDir)).toBe(true);
  await product.kill();
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && isAlive(server)) await new Promise((r) => setTimeout(r, 100));
  expect(isAlive(server)).toBe(false);
  // Nothing of the product is left: no watchdog either. It exits once it has seen its server go
  // (it looks every 50 ms, then node exits), which may be just after the server's pid is gone.
  const watchdog = `embedded-watchdog.js ${product.child.pid} `;
  await expect.poll(() => spawnSync('pgrep', ['-f', watchdog]).status, { timeout: 10_000, message: `${watchdog}is still running` }).toBe(1);
});

test('a leftover server is stopped by the next start, even without its watchdog', async () => {
  test.setTimeout(120_000);
  product = await startOwnProduct();
  const apiPid = product.child.pid!;
  const watchdog = spawnSync('pgrep', ['-f', `embedded-watchdog.js ${apiPid} `])
    .stdout.toString()
    .trim();
  expect(watchdog).toMatch(/^\d+$/);
  const server = postmasterPid(product.pgDataDir)!;
  process.kill(Number(watchdog), 'SIGKILL');
  await product.kill();
  await new Promise((r) => setTimeout(r, 1000));
  expect(isAlive(server)).toBe(true); // left running, holding the data folder
  const seconds = await product.start();
  expect(seconds).toBeLessThan(10);
  expect(isAlive(server)).toBe(false);
  expect(product.log()).toContain('was left running');
});

test('a start that fails says why in one line, never `undefined`', async () => {
  test.setTimeout(120_000);
  // The embedded PostgreSQL's port is taken by something else.
  const blocker = createServer();
  const port = await freePort();
  await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', () => r()));
  try {
    const failure = await startOwnProduct({ EMBEDDED_PG_PORT: String(port) }).then(
      () => 'it started',
      (e: Error) => e.message,
    );
    expect(failure).toMatch(/Impact Calls could not start: The embedded PostgreSQL .* could not start: .*(could not|already)/);
    expect(failure).not.toMatch(/^\s*undefined\s*$/m);
  } finally {
    blocker.close();
  }
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
