import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './app.js';

/**
 * Presence (issue 32): who else of the organization has an application open, and on which step,
 * told live over Server-Sent Events; only to those who may read the application.
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  const server: Server = t.app.getHttpServer();
  if (!server.listening) await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface Present {
  userId: string;
  name: string;
  step: string | null;
}

/** An open stream: its connection id, and each `presence` event as it arrives. */
async function open(submissionId: string, headers: Record<string, string>, step?: string) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/presence/submissions/${submissionId}${step ? `?step=${step}` : ''}`, {
    headers,
    signal: abort.signal,
  });
  const events: { event: string; data: unknown }[] = [];
  const waiting: (() => void)[] = [];
  if (res.ok)
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) });
            for (const wake of waiting.splice(0)) wake();
          }
        }
      } catch {
        // aborted
      }
    })();
  const next = async (match: (others: Present[]) => boolean, from = 0): Promise<Present[]> => {
    const deadline = Date.now() + 2_000;
    for (;;) {
      const found = events.slice(from).find((e) => e.event === 'presence' && match((e.data as { others: Present[] }).others));
      if (found) return (found.data as { others: Present[] }).others;
      if (Date.now() > deadline) throw new Error(`no matching presence event in ${JSON.stringify(events)}`);
      await new Promise<void>((wake) => {
        waiting.push(wake);
        setTimeout(wake, 100);
      });
    }
  };
  const hello = async () => {
    const deadline = Date.now() + 2_000;
    while (!events.some((e) => e.event === 'hello') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return (events.find((e) => e.event === 'hello')?.data as { connectionId: string }).connectionId;
  };
  return { status: res.status, contentType: res.headers.get('content-type'), events, next, hello, close: () => abort.abort() };
}

describe('presence on an application', () => {
  it('tells each member who else has it open and on which step, live, and when they leave', async () => {
    const call = await t.factory.call();
    const a = await t.factory.applicant(call.id);
    const b = await t.factory.user({ firstName: 'Bea', lastName: 'Rossi' });
    await t.db.query(`INSERT INTO organization_member (organization_id, user_id, role) VALUES ($1, $2, 'owner')`, [a.orgId, b.id]);

    const first = await open(a.submissionId, a.h, 'one');
    expect(first.status).toBe(200);
    expect(first.contentType).toContain('text/event-stream');
    expect(await first.next((o) => o.length === 0)).toEqual([]);

    const second = await open(a.submissionId, b.headers(a.orgId), 'two');
    expect(await first.next((o) => o.length === 1)).toEqual([{ userId: b.id, name: 'Bea Rossi', step: 'two' }]);
    expect(await second.next((o) => o.length === 1)).toEqual([{ userId: a.user.id, name: 'Ada Lovelace', step: 'one' }]);

    const connectionId = await second.hello();
    await t.http
      .put(`/api/presence/submissions/${a.submissionId}`)
      .set(b.headers(a.orgId))
      .send({ connectionId, step: 'three' })
      .expect(204);
    expect(await first.next((o) => o[0]?.step === 'three')).toEqual([{ userId: b.id, name: 'Bea Rossi', step: 'three' }]);

    // Someone else's connection cannot be moved.
    await t.http.put(`/api/presence/submissions/${a.submissionId}`).set(a.h).send({ connectionId, step: 'x' }).expect(404);
    await t.http.put(`/api/presence/submissions/${a.submissionId}`).set(a.h).send({ connectionId: 'nope', step: 'x' }).expect(400);

    second.close();
    const seen = first.events.length;
    expect(await first.next((o) => o.length === 0, seen)).toEqual([]);
    first.close();
  });

  it('is refused (404) to another organization, before any byte of the stream', async () => {
    const call = await t.factory.call();
    const a = await t.factory.applicant(call.id);
    const other = await t.factory.applicant(call.id);
    const refused = await open(a.submissionId, other.h);
    expect(refused.status).toBe(404);
    const anonymous = await open(a.submissionId, {});
    expect(anonymous.status).toBe(401);
  });
});
