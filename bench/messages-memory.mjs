// The message to 10,000 of the messages scenario, alone or (RUSH=1) with the deadline rush, the
// product's memory logged: a diagnosis, not a scenario. Usage (DATABASE_URL: a PostgreSQL server):
//   BENCH_NODE_FLAGS="--expose-gc --import ./bench/memory-log.mjs" MEMLOG_DIR=/tmp node bench/messages-memory.mjs
// The product's log (MEMLOG_DIR/mem-<pid>.log) has its memory every 250 ms, the heap after a full
// collection before and after the send, and MEMLOG_DIR/heap-<pid>.json a sampling heap profile of
// the send (the objects that outlived young collections included).
import { createDatabase, dropDatabase, startProduct, sampleRss, closeSessionPools } from './lib.mjs';
import { before, applicants } from './scenarios/messages.mjs';
import { client, deadlineRush, setup as rushSetup, warmUp } from './scenarios/submissions.mjs';
const server = process.env.DATABASE_URL;
const name = `ic_probe_${Date.now()}`;
const databaseUrl = await createDatabase(server, name);
let product = await startProduct({ DATABASE_URL: databaseUrl, DEMO_CONTENT: 'true' });
await product.stop();
const sink = await before();
product = await startProduct({ DATABASE_URL: databaseUrl, ...sink.env });
const { received } = sink;
const { callId, headers } = await applicants(databaseUrl, product);
const mark = (s) => console.log(`${(Date.now() / 1000).toFixed(1)} ${s}`);
let b;
if (process.env.RUSH) {
  b = await rushSetup({ product, databaseUrl });
  var http = client(product.url);
  await warmUp(http, b.rush, b.early, b.uploaders, b.steps);
  mark('warmed');
}
await new Promise((r) => setTimeout(r, 3000));
process.kill(product.pid, 'SIGWINCH');
await new Promise((r) => setTimeout(r, 1000));
const rss = sampleRss(product.pid);
mark('send');
const start = received.batch;
const res = await fetch(`${product.url}/api/SendEmail/SendEmail`, {
  method: 'POST',
  headers,
  body: JSON.stringify({
    callId,
    states: ['in-progress'],
    subject: 'News for {{organizationName}}',
    body: '<p>Dear {{recipientName}}, the call <strong>{{callName}}</strong> has news.</p>',
  }),
});
const answer = await res.json();
mark(`queued ${answer.queued}`);
if (b) {
  const d = await deadlineRush(product, databaseUrl, b.rush, b.steps, http);
  mark(`rush p99 ${d.save.p99}`);
}
while (received.batch - start < answer.queued) await new Promise((r) => setTimeout(r, 200));
mark(`delivered; rss peak ${rss.stop()}`);
await new Promise((r) => setTimeout(r, 2000));
process.kill(product.pid, 'SIGWINCH');
await new Promise((r) => setTimeout(r, 1000));
await product.stop();
await sink.stop();
await closeSessionPools();
await dropDatabase(server, name);
